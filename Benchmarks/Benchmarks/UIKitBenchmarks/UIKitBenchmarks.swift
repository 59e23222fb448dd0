import Benchmark
import Foundation
import PortableUIKit

#if canImport(Glibc)
    import Glibc
#endif

// UIKit benchmarks (issue 7). Target (release, one core): one `UIView.animate` block moving 1,000 views ≤ 5 ms.
// "Moving" means setting each view's `center` inside the block: the views' layers ask for actions and each gets an
// additive position animation. The commit that follows (the end of the run-loop turn) is measured separately.
//
// Besides wall-clock time each benchmark reports "Thread CPU (μs)": the CPU time the main actor's thread spent on
// the measured work, which leaves out the time it waited for a core, so figures stay comparable on a loaded
// machine.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .instructions, threadCPU],
        maxDuration: .seconds(3)
    )

    // Views are main-actor objects and the harness runs benchmarks on another thread, so the work hops to the main
    // actor; the hop (a few microseconds) is inside the wall-clock measurement.
    Benchmark("UIView.animate block moving 1,000 views") { benchmark async in
        let scene = await MainActor.run { MovingViews(count: 1_000) }
        benchmark.startMeasurement()
        let cpu = await MainActor.run { measuringThreadCPU { scene.animateOnce() } }
        benchmark.stopMeasurement()
        benchmark.measurement(threadCPU, cpu)
        await MainActor.run { scene.finish() }
    }

    Benchmark("UIView.animate block moving 1,000 views, with its commit") { benchmark async in
        let scene = await MainActor.run { MovingViews(count: 1_000) }
        benchmark.startMeasurement()
        let cpu = await MainActor.run {
            measuringThreadCPU {
                scene.animateOnce()
                scene.commit()
            }
        }
        benchmark.stopMeasurement()
        benchmark.measurement(threadCPU, cpu)
        await MainActor.run { scene.finish() }
    }
}

/// The CPU time of the measured work on its own thread, in microseconds.
let threadCPU = BenchmarkMetric.custom("Thread CPU (μs)", polarity: .prefersSmaller, useScalingFactor: false)

/// Runs `body` and returns the CPU time the calling thread spent on it, in microseconds, rounded
/// (`CLOCK_THREAD_CPUTIME_ID`).
func measuringThreadCPU(_ body: () -> Void) -> Int {
    let start = threadCPUTime()
    body()
    return (threadCPUTime() - start + 500) / 1_000
}

/// The CPU time the calling thread has used so far, in nanoseconds.
func threadCPUTime() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

/// 1,000 committed views under one root, driven by a manual clock.
@MainActor
final class MovingViews {
    let clock = MediaClock(startingAt: 0)
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
    var views: [UIView] = []

    init(count: Int) {
        MediaClock.withInstalled(clock) { clock in
            for index in 0..<count {
                let view = UIView(
                    frame: CGRect(x: Double(index % 40) * 25, y: Double(index / 40) * 25, width: 20, height: 20))
                root.addSubview(view)
                views.append(view)
            }
            clock.advance(by: 0)
        }
    }

    /// One block moving every view 100 points to the right.
    func animateOnce() {
        MediaClock.withInstalled(clock) { _ in
            UIView.animate(withDuration: 0.5) {
                for view in self.views {
                    view.center.x += 100
                }
            }
        }
        blackHole(views[views.count - 1].layer.animationKeys())
    }

    /// Commits the block's animations (the end of the turn).
    func commit() {
        clock.advance(by: 0)
    }

    /// Lets the animations end, so nothing is left running.
    func finish() {
        clock.advance(by: 1)
    }
}
