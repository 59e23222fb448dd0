/// Keeps an export's workers busy with frames and hands their results back in frame order (our helper).
///
/// The workers are threads (``OrderedWorkerPool``) or the exporting thread itself (``InlineJobRunner``). At most
/// `window` jobs are unanswered at any time, so at most that many frames (rendered, prepared, or waiting
/// for an earlier frame) are held, however long the export.
struct FramePipeline {
    /// Takes one prepared frame (index, image when the export keeps images, what it was turned into) in order; may
    /// return one more job for the workers, such as encoding a GIF frame the exporting thread has just planned.
    typealias Handler = (_ index: Int, _ image: CGImage?, _ payload: FramePayload) throws(ExportError) -> ExportJob?
    /// Takes one encoded GIF image block, in the order the blocks were planned.
    typealias BlockHandler = (_ block: [UInt8]) throws(ExportError) -> Void

    let runner: any OrderedJobRunner<ExportJob, ExportJobOutput>
    /// Most jobs unanswered at once, at least 1.
    let window: Int
    let supply: FrameSupply

    /// Renders (or takes) and prepares the frames `indices` in order, passing each to `handle` and the GIF blocks of
    /// the jobs it returns to `blocks`, in the order of the jobs.
    /// - Throws: the first error of a frame, of `handle` or of `blocks`, in frame order; ``ExportError/cancelled``
    ///   when the current task is cancelled.
    func run(
        _ indices: some Sequence<Int>, _ preparation: FramePreparation, _ handle: Handler,
        blocks: BlockHandler? = nil
    ) throws(ExportError) {
        var remaining = indices.makeIterator()
        var unanswered = 0
        var exhausted = false
        while true {
            while !exhausted && unanswered < Swift.max(window, 1) {
                if Task.isCancelled { throw .cancelled }
                guard let index = remaining.next() else {
                    exhausted = true
                    break
                }
                runner.submit(try job(index, preparation))
                unanswered += 1
            }
            guard unanswered > 0 else { return }
            let output = try runner.next()
            unanswered -= 1
            switch output {
            case .frame(let index, let image, let payload):
                if let next = try handle(index, image, payload) {
                    runner.submit(next)
                    unanswered += 1
                }
            case .gifBlock(let block):
                guard let blocks else { preconditionFailure("a GIF block without a place to write it") }
                try blocks(block)
            }
        }
    }

    /// Encodes one planned GIF frame on a worker and passes its block to `blocks`.
    func run(encoding frame: PlannedGIFFrame, blocks: BlockHandler) throws(ExportError) {
        runner.submit(.encodeGIF(frame))
        guard case .gifBlock(let block) = try runner.next() else { preconditionFailure("a GIF job gave no block") }
        try blocks(block)
    }

    /// The job for frame `index`: rendered by a worker, or rendered here and prepared by a worker.
    private func job(_ index: Int, _ preparation: FramePreparation) throws(ExportError) -> ExportJob {
        switch supply {
        case .workers:
            return .render(index: index, preparation: preparation)
        case .here(let render):
            return .prepare(index: index, image: try render(index), preparation: preparation)
        }
    }
}
