import PortableQuartzCoreTesting
import Testing

/// One configuration of the worked timing tables and the progress expected at several parent times (nil: the
/// animation contributes nothing, "removed").
struct TimingTableRow: Sendable, CustomTestStringConvertible {
    let name: String
    let timing: TimingParameters
    let expectations: [(time: Double, progress: Double?)]

    var testDescription: String { name }
}

@Suite("TimingParameters: animation timing of SPEC §1")
struct TimingParametersTests {
    /// SPEC §1.14 rows are given to four decimals.
    static let tableTolerance = 5e-5

    static let table14: [TimingTableRow] = [
        TimingTableRow(
            name: "d 1.5", timing: TimingParameters(duration: 1.5),
            expectations: [(0, 0), (0.75, 0.5), (1.49, 0.9933), (1.5, nil)]),
        TimingTableRow(
            name: "d 1.5, begin 1, fill backwards",
            timing: TimingParameters(beginTime: 1, duration: 1.5, fillMode: .backwards),
            expectations: [(0, 0), (1.75, 0.5), (2.5, nil)]),
        TimingTableRow(
            name: "d 1.5, begin 1, fill forwards",
            timing: TimingParameters(beginTime: 1, duration: 1.5, fillMode: .forwards),
            expectations: [(0, nil), (2.5, 1.0), (4, 1.0)]),
        TimingTableRow(
            name: "d 1.5, autoreverses", timing: TimingParameters(duration: 1.5, autoreverses: true),
            expectations: [(0.75, 0.5), (1.5, 1.0), (2.25, 0.5), (2.99, 0.0067), (3.0, nil)]),
        TimingTableRow(
            name: "d 2, repeatCount 1.5", timing: TimingParameters(duration: 2, repeatCount: 1.5),
            expectations: [(1, 0.5), (2.5, 0.25), (2.99, 0.495), (3.0, nil)]),
        TimingTableRow(
            name: "d 2, repeatCount 1.5, fill forwards",
            timing: TimingParameters(duration: 2, repeatCount: 1.5, fillMode: .forwards),
            expectations: [(3.0, 0.5), (10, 0.5)]),
        TimingTableRow(
            name: "d 1.5, repeatDuration 2", timing: TimingParameters(duration: 1.5, repeatDuration: 2),
            expectations: [(1.6, 0.0667), (1.99, 0.3267), (2.0, nil)]),
        TimingTableRow(
            name: "d 1, autoreverses, repeatCount 2",
            timing: TimingParameters(duration: 1, repeatCount: 2, autoreverses: true),
            expectations: [(0.5, 0.5), (1.25, 0.75), (2.5, 0.5), (3.75, 0.25), (4.0, nil)]),
        TimingTableRow(
            name: "d 0.5, autoreverses, repeatCount 2.5, fill forwards",
            timing: TimingParameters(duration: 0.5, repeatCount: 2.5, autoreverses: true, fillMode: .forwards),
            expectations: [(2.5, 1.0), (3, 1.0)]),
        TimingTableRow(
            name: "d 3, speed 2", timing: TimingParameters(duration: 3, speed: 2),
            expectations: [(0.75, 0.5), (1.5, nil)]),
        TimingTableRow(
            name: "d 1.5, speed -1", timing: TimingParameters(duration: 1.5, speed: -1),
            expectations: [(0, 1.0), (0.5, 0.6667), (1.0, 0.3333), (1.5, nil)]),
        TimingTableRow(
            name: "d 1, speed 0, offset 0.3", timing: TimingParameters(duration: 1, speed: 0, timeOffset: 0.3),
            expectations: [(0, 0.3), (0.5, 0.3), (7, 0.3), (1e9, 0.3)]),
        // SPEC §1.8: RON cheat sheet "beginTime = -0.5".
        TimingTableRow(
            name: "d 1.5, begin -0.5", timing: TimingParameters(beginTime: -0.5, duration: 1.5),
            expectations: [(0, 0.3333), (0.999, 0.9993), (1.0, nil)]),
        // SPEC §1.12, contradiction 1: speed 2 with offset 0.5 starts in the middle and wraps.
        TimingTableRow(
            name: "d 1, speed 2, offset 0.5", timing: TimingParameters(duration: 1, speed: 2, timeOffset: 0.5),
            expectations: [(0, 0.5), (0.125, 0.75), (0.2499, 0.9998), (0.25, 0.0), (0.375, 0.25), (0.5, nil)]),
        // SPEC §1.12, contradiction 2: the offset wraps inside an active period of unchanged length.
        TimingTableRow(
            name: "d 3, offset 1", timing: TimingParameters(duration: 3, timeOffset: 1),
            expectations: [(0, 0.3333), (1, 0.6667), (1.99, 0.9967), (2.0, 0.0), (2.5, 0.1667), (3.0, nil)]),
        TimingTableRow(
            name: "d 3, offset 1, fill forwards",
            timing: TimingParameters(duration: 3, timeOffset: 1, fillMode: .forwards),
            expectations: [(3.0, 0.3333), (5, 0.3333)]),
    ]

