/// Runs jobs and hands back their results in the order the jobs were submitted (our helper for export): on worker
/// threads (``OrderedWorkerPool``) or on the calling thread (``InlineJobRunner``).
protocol OrderedJobRunner<Job, Output> {
    associatedtype Job
    associatedtype Output

    /// Queues `job`; its result is returned by ``next()`` after the results of every job submitted before it.
    func submit(_ job: Job)
    /// The result of the oldest job whose result was not yet returned.
    /// - Precondition: a job was submitted whose result was not yet returned.
    func next() throws(ExportError) -> Output
    /// Ends the runner: jobs not yet run are dropped, and every worker's state is gone when it returns.
    func close()
}

extension OrderedWorkerPool: OrderedJobRunner {}
