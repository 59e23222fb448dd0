import Foundation

/// Where the frames of an export are rendered (our helper).
enum FrameSupply {
    /// On each worker thread, by a frame source the thread makes for itself.
    case workers(@Sendable () throws(ExportError) -> any FrameSource)
    /// On the exporting thread, one after another; the workers only prepare them.
    case here((Int) throws(ExportError) -> CGImage)
}

extension AnimationExporter {
    /// The export of every format, on ``jobs`` worker threads, or on the calling thread when ``jobs`` is 1.
    ///
    /// The exporting thread hands frames to the workers, at most `2 × jobs + 1` jobs unanswered at a time (one with
    /// one job), and takes their results back in frame order: the workers render (or receive) each frame and prepare
    /// it for the format — PNG bytes, a GIF's working pixels, a video frame's RGBA. The exporting thread then does, in
    /// frame order, what depends on the frames before: it writes PNG files and video frames; for a GIF it counts the
    /// palette samples' colours, and decides whether each frame is written whole or as what changed, its delay and
    /// its disposal (`GIFEncoder`), handing the frame back to a worker for its changed rectangle, palette mapping and
    /// LZW, and writes the image blocks in order. The steps and their inputs are the same whatever the number of
    /// workers, so the bytes are the same.
    func export(
        _ supply: FrameSupply, _ range: Range<Int>, _ destination: URL, _ progress: any ExportProgress,
        _ title: String, _ observer: FrameObserver?
    ) throws(ExportError) -> ExportResult {
        let recycled = RecycledPixels(limit: 2 * jobs + 3)
        let makeWorker = workerMaker(supply, recycled, keepsImages: observer != nil)
        let runner: any OrderedJobRunner<ExportJob, ExportJobOutput> =
            jobs > 1
            ? OrderedWorkerPool(threads: jobs, makeWorker: makeWorker) : InlineJobRunner(makeWorker: makeWorker)
        defer { runner.close() }
        let pipeline = FramePipeline(runner: runner, window: jobs > 1 ? 2 * jobs + 1 : 1, supply: supply)
        switch format {
        case .png:
            return try writePNGSequence(pipeline, range, destination, progress, title, observer)
        case .gif:
            return try writeGIF(pipeline, range, destination, progress, title, observer, recycled)
        case .mp4, .webm:
            return try writeVideo(pipeline, range, destination, progress, title, observer)
        }
    }

    /// What makes one worker, on the thread it runs on: the worker makes its frame source when it renders its first
    /// frame, and a GIF frame writer when it encodes its first GIF frame. GIF frames are loaded into arrays from
    /// `recycled`. A rendered image goes back to the exporting thread only when `keepsImages`: dropped here, its
    /// pixels are the renderer's own again when the next frame is drawn, which then needs no copy of them.
    private func workerMaker(
        _ supply: FrameSupply, _ recycled: RecycledPixels, keepsImages: Bool
    ) -> OrderedWorkerPool<ExportJob, ExportJobOutput>.WorkerMaker {
        let exporter = self
        let makeSource: (@Sendable () throws(ExportError) -> any FrameSource)?
        if case .workers(let make) = supply { makeSource = make } else { makeSource = nil }
        return { () throws(ExportError) in
            var source: (any FrameSource)?
            var writer: GIFFrameWriter?
            return { job throws(ExportError) in
                switch job {
                case .render(let index, let preparation):
                    guard let makeSource else { preconditionFailure("a render job without frame sources") }
                    if source == nil { source = try makeSource() }
                    let image = try exporter.render(source!, index)
                    let payload = Self.prepare(image, preparation, recycled)
                    return .frame(index: index, image: keepsImages ? image : nil, payload: payload)
                case .prepare(let index, let image, let preparation):
                    let payload = Self.prepare(image, preparation, recycled)
                    return .frame(index: index, image: keepsImages ? image : nil, payload: payload)
                case .encodeGIF(let frame):
                    if writer == nil { writer = GIFFrameWriter(options: exporter.gif) }
                    var block: [UInt8] = []
                    writer!.encode(frame, into: &block)
                    return .gifBlock(block)
                }
            }
        }
    }

    /// `image` turned into what the format writes (a GIF's pixels in an array from `recycled`).
    private static func prepare(
        _ image: CGImage, _ preparation: FramePreparation, _ recycled: RecycledPixels
    ) -> FramePayload {
        switch preparation {
        case .png:
            return .png(image.pngData())
        case .gif(let matte, let preservesTransparency):
            var pixels = recycled.take()
            let transparent = WorkingPixels.load(
                image, matte: matte, preservesTransparency: preservesTransparency, into: &pixels)
            return .gif(pixels: pixels, hasTransparency: transparent)
        case .video(let background):
            var rgba = [UInt8](repeating: 255, count: image.width * image.height * 4)
            flatten(image, over: background, into: &rgba)
            return .video(rgba)
        }
    }

    /// Shows frame `index` to `observer`, when there is one (the workers then kept the image).
    private func observe(_ observer: FrameObserver?, _ index: Int, _ image: CGImage?) throws(ExportError) {
        guard let observer else { return }
        guard let image else { preconditionFailure("frame \(index) came back without its image for the observer") }
        try observer(index, image)
    }

    // MARK: - Formats

