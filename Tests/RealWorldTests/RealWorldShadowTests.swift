// Shadows as card and button code sets them: a `shadowPath` matching the rounded card (the performance advice in
// Apple's documentation), the shadow that `masksToBounds` removes and the container-view fix for it, and a shadow
// path that reaches beyond the layer.

import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// A white card of `frame` with a hard black shadow of opacity 0.5, offset 4 points down, following its rounded
/// outline through `shadowPath`.
func makeCard(frame: CGRect) -> CALayer {
    let card = CALayer()
    card.frame = frame
    card.backgroundColor = UIColor.white.cgColor
    card.cornerRadius = 8
    card.shadowColor = UIColor.black.cgColor
    card.shadowOpacity = 0.5
    card.shadowOffset = CGSize(width: 0, height: 4)
    card.shadowRadius = 0
    card.shadowPath = UIBezierPath(roundedRect: card.bounds, cornerRadius: 8).cgPath
    return card
}

/// Half-transparent black: the hard shadow on a transparent background.
let halfBlack = Pixel(red: 0, green: 0, blue: 0, alpha: 128)

@Suite("Real world: shadows")
struct RealWorldShadowTests {
    @Test("a card with a shadowPath: a 4-point band of 50 % black under its bottom edge, nothing at its sides")
    func cardShadow() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        root.addSublayer(makeCard(frame: CGRect(x: 20, y: 20, width: 60, height: 40)))
        let picture = screen(root, width: 100, height: 80)
        #expect(picture[50, 40] == .white)
        #expect(
            picture[50, 61].isClose(to: halfBlack, tolerance: 1) && picture[50, 63].isClose(to: halfBlack, tolerance: 1)
        )
        #expect(picture[50, 65] == .clear)
        #expect(picture[18, 40] == .clear && picture[81, 40] == .clear)
        // The band follows the rounded corners: the shadow's own corner at (20, 24 + 40) is cut.
        #expect(picture[20, 63] == .clear)
    }

    @Test("masksToBounds on the card clips its shadow away, as on iOS; a container with the shadow keeps it")
    func masksToBoundsRemovesTheShadow() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        let clipped = makeCard(frame: CGRect(x: 20, y: 20, width: 60, height: 40))
        clipped.masksToBounds = true
        root.addSublayer(clipped)
        var picture = screen(root, width: 100, height: 80)
        #expect(picture[50, 62] == .clear)
        // The usual fix: the shadow on an outer layer, the clipping on an inner one.
        let container = makeCard(frame: CGRect(x: 20, y: 20, width: 60, height: 40))
        container.backgroundColor = nil
        let content = CALayer()
        content.frame = container.bounds
        content.backgroundColor = UIColor.red.cgColor
        content.cornerRadius = 8
        content.masksToBounds = true
        container.addSublayer(content)
        clipped.removeFromSuperlayer()
        root.addSublayer(container)
        picture = screen(root, width: 100, height: 80)
        #expect(picture[50, 62].isClose(to: halfBlack, tolerance: 1))
        #expect(picture[50, 40] == .red && picture[20, 20] == .clear)
    }

    @Test("a shadowPath reaching 20 points beyond the layer casts its shadow there too")
    func pathBeyondTheLayer() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        let chip = CALayer()
        chip.frame = CGRect(x: 20, y: 20, width: 20, height: 20)
        chip.backgroundColor = UIColor.blue.cgColor
        chip.shadowOpacity = 1
        chip.shadowRadius = 0
        chip.shadowOffset = .zero
        chip.shadowPath = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 40, height: 20)).cgPath
        root.addSublayer(chip)
        let picture = screen(root, width: 100, height: 60)
        #expect(picture[30, 30] == .blue)
        #expect(picture[50, 30] == Pixel(red: 0, green: 0, blue: 0, alpha: 255))
        #expect(picture[62, 30] == .clear)
    }

    @Test("a soft shadow without a path (radius 6) fades with distance below the layer and is gone 4 radii away")
    func softShadowFromContent() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 80, height: 100)
        let button = CALayer()
        button.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        button.backgroundColor = UIColor.red.cgColor
        button.shadowOpacity = 0.8
        button.shadowRadius = 6
        button.shadowOffset = CGSize(width: 0, height: 3)
        root.addSublayer(button)
        let picture = screen(root, width: 80, height: 100)
        let below = (61..<90).map { picture[40, $0].alpha }
        #expect(below[0] > 0 && below[0] < 204)
        #expect(zip(below, below.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(picture[40, 60 + 3 + 24].alpha <= 1)
        // The offset shows: more shadow under the bottom edge than over the top one.
        #expect(picture[40, 62].alpha > picture[40, 17].alpha)
    }
}
