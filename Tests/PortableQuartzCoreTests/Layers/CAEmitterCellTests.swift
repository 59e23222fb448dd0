import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("CAEmitterCell")
struct CAEmitterCellTests {
    @Test("a new cell has Apple's defaults: enabled, scale 1, opaque white, unit contentsRect, everything else 0")
    func defaults() {
        let cell = CAEmitterCell()
        #expect(cell.name == nil && cell.isEnabled)
        #expect(cell.birthRate == 0 && cell.lifetime == 0 && cell.lifetimeRange == 0)
        #expect(cell.emissionLatitude == 0 && cell.emissionLongitude == 0 && cell.emissionRange == 0)
        #expect(cell.velocity == 0 && cell.velocityRange == 0)
        #expect(cell.xAcceleration == 0 && cell.yAcceleration == 0 && cell.zAcceleration == 0)
        #expect(cell.scale == 1 && cell.scaleRange == 0 && cell.scaleSpeed == 0)
        #expect(cell.spin == 0 && cell.spinRange == 0)
        #expect(cell.color == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(cell.redRange == 0 && cell.greenRange == 0 && cell.blueRange == 0 && cell.alphaRange == 0)
        #expect(cell.redSpeed == 0 && cell.greenSpeed == 0 && cell.blueSpeed == 0 && cell.alphaSpeed == 0)
        #expect(cell.contents == nil && cell.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(cell.contentsScale == 1)
        #expect(cell.minificationFilter == "linear" && cell.magnificationFilter == "linear")
        #expect(cell.minificationFilterBias == 0)
        #expect(cell.emitterCells == nil && cell.style == nil)
    }

    @Test("timing defaults: begin 0, duration infinite, speed 1, fill mode removed")
    func timingDefaults() {
        // Duration ∞: a peer's tests cross-checked on macOS (issue 17 §2.6); the rest are CAMediaTiming's defaults.
        let cell = CAEmitterCell()
        #expect(cell.beginTime == 0 && cell.duration == .infinity && cell.speed == 1 && cell.timeOffset == 0)
        #expect(CAEmitterCell.defaultValue(forKey: "duration") as? Double == .infinity)
        #expect(cell.repeatCount == 0 && cell.repeatDuration == 0 && !cell.autoreverses)
        #expect(cell.fillMode == .removed)
    }

