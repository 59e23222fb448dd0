import Foundation
import Synchronization
import Testing

@testable import PortableQuartzCoreExport

@Suite("OrderedWorkerPool")
struct OrderedWorkerPoolTests {
    @Test("jobs finishing out of order (job k sleeps (8 − k) ms) come back in submission order 0…7")
    func resultsInSubmissionOrder() throws {
        let pool = OrderedWorkerPool<Int, Int>(threads: 4) { () throws(ExportError) in
            return { job throws(ExportError) in
                Thread.sleep(forTimeInterval: Double(8 - job) / 1_000)
                return job * 10
            }
        }
        defer { pool.close() }
        for job in 0..<8 { pool.submit(job) }
        var results: [Int] = []
        for _ in 0..<8 { results.append(try pool.next()) }
        #expect(results == [0, 10, 20, 30, 40, 50, 60, 70])
    }

    @Test("each of 3 threads makes its worker once, on itself: 30 jobs see at most 3 workers")
    func oneWorkerPerThread() throws {
        let made = Atomic<Int>(0)
        let pool = OrderedWorkerPool<Int, String>(threads: 3) { () throws(ExportError) in
            let number = made.add(1, ordering: .relaxed).newValue
            let thread = Thread.current.name ?? ""
            return { _ throws(ExportError) in
                precondition(Thread.current.name == thread, "a worker ran on another thread")
                return "worker \(number)"
            }
        }
        defer { pool.close() }
        for job in 0..<30 { pool.submit(job) }
        var workers = Set<String>()
        for _ in 0..<30 { workers.insert(try pool.next()) }
        #expect((1...3).contains(workers.count))
        #expect(made.load(ordering: .relaxed) <= 3)
    }

    @Test("a job's error comes back in its place: results 0, 1, then invalidOption for job 2, then 3")
    func errorsInOrder() throws {
        let pool = OrderedWorkerPool<Int, Int>(threads: 2) { () throws(ExportError) in
            return { job throws(ExportError) in
                if job == 2 { throw .invalidOption("job 2") }
                return job
            }
        }
        defer { pool.close() }
        for job in 0..<4 { pool.submit(job) }
        #expect(try pool.next() == 0)
        #expect(try pool.next() == 1)
        #expect(throws: ExportError.invalidOption("job 2")) { try pool.next() }
        #expect(try pool.next() == 3)
    }

    @Test("a worker that cannot be made answers every job with its error")
    func makerFailure() {
        let pool = OrderedWorkerPool<Int, Int>(threads: 2) {
            () throws(ExportError) -> (Int) throws(ExportError) -> Int in
            throw .invalidSize(width: 0, height: 0)
        }
        defer { pool.close() }
        pool.submit(1)
        pool.submit(2)
        #expect(throws: ExportError.invalidSize(width: 0, height: 0)) { try pool.next() }
        #expect(throws: ExportError.invalidSize(width: 0, height: 0)) { try pool.next() }
    }

    @Test("close() with 50 jobs of 2 ms still queued returns once the 2 running jobs end, not after all 50")
    func closeDropsQueuedJobs() {
        let started = Atomic<Int>(0)
        let pool = OrderedWorkerPool<Int, Int>(threads: 2) { () throws(ExportError) in
            return { job throws(ExportError) in
                started.add(1, ordering: .relaxed)
                Thread.sleep(forTimeInterval: 0.002)
                return job
            }
        }
        for job in 0..<50 { pool.submit(job) }
        pool.close()
        #expect(started.load(ordering: .relaxed) < 50)
    }
}

@Suite("GIF frames planned in order and encoded anywhere")
struct GIFPlanningTests {
    @Test(
        "24 frames planned by GIFEncoder and each encoded by a fresh GIFFrameWriter give GIFEncoder.encode's bytes",
        arguments: ParallelExportTests.gifSettings)
    func plannedFramesEncodeAlike(options: GIFOptions) throws {
        let frames = (0..<24).map { (image: MovingPicture.frame($0), delay: 8) }
        let whole = try GIFEncoder.encode(frames, options: options)

        var planner = try GIFEncoder(width: MovingPicture.width, height: MovingPicture.height, options: options)
        var bytes = planner.takeOutput()
        func write(_ frame: PlannedGIFFrame) {
            // A new writer for every frame: the bytes may not depend on what a writer encoded before.
            var writer = GIFFrameWriter(options: options)
            writer.encode(frame, into: &bytes)
        }
        for frame in frames {
            var pixels: [UInt32] = []
            let transparent = WorkingPixels.load(
                frame.image, matte: options.matte, preservesTransparency: planner.keepsTransparency, into: &pixels)
            let planned = planner.addPlanning(pixels: pixels, transparent: transparent, delay: frame.delay)
            bytes += planner.takeOutput()
            if let planned { write(planned) }
        }
        let last = planner.finishPlanning()
        bytes += planner.takeOutput()
        if let last { write(last) }
        bytes.append(GIFEncoder.trailer)
        #expect(bytes == whole)
        #expect(planner.framesWritten == 23)
    }
}
