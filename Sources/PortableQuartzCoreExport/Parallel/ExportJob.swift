import Foundation

/// One piece of work of a parallel export, done by an `ExportWorker` on a thread of its own (our helper).
enum ExportJob: Sendable {
    /// Render frame `index` with the worker's own frame source, then prepare it.
    case render(index: Int, preparation: FramePreparation)
    /// Prepare frame `index`, rendered on the exporting thread.
    case prepare(index: Int, image: CGImage, preparation: FramePreparation)
    /// Encode a planned GIF frame into its image block.
    case encodeGIF(PlannedGIFFrame)
}

/// What a frame is turned into before the exporting thread writes it (our helper).
enum FramePreparation: Sendable {
    /// PNG file bytes.
    case png
    /// A GIF encoder's working pixels (see `WorkingPixels`), loaded with these settings.
    case gif(matte: ExportColor, preservesTransparency: Bool)
    /// Opaque straight RGBA for a video encoder, composited over the background.
    case video(background: ExportColor)
}

/// What a worker hands back for one ``ExportJob`` (our helper).
enum ExportJobOutput: Sendable {
    /// A frame and what it was turned into; the image itself only when the export's observer wants it (dropped
    /// on the worker otherwise, so that its renderer can draw the next frame into the same pixels).
    case frame(index: Int, image: CGImage?, payload: FramePayload)
    /// A GIF image block.
    case gifBlock([UInt8])
}

/// A prepared frame (see ``FramePreparation``).
enum FramePayload: Sendable {
    case png(Data)
    case gif(pixels: [UInt32], hasTransparency: Bool)
    case video([UInt8])
}