    @Test("every property reads back what was set")
    func roundTrips() {
        let cell = CAEmitterCell()
        let child = CAEmitterCell()
        cell.name = "spark"
        cell.isEnabled = false
        cell.birthRate = 100
        cell.lifetime = 2
        cell.lifetimeRange = 0.5
        cell.emissionLatitude = 0.1
        cell.emissionLongitude = .pi
        cell.emissionRange = 2 * .pi
        cell.velocity = 150
        cell.velocityRange = 40
        cell.xAcceleration = 1
        cell.yAcceleration = 98
        cell.zAcceleration = -1
        cell.scale = 0.5
        cell.scaleRange = 0.2
        cell.scaleSpeed = -0.1
        cell.spin = 2
        cell.spinRange = 1
        cell.color = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        cell.redRange = 0.1
        cell.alphaSpeed = -0.5
        cell.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5)
        cell.contentsScale = 2
        cell.minificationFilter = "trilinear"
        cell.magnificationFilter = "nearest"
        cell.minificationFilterBias = 0.25
        cell.emitterCells = [child]
        cell.style = ["k": 1]
        cell.beginTime = 3
        cell.duration = 10
        cell.fillMode = .forwards
        #expect(cell.name == "spark" && !cell.isEnabled)
        #expect(cell.birthRate == 100 && cell.lifetime == 2 && cell.lifetimeRange == 0.5)
        #expect(cell.emissionLatitude == 0.1 && cell.emissionLongitude == .pi && cell.emissionRange == 2 * .pi)
        #expect(cell.velocity == 150 && cell.velocityRange == 40)
        #expect(cell.xAcceleration == 1 && cell.yAcceleration == 98 && cell.zAcceleration == -1)
        #expect(cell.scale == 0.5 && cell.scaleRange == 0.2 && cell.scaleSpeed == -0.1)
        #expect(cell.spin == 2 && cell.spinRange == 1)
        #expect(cell.color == CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(cell.redRange == 0.1 && cell.alphaSpeed == -0.5)
        #expect(cell.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 0.5) && cell.contentsScale == 2)
        #expect(cell.minificationFilter == "trilinear" && cell.magnificationFilter == "nearest")
        #expect(cell.minificationFilterBias == 0.25)
        #expect(cell.emitterCells?.first === child)
        #expect(cell.style?["k"] as? Int == 1)
        #expect(cell.beginTime == 3 && cell.duration == 10 && cell.fillMode == .forwards)
        #expect(cell.values.birthRate == 100 && cell.values.timing.duration == 10)
    }

    @Test("contents keeps the object that was set")
    func contents() {
        let cell = CAEmitterCell()
        let image = CGImage.makeSolid()
        cell.contents = image
        #expect(cell.contents as? CGImage === image)
        cell.contents = nil
        #expect(cell.contents == nil)
    }

    @Test("value(forKey:) reads properties by Objective-C name, numbers as NSNumber")
    func valueForKey() {
        let cell = CAEmitterCell()
        cell.birthRate = 10
        cell.velocity = 2.5
        cell.duration = 4
        #expect(cell.value(forKey: "birthRate") as? Float == 10)
        #expect(cell.value(forKey: "velocity") as? Double == 2.5)
        #expect(cell.value(forKey: "duration") as? Double == 4)
        #expect(cell.value(forKey: "enabled") as? Bool == true)
        #expect(cell.value(forKey: "scale") as? Double == 1)
        #expect(cell.value(forKey: "fillMode") as? String == "removed")
        #expect(cell.value(forKey: "contentsRect") as? CGRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(cell.value(forKey: "color") as? CGColor == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(cell.value(forKey: "unknown") == nil)
    }

    @Test("setValue(_:forKey:) converts numbers of any type; a wrong type leaves the property unchanged")
    func setValueForKey() {
        let cell = CAEmitterCell()
        cell.setValue(5, forKey: "velocity")
        cell.setValue(NSNumber(value: 7.5), forKey: "birthRate")
        cell.setValue(Float(0.25), forKey: "scale")
        cell.setValue(false, forKey: "enabled")
        cell.setValue("spark", forKey: "name")
        cell.setValue("both", forKey: "fillMode")
        cell.setValue([0, 0, 0.5, 1], forKey: "contentsRect")
        #expect(cell.velocity == 5 && cell.birthRate == 7.5 && cell.scale == 0.25)
        #expect(!cell.isEnabled && cell.name == "spark" && cell.fillMode == .both)
        #expect(cell.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 1))
        cell.setValue("fast", forKey: "velocity")
        cell.setValue(3, forKey: "color")
        cell.setValue(nil, forKey: "contentsRect")
        #expect(cell.velocity == 5)
        #expect(cell.color == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(cell.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 1))
        cell.setValue(nil, forKey: "color")
        #expect(cell.color == nil)
    }

    @Test("other keys are stored as extra values and removed with nil")
    func extraKeys() {
        let cell = CAEmitterCell()
        cell.setValue("fire", forKey: "tag")
        #expect(cell.value(forKey: "tag") as? String == "fire")
        cell.setValue(nil, forKey: "tag")
        #expect(cell.value(forKey: "tag") == nil)
    }

    @Test("defaultValue(forKey:) answers enabled, scale 1, white, unit rect, linear filters, speed 1")
    func defaultValues() {
        #expect(CAEmitterCell.defaultValue(forKey: "enabled") as? Bool == true)
        #expect(CAEmitterCell.defaultValue(forKey: "scale") as? Double == 1)
        #expect(CAEmitterCell.defaultValue(forKey: "contentsScale") as? Double == 1)
        #expect(CAEmitterCell.defaultValue(forKey: "color") as? CGColor == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(
            CAEmitterCell.defaultValue(forKey: "contentsRect") as? CGRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(CAEmitterCell.defaultValue(forKey: "minificationFilter") as? String == "linear")
        #expect(CAEmitterCell.defaultValue(forKey: "speed") as? Float == 1)
        #expect(CAEmitterCell.defaultValue(forKey: "birthRate") == nil)
        #expect(CAEmitterCell().shouldArchiveValue(forKey: "birthRate"))
    }

    @Test("cells are safe to configure and read from several threads at once: 4 × 1000 writes end consistent")
    func concurrentAccess() {
        let cell = CAEmitterCell()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for step in 0..<1000 {
                cell.birthRate = Float(step)
                cell.name = "w\(worker)"
                _ = cell.values
            }
        }
        #expect(cell.birthRate == 999)
        #expect(["w0", "w1", "w2", "w3"].contains(cell.name ?? ""))
    }
}

extension CGImage {
    /// A 1×1 opaque image, for tests that need any image.
    fileprivate static func makeSolid() -> CGImage {
        let context = CGContext(
            data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        return context.makeImage()!
    }
}
