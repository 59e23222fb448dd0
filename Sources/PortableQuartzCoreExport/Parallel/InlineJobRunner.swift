/// Runs jobs one at a time on the calling thread, each when its result is asked for (our helper: an export with
/// one job).
///
/// It makes its worker with `makeWorker` the first time a result is asked for; a worker that cannot be made answers
/// every job with the error it threw, as an ``OrderedWorkerPool`` thread does.
final class InlineJobRunner<Job, Output>: OrderedJobRunner {
    private let makeWorker: () throws(ExportError) -> (Job) throws(ExportError) -> Output
    private var worker: Result<(Job) throws(ExportError) -> Output, ExportError>?
    /// Jobs not yet run, oldest first from `head`.
    private var queue: [Job] = []
    private var head = 0

    init(makeWorker: @escaping () throws(ExportError) -> (Job) throws(ExportError) -> Output) {
        self.makeWorker = makeWorker
    }

    func submit(_ job: Job) {
        queue.append(job)
    }

    func next() throws(ExportError) -> Output {
        precondition(head < queue.count, "InlineJobRunner.next() without an unanswered job")
        let job = queue[head]
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        if worker == nil {
            do throws(ExportError) {
                worker = .success(try makeWorker())
            } catch {
                worker = .failure(error)
            }
        }
        return try worker!.get()(job)
    }

    func close() {
        queue.removeAll()
        head = 0
        worker = nil
    }
}
