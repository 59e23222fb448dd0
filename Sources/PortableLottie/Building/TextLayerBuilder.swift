import Foundation
import PortableQuartzCore

/// Draws a text layer's text (our own helper): glyph outlines from the file when it carries them, else a
/// `CATextLayer` in the document's font size and colours with this library's fonts.
///
/// Point text hangs from its anchor: the first baseline lies at y = 0 and the text starts at, is centred on, or
/// ends at x = 0 by its justification. Box text fills its box from the top. Text animators and text on a path are
/// not drawn (reported); a text document that changes over time shows its first state.
struct TextLayerBuilder {
    let context: AnimationContext
    let size: CGSize

    func addText(_ text: TextContent, to layer: CALayer) {
        if text.hasAnimators { context.report.note("text animators are not drawn", layer: context.layerName) }
        if text.followsPath { context.report.note("text on a path is drawn straight", layer: context.layerName) }
        if text.documents.isAnimated {
            context.report.note("changing text shows its first state", layer: context.layerName)
        }
        let document = text.documents.initialValue
        guard !document.text.isEmpty, document.fontSize > 0 else { return }
        if addGlyphs(document, to: layer) { return }
        context.report.note("text is drawn with this library's fonts, not the file's", layer: context.layerName)
        let lines = document.text.split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }
        guard context.takeLayers(lines.count) else { return }
        let lineHeight = document.lineHeight > 0 ? document.lineHeight : document.fontSize * 1.2
        for (index, line) in lines.enumerated() {
            let textLayer = CATextLayer()
            textLayer.string = String(line)
            textLayer.fontSize = document.fontSize
            textLayer.font = document.fontName
            textLayer.foregroundColor = document.fillColor.map(LayerFactory.color)
            let width = Double(max(line.count, 1)) * document.fontSize
            let baseline = Double(index) * lineHeight - document.baselineShift
            let top = baseline - document.fontSize
            var left: Double
            switch document.justification {
            case .left:
                left = 0
                textLayer.alignmentMode = .left
            case .center:
                left = -width / 2
                textLayer.alignmentMode = .center
            case .right:
                left = -width
                textLayer.alignmentMode = .right
            }
            if let box = document.boxSize, let origin = document.boxPosition {
                left = origin.x
                textLayer.frame = CGRect(
                    x: left, y: origin.y + Double(index) * lineHeight, width: box.width, height: lineHeight * 1.5)
            } else {
                textLayer.frame = CGRect(x: left, y: top, width: width, height: lineHeight * 1.5)
            }
            layer.addSublayer(textLayer)
        }
    }

    /// Draws the text from the file's glyph outlines; false when the file has none for its font.
    private func addGlyphs(_ document: TextDocument, to layer: CALayer) -> Bool {
        let font = context.animation.fonts.first { $0.name == document.fontName }
        let glyphs = context.animation.glyphs.filter { glyph in
            font.map { glyph.family == $0.family && glyph.style == $0.style } ?? false
        }
        guard !glyphs.isEmpty else { return false }
        var byCharacter: [String: LottieGlyph] = [:]
        for glyph in glyphs where byCharacter[glyph.character] == nil { byCharacter[glyph.character] = glyph }
        let lineHeight = document.lineHeight > 0 ? document.lineHeight : document.fontSize * 1.2
        let lines = document.text.split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }
        for (lineIndex, line) in lines.enumerated() {
            var advances: [(glyph: LottieGlyph, x: Double)] = []
            var x = 0.0
            for character in line {
                guard let glyph = byCharacter[String(character)] else { continue }
                advances.append((glyph, x))
                x += glyph.width * document.fontSize / 100 + document.tracking / 1000 * document.fontSize
            }
            let shift: Double
            switch document.justification {
            case .left: shift = 0
            case .center: shift = -x / 2
            case .right: shift = -x
            }
            guard context.takeLayers(advances.count) else { return true }
            for (glyph, offset) in advances {
                let scale = document.fontSize / 100
                let holder = LayerFactory.plain(size: size, name: glyph.character)
                holder.anchorPoint = .zero
                holder.position = .zero
                holder.transform = CATransform3DMakeAffineTransform(
                    CGAffineTransform(scaleX: scale, y: scale).concatenating(
                        CGAffineTransform(
                            translationX: shift + offset, y: Double(lineIndex) * lineHeight - document.baselineShift)))
                let styled = glyph.shapes + styleItems(document)
                for sublayer in ShapeLayerBuilder(context: context, size: size).layers(for: styled) {
                    holder.addSublayer(sublayer)
                }
                layer.addSublayer(holder)
            }
        }
        return true
    }

    /// The document's fill and stroke as shape items that paint the glyph outlines.
    private func styleItems(_ document: TextDocument) -> [ShapeItem] {
        var items: [ShapeItem] = []
        if let color = document.strokeColor, document.strokeWidth > 0 {
            let stroke = ShapeStroke(
                color: AnimatableProperty(color), opacity: AnimatableProperty(100),
                width: AnimatableProperty(document.strokeWidth * 100 / max(document.fontSize, 1)), lineCap: .round,
                lineJoin: .round, miterLimit: 4, dashes: [])
            items.append(ShapeItem(name: "stroke", kind: .stroke(stroke)))
        }
        if let color = document.fillColor {
            let fill = ShapeFill(color: AnimatableProperty(color), opacity: AnimatableProperty(100), fillRule: .nonZero)
            items.append(ShapeItem(name: "fill", kind: .fill(fill)))
        }
        return items
    }
}