    private func writePNGSequence(
        _ pipeline: FramePipeline, _ range: Range<Int>, _ destination: URL, _ progress: any ExportProgress,
        _ title: String, _ observer: FrameObserver?
    ) throws(ExportError) -> ExportResult {
        let folder = try StagingFolder(destination: destination)
        defer { folder.discard() }
        progress.exportBegan(totalSteps: range.count, title: title)
        var step = 0
        try pipeline.run(range, .png) { index, image, payload throws(ExportError) in
            guard case .png(let data) = payload else { preconditionFailure("a PNG export got \(payload)") }
            try observe(observer, index, image)
            try folder.write(data, named: pngSequence.fileName(forFrame: index, frameCount: timeline.frameCount))
            step += 1
            progress.exportAdvanced(completedSteps: step)
            return nil
        }
        try finishPNGSequence(folder, range)
        let files = folder.fileNames.map { destination.appendingPathComponent($0) }
        return ExportResult(
            destination: destination, framesRendered: range.count, framesWritten: range.count, files: files)
    }

    private func writeGIF(
        _ pipeline: FramePipeline, _ range: Range<Int>, _ destination: URL, _ progress: any ExportProgress,
        _ title: String, _ observer: FrameObserver?, _ recycled: RecycledPixels
    ) throws(ExportError) -> ExportResult {
        let file = try AtomicFile(destination: destination)
        defer { file.discard() }
        let (schedule, scheduled, samples) = gifPlan(range)
        progress.exportBegan(totalSteps: samples.count + scheduled, title: title)
        var step = 0
        var palette: GIFPalette?
        if !samples.isEmpty {
            var histogram = ColorHistogram()
            let counted = FramePreparation.gif(matte: gif.matte, preservesTransparency: gif.preservesTransparency)
            let (width, height) = (size.width, size.height)
            try pipeline.run(samples, counted) { _, _, payload throws(ExportError) in
                guard case .gif(let pixels, _) = payload else { preconditionFailure("a GIF export got \(payload)") }
                pixels.withUnsafeBufferPointer {
                    histogram.add(pixels: $0, width: width, x: 0, y: 0, columns: width, rows: height)
                }
                recycled.put(pixels)
                step += 1
                progress.exportAdvanced(completedSteps: step)
                return nil
            }
            palette = Self.globalPalette(from: histogram, options: gif, complete: samples.count == scheduled)
        }
        var encoder = try GIFEncoder(width: size.width, height: size.height, options: gif, globalPalette: palette)
        try file.write(encoder.takeOutput())
        let loaded = FramePreparation.gif(matte: gif.matte, preservesTransparency: encoder.keepsTransparency)
        var delays = schedule.makeIterator()
        var awaitingBlock: [[UInt32]] = []
        let handle: FramePipeline.Handler = { index, image, payload throws(ExportError) in
            guard case .gif(let pixels, let transparent) = payload else {
                preconditionFailure("a GIF export got \(payload)")
            }
            try observe(observer, index, image)
            let planned = encoder.addPlanning(pixels: pixels, transparent: transparent, delay: delays.next()!.delay)
            // The array the encoder leaves behind holds the frame planned before this one and the previous frame of
            // this one, which their encoding jobs read: it goes back to the workers when this one's block is in.
            let spare = encoder.takeSpare()
            if planned == nil { recycled.put(spare) } else { awaitingBlock.append(spare) }
            try file.write(encoder.takeOutput())
            step += 1
            progress.exportAdvanced(completedSteps: step)
            return planned.map(ExportJob.encodeGIF)
        }
        let writeBlock = { (block: [UInt8]) throws(ExportError) in
            try file.write(block)
            if !awaitingBlock.isEmpty { recycled.put(awaitingBlock.removeFirst()) }
        }
        try pipeline.run(schedule.lazy.map(\.index), loaded, handle, blocks: writeBlock)
        let last = encoder.finishPlanning()
        try file.write(encoder.takeOutput())
        if let last { try pipeline.run(encoding: last, blocks: writeBlock) }
        try file.write([GIFEncoder.trailer])
        if Task.isCancelled { throw .cancelled }
        try file.commit()
        return ExportResult(
            destination: destination, framesRendered: step, framesWritten: encoder.framesWritten, files: [destination])
    }

    private func writeVideo(
        _ pipeline: FramePipeline, _ range: Range<Int>, _ destination: URL, _ progress: any ExportProgress,
        _ title: String, _ observer: FrameObserver?
    ) throws(ExportError) -> ExportResult {
        let file = try AtomicFile(destination: destination)
        defer { file.discard() }
        let settings = VideoSettings(
            width: size.width, height: size.height, framesPerSecond: timeline.framesPerSecond,
            container: format.videoContainer!, quality: videoQuality)
        let session = try videoEncoder.startEncoding(settings, to: file.temporary)
        do throws(ExportError) {
            progress.exportBegan(totalSteps: range.count, title: title)
            var step = 0
            try pipeline.run(range, .video(background: videoBackground)) { index, image, payload throws(ExportError) in
                guard case .video(let rgba) = payload else { preconditionFailure("a video export got \(payload)") }
                try observe(observer, index, image)
                try session.append(rgba)
                step += 1
                progress.exportAdvanced(completedSteps: step)
                return nil
            }
            if Task.isCancelled { throw .cancelled }
            try session.finish()
        } catch {
            session.cancel()
            throw error
        }
        try file.commit()
        return ExportResult(
            destination: destination, framesRendered: range.count, framesWritten: range.count, files: [destination])
    }
}
