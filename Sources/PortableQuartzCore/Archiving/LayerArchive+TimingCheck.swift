import Foundation

extension LayerArchive {
    /// Throws when a timing value of a layer or animation in the archive is NaN (our addition): `beginTime`,
    /// `duration`, `speed`, `timeOffset`, `repeatCount` or `repeatDuration`.
    ///
    /// An archive may hold NaN (it records objects exactly as they were), and the engine tolerates it (no NaN
    /// reaches a pixel), but a scene file that says NaN almost always comes from a broken generator, and
    /// rendering it would quietly show something else than was meant (a still picture, typically). Tools
    /// that render scene files (`pqc render`) refuse it with this error. Infinities are allowed: they have
    /// meanings (`repeatCount` `"inf"` repeats for ever).
    ///
    /// - Throws: `LayerArchiveError` with reason `invalidValue` at the path of the first NaN found, layers before
    ///   their sublayers, for example `root.sublayers[0].animations["spin"].duration`.
    public func checkTimingIsNumeric() throws(LayerArchiveError) {
        // Explicit stacks, so a deeply nested archive needs no call-stack depth.
        var layers: [(layer: ArchivedLayer, path: String)] = [(root, "root")]
        while let (layer, path) = layers.popLast() {
            try Self.check(layer.timing, at: path)
            var animations: [(animation: ArchivedAnimation, path: String)] = []
            for (index, animation) in (layer.animations ?? []).enumerated().reversed() {
                let place = animation.key.map { path + ".animations[\"\($0)\"]" } ?? path + ".animations[\(index)]"
                animations.append((animation, place))
            }
            while let (animation, place) = animations.popLast() {
                try Self.check(animation.timing, at: place)
                for (index, member) in (animation.animations ?? []).enumerated().reversed() {
                    animations.append((member, place + ".animations[\(index)]"))
                }
            }
            for (index, sublayer) in (layer.sublayers ?? []).enumerated().reversed() {
                layers.append((sublayer, path + ".sublayers[\(index)]"))
            }
            if let mask = layer.mask { layers.append((mask, path + ".mask")) }
        }
    }

    private static func check(_ timing: ArchivedTiming, at path: String) throws(LayerArchiveError) {
        let values: [(String, Double?)] = [
            ("beginTime", timing.beginTime), ("duration", timing.duration), ("speed", timing.speed.map(Double.init)),
            ("timeOffset", timing.timeOffset), ("repeatCount", timing.repeatCount.map(Double.init)),
            ("repeatDuration", timing.repeatDuration),
        ]
        for case (let name, let value?) in values where value.isNaN {
            throw LayerArchiveError(
                path: path + "." + name,
                reason: .invalidValue(
                    "\(name) is NaN; give a number (seconds for times), or leave it out for the default"))
        }
    }
}