    @Test("worked timing tables (SPEC §1.8, §1.12, §1.14) give the listed progress", arguments: table14)
    func workedTables(row: TimingTableRow) {
        for (time, expected) in row.expectations {
            let actual = TimingFixtures.progress(row.timing, at: time)
            if let expected {
                guard let actual else {
                    Issue.record("\(row.name) at \(time): removed, expected \(expected)")
                    continue
                }
                TimingFixtures.expectClose(actual, expected, tolerance: Self.tableTolerance, "\(row.name) at \(time)")
            } else {
                #expect(actual == nil, "\(row.name) at \(time): expected removed, got \(actual ?? .nan)")
            }
        }
    }

    @Test("active time is (t - beginTime) × speed + timeOffset (SPEC §1.2: 10.25 → 1.0)")
    func activeTimeFormula() {
        let timing = TimingParameters(beginTime: 10, duration: 4, speed: 2, timeOffset: 0.5)
        let sample = timing.sample(atParentTime: 10.25)
        #expect(sample.phase == .active)
        TimingFixtures.expectClose(sample.activeTime, 1.0, tolerance: 1e-12)
        TimingFixtures.expectClose(sample.fraction, 0.25, tolerance: 1e-12)
    }

    @Test("speed is a Float widened to Double: 1.1 runs at 1.100000023841858")
    func speedWidening() {
        let timing = TimingParameters(duration: 100, speed: 1.1)
        #expect(timing.effectiveSpeed == 1.100000023841858)
        #expect(timing.sample(atParentTime: 10).activeTime == 10 * 1.100000023841858)
        #expect(timing.sample(atParentTime: 10).activeTime != 11)
    }

    @Test(
        "active duration follows repeatCount, repeatDuration and autoreverses (SPEC §1.3, RON)",
        arguments: [
            (TimingParameters(duration: 2, repeatCount: 1.5), 3.0),
            (TimingParameters(duration: 1, repeatCount: 2, autoreverses: true), 4.0),
            (TimingParameters(duration: 0.5, repeatCount: 2.5, autoreverses: true), 2.5),
            (TimingParameters(duration: 1.5, repeatDuration: 2), 2.0),
            (TimingParameters(duration: 1.5, repeatDuration: 1), 1.0),
            (TimingParameters(duration: 1.5, autoreverses: true), 3.0),
            (TimingParameters(duration: 1.5), 1.5),
            (TimingParameters(duration: 1, repeatCount: 3, repeatDuration: 2.5), 2.5),
            (TimingParameters(duration: 1, repeatCount: 2, repeatDuration: 5), 2.0),
            (TimingParameters(duration: 1, repeatCount: .infinity), .infinity),
            (TimingParameters(duration: 1, repeatDuration: .infinity), .infinity),
            (TimingParameters(duration: 0, repeatCount: .infinity), 0),
        ])
    func activeDuration(timing: TimingParameters, expected: Double) {
        #expect(timing.activeDuration == expected)
    }

    @Test("the active period lasts activeDuration / |speed| parent seconds (RON: d 3, speed 2 → 1.5 s)")
    func parentDuration() {
        #expect(TimingParameters(duration: 3, speed: 2).activeDurationInParentTime == 1.5)
        #expect(TimingParameters(duration: 3, speed: -2).activeDurationInParentTime == 1.5)
        #expect(TimingParameters(duration: 3, speed: 0).activeDurationInParentTime == .infinity)
        #expect(TimingParameters(duration: 0, speed: 0).activeDurationInParentTime == 0)
        #expect(TimingParameters(beginTime: 2, duration: 3, speed: 2).activeEndTime == 3.5)
        #expect(TimingParameters(beginTime: -0.5, duration: 1.5).activeEndTime == 1.0)
    }

