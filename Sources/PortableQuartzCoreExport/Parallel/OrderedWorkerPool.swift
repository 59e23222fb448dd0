import Foundation

/// Threads that run jobs in parallel and hand back the results in the order the jobs were submitted (our helper for
/// parallel export).
///
/// Each thread makes its own worker with `makeWorker` when it starts: a closure holding whatever state the thread
/// needs (a renderer and its layer tree, encoder buffers), which never leaves that thread. Jobs wait in one queue and
/// go to whichever thread is free, so a slow frame does not hold up the others; ``next()`` waits for the result of
/// the oldest job not yet returned. The pool itself does not limit how many jobs wait or how many results are held:
/// the caller keeps a window (submits a job only when fewer than its window are unanswered), which bounds both.
///
/// A worker that cannot be made answers every job it takes with the error it threw. ``close()`` stops the threads
/// (jobs not yet started are dropped) and waits for them to end, so every worker's state is gone when it returns.
final class OrderedWorkerPool<Job: Sendable, Output: Sendable>: Sendable {
    /// Makes one thread's worker, on that thread.
    typealias WorkerMaker = @Sendable () throws(ExportError) -> (Job) throws(ExportError) -> Output

    private let shared: Shared
    /// Stack size of each thread in bytes: 8 MiB, the main thread's usual limit, so a deep layer tree renders
    /// wherever it renders on the main thread.
    static var stackSize: Int { 8 << 20 }

    /// Starts `threads` threads (at least 1), each making its worker with `makeWorker`.
    init(threads: Int, makeWorker: @escaping WorkerMaker) {
        let count = Swift.max(1, threads)
        shared = Shared(threads: count)
        for number in 0..<count {
            let thread = Thread { [shared] in shared.serve(makeWorker) }
            thread.name = "pqc export worker \(number + 1)"
            thread.stackSize = Self.stackSize
            thread.start()
        }
    }

    /// Queues `job`; its result is returned by ``next()`` after the results of every job submitted before it.
    func submit(_ job: Job) {
        shared.condition.lock()
        defer { shared.condition.unlock() }
        precondition(!shared.closed, "OrderedWorkerPool.submit after close()")
        shared.queue.append((shared.submitted, job))
        shared.submitted += 1
        shared.condition.broadcast()
    }

    /// The result of the oldest job whose result was not yet returned, waiting for it to finish.
    /// - Precondition: a job was submitted whose result was not yet returned.
    func next() throws(ExportError) -> Output {
        shared.condition.lock()
        defer { shared.condition.unlock() }
        precondition(shared.returned < shared.submitted, "OrderedWorkerPool.next() without an unanswered job")
        while shared.results[shared.returned] == nil { shared.condition.wait() }
        let result = shared.results.removeValue(forKey: shared.returned)!
        shared.returned += 1
        return try result.get()
    }

    /// Stops the threads and waits until they have ended. Jobs not yet started are dropped; calling it again does
    /// nothing.
    func close() {
        shared.condition.lock()
        defer { shared.condition.unlock() }
        shared.closed = true
        shared.queue.removeAll()
        shared.head = 0
        shared.condition.broadcast()
        while shared.running > 0 { shared.condition.wait() }
    }

    deinit { close() }

    /// The state the threads and the caller share.
    private final class Shared: @unchecked Sendable {
        // Every `var` below is read and written only with `condition` locked, which makes sharing it safe.
        let condition = NSCondition()
        /// Jobs not yet taken, with their sequence numbers, oldest first from `head`.
        var queue: [(sequence: Int, job: Job)] = []
        var head = 0
        var results: [Int: Result<Output, ExportError>] = [:]
        var submitted = 0
        var returned = 0
        var running: Int
        var closed = false

        init(threads: Int) {
            running = threads
        }

        /// A thread's life: make the worker, then run jobs until the pool closes.
        func serve(_ makeWorker: WorkerMaker) {
            // The workers keep every core busy: none divides its drawing with the helper thread.
            RenderSurface.drawOnlyOnThisThread()
            var worker: ((Job) throws(ExportError) -> Output)?
            var failure: ExportError?
            do {
                worker = try makeWorker()
            } catch {
                failure = error
            }
            while let (sequence, job) = take() {
                let result: Result<Output, ExportError>
                if let worker {
                    do throws(ExportError) {
                        result = .success(try worker(job))
                    } catch {
                        result = .failure(error)
                    }
                } else {
                    result = .failure(failure ?? .cancelled)
                }
                condition.lock()
                results[sequence] = result
                condition.broadcast()
                condition.unlock()
            }
            worker = nil
            condition.lock()
            running -= 1
            condition.broadcast()
            condition.unlock()
        }

        /// The next job to run, waiting for one; nil once the pool is closed.
        private func take() -> (Int, Job)? {
            condition.lock()
            defer { condition.unlock() }
            while !closed && head == queue.count { condition.wait() }
            guard !closed else { return nil }
            let entry = queue[head]
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            }
            return entry
        }
    }
}
