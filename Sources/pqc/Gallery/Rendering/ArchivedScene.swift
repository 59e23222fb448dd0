import Foundation
import PortableQuartzCore

/// A layer tree loaded from a scene file (a `LayerArchive`), living on a manual clock that starts at 0 (our helper).
///
/// The tree is built with the clock installed and committed at time 0, so animations the archive holds with a
/// `beginTime` of 0 start at 0 and those with a later `beginTime` start then, exactly as in a scene captured at
/// time 0. A scene file holds no script: what the tree does afterwards comes from its attached animations only.
final class ArchivedScene: PlayableScene {
    /// The clock the tree runs on.
    let clock: MediaClock
    let root: CALayer

    /// Builds the tree of `archive` at time 0.
    /// - Throws: the `LayerArchiveError` of `LayerArchive.makeLayer()` when the archive names something that
    ///   cannot be built; nothing is kept in that case.
    init(_ archive: LayerArchive) throws {
        let clock = MediaClock(startingAt: 0)
        self.clock = clock
        root = try MediaClock.withInstalled(clock) { clock in
            let root = try archive.makeLayer()
            clock.advance(by: 0)
            return root
        }
    }

    var time: Double { clock.now }

    func advance(to time: Double) {
        guard time.isFinite, time >= clock.now else { return }
        MediaClock.withInstalled(clock) { clock in clock.advance(to: time) }
    }

    func withClock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try MediaClock.withInstalled(clock) { _ in try body() }
    }
}