    @Test("repeatCount and repeatDuration together end at the smaller bound (SPEC §1.3: progress 0.5 of iteration 2)")
    func bothRepeatBoundsUseTheMinimum() {
        let timing = TimingParameters(duration: 1, repeatCount: 3, repeatDuration: 2.5, fillMode: .forwards)
        let end = timing.sample(atParentTime: 2.5)
        #expect(end.phase == .after)
        #expect(end.iteration == 2)
        TimingFixtures.expectClose(end.fraction, 0.5, tolerance: 1e-12)
    }

    @Test("phases: before beginTime, active while e < AD, after from e = AD")
    func phases() {
        let timing = TimingParameters(beginTime: 1, duration: 2)
        #expect(timing.sample(atParentTime: 0.999).phase == .before)
        #expect(timing.sample(atParentTime: 1).phase == .active)
        #expect(timing.sample(atParentTime: 2.999).phase == .active)
        #expect(timing.sample(atParentTime: 3).phase == .after)
    }

    @Test("fill modes decide which phases contribute (SPEC §1.6)")
    func fillModes() {
        func contributions(_ mode: CAMediaTimingFillMode) -> [Bool] {
            let timing = TimingParameters(beginTime: 1, duration: 1, fillMode: mode)
            return [0.5, 1.5, 2.5].map { timing.sample(atParentTime: $0).contributes }
        }
        #expect(contributions(.removed) == [false, true, false])
        #expect(contributions(.backwards) == [true, true, false])
        #expect(contributions(.forwards) == [false, true, true])
        #expect(contributions(.both) == [true, true, true])
        #expect(contributions(CAMediaTimingFillMode(rawValue: "sideways")) == [false, true, false])
    }

    @Test("a backwards fill shows the value at e = 0, i.e. at the time offset")
    func backwardsFillUsesOffset() {
        let timing = TimingParameters(beginTime: 5, duration: 2, timeOffset: 0.5, fillMode: .backwards)
        let sample = timing.sample(atParentTime: 0)
        #expect(sample.phase == .before)
        TimingFixtures.expectClose(sample.fraction, 0.25, tolerance: 1e-12)
    }

    @Test("the end of the active period is the limit from inside: last iteration, fraction 1")
    func endBoundaryUsesPreviousIteration() {
        let timing = TimingParameters(duration: 1, repeatCount: 2, fillMode: .forwards)
        let end = timing.sample(atParentTime: 2)
        #expect(end.phase == .after)
        #expect(end.iteration == 1)
        #expect(end.fraction == 1)
        #expect(end.basicTime == 1)
    }

    @Test("interior iteration boundaries start the new iteration (fraction 0)")
    func interiorBoundaryStartsNewIteration() {
        let timing = TimingParameters(duration: 1, repeatCount: 3)
        let sample = timing.sample(atParentTime: 1)
        #expect(sample.iteration == 1)
        #expect(sample.fraction == 0)
    }

    @Test("an autoreversed animation filled forwards ends where it started (fraction 0)")
    func autoreverseEndsAtStart() {
        let timing = TimingParameters(duration: 1.5, autoreverses: true, fillMode: .forwards)
        let end = timing.sample(atParentTime: 3)
        #expect(end.iteration == 0)
        #expect(end.fraction == 0)
    }

    @Test("iteration counts whole cycles; an autoreversed cycle is the round trip (SPEC §1.14)")
    func iterationIndex() {
        #expect(TimingParameters(duration: 2, repeatCount: 1.5).sample(atParentTime: 2.5).iteration == 1)
        let reversing = TimingParameters(duration: 1, repeatCount: 2, autoreverses: true)
        #expect(reversing.sample(atParentTime: 1.25).iteration == 0)
        #expect(reversing.sample(atParentTime: 2.5).iteration == 1)
        #expect(reversing.sample(atParentTime: 3.75).iteration == 1)
    }

    @Test("negative speed plays the same interval backwards, folding below zero (SPEC §1.4, INFERRED model)")
    func negativeSpeed() {
        let timing = TimingParameters(duration: 1.5, speed: -1)
        let sample = timing.sample(atParentTime: 0.5)
        #expect(sample.iteration == -1)
        TimingFixtures.expectClose(sample.activeTime, -0.5, tolerance: 1e-15)
        TimingFixtures.expectClose(sample.basicTime, 1.0, tolerance: 1e-15)
        #expect(timing.sample(atParentTime: 0).fraction == 1)
    }

