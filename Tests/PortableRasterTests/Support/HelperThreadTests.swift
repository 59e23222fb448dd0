import Dispatch
import Synchronization
import Testing

@_spi(Engine) @testable import PortableRaster

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `HelperThread` runs one part of a piece of work on a second thread while the caller runs the other. This suite
/// also runs under the thread sanitizer in CI.
@Suite("The helper thread", .serialized)
struct HelperThreadTests {
    /// Fills `values[range]` with `value`.
    static func fill(_ values: UnsafeMutableBufferPointer<Int>, _ range: Range<Int>, with value: Int) {
        for index in range { values[index] = value }
    }

    @Test("both parts run before run returns, the helper's on another thread: 1,000 × (500 + 500) slots written")
    func bothPartsRun() {
        var values = [Int](repeating: 0, count: 1_000)
        var helperThreads = 0
        let caller = pthread_self()
        for round in 1...1_000 {
            var helperThread = caller
            values.withUnsafeMutableBufferPointer { buffer in
                HelperThread.shared.run(
                    {
                        helperThread = pthread_self()
                        Self.fill(buffer, 500..<1_000, with: round)
                    }, alongside: { Self.fill(buffer, 0..<500, with: -round) })
            }
            #expect(values[0..<500].allSatisfy { $0 == -round } && values[500...].allSatisfy { $0 == round })
            if pthread_equal(helperThread, caller) == 0 { helperThreads += 1 }
        }
        // Tests running alongside may hold the helper; the caller then runs both parts itself. Alone, every round runs
        // its part on the helper.
        #expect(helperThreads > 0)
    }

    @Test("a part that divides again runs both of its own parts itself: 4 quarters of 40 slots filled")
    func nestedDivision() {
        var values = [Int](repeating: 0, count: 40)
        values.withUnsafeMutableBufferPointer { buffer in
            HelperThread.shared.run(
                {
                    HelperThread.shared.run(
                        { Self.fill(buffer, 30..<40, with: 4) }, alongside: { Self.fill(buffer, 20..<30, with: 3) })
                },
                alongside: {
                    HelperThread.shared.run(
                        { Self.fill(buffer, 10..<20, with: 2) }, alongside: { Self.fill(buffer, 0..<10, with: 1) })
                })
        }
        #expect(values == (1...4).flatMap { Array(repeating: $0, count: 10) })
    }

    @Test("callers on four threads at once each get both parts of 300 rounds done (1,200 sums of 0 + 1 + … + 63)")
    func concurrentCallers() {
        let correct = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            var values = [Int](repeating: 0, count: 64)
            var count = 0
            for round in 0..<300 {
                values.withUnsafeMutableBufferPointer { buffer in
                    HelperThread.shared.run(
                        { for index in 32..<64 { buffer[index] = index + round } },
                        alongside: { for index in 0..<32 { buffer[index] = index + round } })
                }
                if values.reduce(0, +) == 2_016 + 64 * round { count += 1 }
            }
            let done = count
            correct.withLock { $0 += done }
        }
        #expect(correct.withLock { $0 } == 1_200)
    }

    @Test("after the helper has gone to sleep, a part is still done: 20 rounds 2 ms apart, each done once")
    func doneAfterSleep() {
        var done = 0
        for _ in 0..<20 {
            // 2 ms is far longer than the helper spins before it sleeps. The caller's own part is empty, so it
            // usually takes the helper's part back before the helper is awake.
            usleep(2_000)
            var value = 0
            withUnsafeMutablePointer(to: &value) { pointer in
                HelperThread.shared.run({ pointer.pointee += 1 }, alongside: {})
            }
            done += value
        }
        #expect(done == 20)
    }

    @Test("a sleeping helper woken by a part while the caller works 20 ms runs that part itself (up to 50 tries)")
    func wakesFromSleep() {
        let caller = pthread_self()
        var onHelper = 0
        // Alone, the first try runs there; tests running alongside may hold the helper for a try or a few.
        for _ in 0..<50 where onHelper == 0 {
            usleep(2_000)
            var helperThread = caller
            HelperThread.shared.run({ helperThread = pthread_self() }, alongside: { usleep(20_000) })
            if pthread_equal(helperThread, caller) == 0 { onHelper += 1 }
        }
        #expect(onHelper == 1)
    }

    @Test("turned off, both parts run on the caller's thread, one after the other: 10 rounds, 0 on the helper")
    func turnedOff() {
        HelperThread.isEnabled = false
        defer { HelperThread.isEnabled = true }
        let caller = pthread_self()
        var order: [Int] = []
        var elsewhere = 0
        for _ in 0..<10 {
            var helperThread = caller
            HelperThread.shared.run(
                {
                    helperThread = pthread_self()
                    order.append(2)
                }, alongside: { order.append(1) })
            if pthread_equal(helperThread, caller) == 0 { elsewhere += 1 }
        }
        #expect(elsewhere == 0)
        #expect(order == Array(repeating: [1, 2], count: 10).flatMap { $0 })
    }
}
