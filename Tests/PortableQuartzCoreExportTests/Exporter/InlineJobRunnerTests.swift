import Foundation
import Testing

@testable import PortableQuartzCoreExport

@Suite("InlineJobRunner")
struct InlineJobRunnerTests {
    @Test("jobs run on the calling thread when their result is asked for: none after 3 submits, then 0, 10, 20, 30")
    func runsWhenAsked() throws {
        var ran: [Int] = []
        var made = 0
        let caller = Thread.current
        let runner = InlineJobRunner<Int, Int> { () throws(ExportError) in
            made += 1
            return { job throws(ExportError) in
                precondition(Thread.current == caller, "an inline job ran on another thread")
                ran.append(job)
                return job * 10
            }
        }
        for job in 0..<3 { runner.submit(job) }
        #expect(ran.isEmpty && made == 0)
        #expect(try runner.next() == 0)
        runner.submit(3)
        #expect(try runner.next() == 10)
        #expect(try runner.next() == 20)
        #expect(try runner.next() == 30)
        #expect(ran == [0, 1, 2, 3])
        #expect(made == 1, "one worker serves every job")
    }

    @Test("a job's error comes back in its place, and a worker that cannot be made answers every job with its error")
    func errors() throws {
        let failing = InlineJobRunner<Int, Int> { () throws(ExportError) in
            return { job throws(ExportError) in
                if job == 1 { throw .invalidOption("job 1") }
                return job
            }
        }
        for job in 0..<3 { failing.submit(job) }
        #expect(try failing.next() == 0)
        #expect(throws: ExportError.invalidOption("job 1")) { try failing.next() }
        #expect(try failing.next() == 2)

        let unmade = InlineJobRunner<Int, Int> { () throws(ExportError) -> (Int) throws(ExportError) -> Int in
            throw .invalidSize(width: 0, height: 0)
        }
        unmade.submit(1)
        unmade.submit(2)
        #expect(throws: ExportError.invalidSize(width: 0, height: 0)) { try unmade.next() }
        #expect(throws: ExportError.invalidSize(width: 0, height: 0)) { try unmade.next() }
    }
}