    @Test("negative speed with fills: the start shows the end value, the end shows the start value (INFERRED)")
    func negativeSpeedFills() {
        let timing = TimingParameters(beginTime: 1, duration: 1.5, speed: -1, fillMode: .both)
        #expect(timing.sample(atParentTime: 0).fraction == 1)
        let end = timing.sample(atParentTime: 3)
        #expect(end.phase == .after)
        #expect(end.fraction == 0)
    }

    @Test("speed 0 freezes an animation at its offset from beginTime on (SPEC §1.4)")
    func speedZero() {
        let timing = TimingParameters(beginTime: 2, duration: 1, speed: 0, timeOffset: 0.3)
        #expect(timing.sample(atParentTime: 1).phase == .before)
        for time in [2.0, 3, 1e6, .infinity] {
            let sample = timing.sample(atParentTime: time)
            #expect(sample.phase == .active)
            TimingFixtures.expectClose(sample.fraction, 0.3, tolerance: 1e-12)
        }
    }

    @Test("a paused animation with timeOffset = duration shows the start value (SPEC §1.12 consequence)")
    func pausedAtDurationShowsStart() {
        let timing = TimingParameters(duration: 1, speed: 0, timeOffset: 1)
        #expect(timing.sample(atParentTime: 0).fraction == 0)
    }

    @Test("TimingParameters copies a CAMediaTiming object's eight values")
    func copiesFromProtocol() {
        let object = TimedObject()
        object.beginTime = 1
        object.duration = 2
        object.speed = 3
        object.timeOffset = 4
        object.repeatCount = 5
        object.repeatDuration = 6
        object.autoreverses = true
        object.fillMode = .backwards
        let timing = TimingParameters(object)
        #expect(
            timing
                == TimingParameters(
                    beginTime: 1, duration: 2, speed: 3, timeOffset: 4, repeatCount: 5, repeatDuration: 6,
                    autoreverses: true, fillMode: .backwards))
    }

    @Test("CAMediaTiming properties can be set through a generic constraint, as on Apple platforms")
    func protocolSettersThroughGenerics() {
        func pause<T: CAMediaTiming>(_ object: T, at time: CFTimeInterval) {
            object.speed = 0
            object.timeOffset = time
        }
        let object = TimedObject()
        pause(object, at: 7)
        #expect(object.speed == 0)
        #expect(object.timeOffset == 7)
    }

    @Test("fill mode constants have Apple's raw values and round-trip through TimingParameters")
    func fillModeValues() {
        #expect(CAMediaTimingFillMode.forwards.rawValue == "forwards")
        #expect(CAMediaTimingFillMode.backwards.rawValue == "backwards")
        #expect(CAMediaTimingFillMode.both.rawValue == "both")
        #expect(CAMediaTimingFillMode.removed.rawValue == "removed")
        #expect(CAMediaTimingFillMode(rawValue: "both") == .both)
        for mode in [CAMediaTimingFillMode.forwards, .backwards, .both, .removed] {
            #expect(TimingParameters(fillMode: mode).fillMode == mode)
        }
        var timing = TimingParameters()
        timing.fillMode = .both
        #expect(timing.fillsBackwards && timing.fillsForwards)
        timing.fillMode = CAMediaTimingFillMode(rawValue: "unknown")
        #expect(timing.fillMode == .removed)
    }

    @Test("defaults are Apple's: an animation's duration 0, a layer's infinity")
    func defaults() {
        let animation = TimingParameters()
        #expect(animation.beginTime == 0 && animation.duration == 0 && animation.speed == 1)
        #expect(animation.timeOffset == 0 && animation.repeatCount == 0 && animation.repeatDuration == 0)
        #expect(!animation.autoreverses && animation.fillMode == .removed)
        #expect(TimingParameters.layerDefaults.duration == .infinity)
    }
}

@Suite("TimingParameters: bad input never yields NaN")
struct TimingParametersBadInputTests {
    @Test("NaN and negative durations act as 0: never active, the end shows fraction 1")
    func badDurations() {
        for duration: Double in [.nan, -1, -.infinity] {
            let timing = TimingParameters(duration: duration, fillMode: .both)
            #expect(timing.activeDuration == 0)
            let end = timing.sample(atParentTime: 0)
            #expect(end.phase == .after)
            #expect(end.fraction == 1)
            #expect(TimingFixtures.isWellDefined(end))
        }
    }

    @Test("a zero duration autoreversed ends at fraction 0; before a negative-speed start it shows 1")
    func zeroDurationLimits() {
        #expect(
            TimingParameters(duration: 0, autoreverses: true, fillMode: .forwards).sample(atParentTime: 1).fraction == 0
        )
        let backwards = TimingParameters(beginTime: 1, duration: 0, speed: -1, fillMode: .backwards)
        #expect(backwards.sample(atParentTime: 0).fraction == 1)
    }

    @Test("negative and NaN repeat values are treated as 0 (play once)")
    func badRepeats() {
        for count in [Float(-1), -.infinity, .nan] {
            #expect(TimingParameters(duration: 2, repeatCount: count).activeDuration == 2)
        }
        for limit in [-1.0, -.infinity, .nan] {
            #expect(TimingParameters(duration: 2, repeatDuration: limit).activeDuration == 2)
        }
    }

    @Test("a NaN parent time counts as before the beginning")
    func nanParentTime() {
        let timing = TimingParameters(duration: 1, fillMode: .both)
        let sample = timing.sample(atParentTime: .nan)
        #expect(sample.phase == .before)
        #expect(sample.contributes)
        #expect(sample.fraction == 0)
        #expect(!TimingParameters(duration: 1).sample(atParentTime: .nan).contributes)
    }

    @Test("infinite parent times fall before or after; an infinitely repeating animation stays active")
    func infiniteParentTimes() {
        let finite = TimingParameters(duration: 1, fillMode: .both)
        #expect(finite.sample(atParentTime: .infinity).phase == .after)
        #expect(finite.sample(atParentTime: .infinity).fraction == 1)
        #expect(finite.sample(atParentTime: -.infinity).phase == .before)
        let endless = TimingParameters(duration: 1, repeatCount: .infinity)
        let late = endless.sample(atParentTime: .infinity)
        #expect(late.phase == .active)
        #expect(TimingFixtures.isWellDefined(late))
        let far = endless.sample(atParentTime: 1e9 + 0.25)
        TimingFixtures.expectClose(far.fraction, 0.25, tolerance: 1e-6)
        #expect(far.iteration == 1_000_000_000)
    }

    @Test("NaN speed freezes; infinite speed finishes at once")
    func badSpeeds() {
        let frozen = TimingParameters(duration: 1, speed: .nan, timeOffset: 0.4)
        TimingFixtures.expectClose(frozen.sample(atParentTime: 100).fraction, 0.4, tolerance: 1e-12)
        let instant = TimingParameters(duration: 1, speed: Float.infinity, fillMode: .forwards)
        #expect(instant.sample(atParentTime: 0).phase == .active)
        let after = instant.sample(atParentTime: 0.001)
        #expect(after.phase == .after)
        #expect(after.fraction == 1)
        #expect(
            TimingParameters(duration: 1, speed: -.infinity).effectiveSpeed == -Double(Float.greatestFiniteMagnitude))
    }

    @Test("non-finite offsets and begin times give defined samples")
    func badOffsets() {
        for offset in [Double.infinity, -.infinity, .nan] {
            let sample = TimingParameters(duration: 1, timeOffset: offset).sample(atParentTime: 0.5)
            #expect(TimingFixtures.isWellDefined(sample))
        }
        let nanBegin = TimingParameters(beginTime: .nan, duration: 1)
        TimingFixtures.expectClose(nanBegin.sample(atParentTime: 0.5).fraction, 0.5, tolerance: 1e-12)
        let never = TimingParameters(beginTime: .infinity, duration: 1)
        #expect(never.sample(atParentTime: 1e300).phase == .before)
        #expect(TimingFixtures.isWellDefined(never.sample(atParentTime: .infinity)))
    }

    @Test("an infinite duration never folds: basic time is the active time, fraction 0")
    func infiniteDuration() {
        let sample = TimingParameters(duration: .infinity).sample(atParentTime: 12.5)
        #expect(sample.phase == .active)
        #expect(sample.basicTime == 12.5)
        #expect(sample.fraction == 0)
        #expect(sample.iteration == 0)
    }

    @Test("a cycle too short to resolve against the active time gives a defined sample")
    func unresolvableCycle() {
        let timing = TimingParameters(duration: .leastNonzeroMagnitude, repeatCount: .infinity)
        let sample = timing.sample(atParentTime: 1e300)
        #expect(TimingFixtures.isWellDefined(sample))
    }
}
