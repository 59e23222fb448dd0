/// Receives an export's progress (our addition). ``AnimationExporter`` calls ``exportBegan(totalSteps:title:)``
/// once, ``exportAdvanced(completedSteps:)`` after each rendered frame (steps only grow), and
/// ``exportEnded(succeeded:)`` once at the end, whether the export succeeded or not.
///
/// One step is one frame rendered; a GIF with a global palette counts the frames sampled for the palette too.
public protocol ExportProgress: AnyObject {
    /// The export starts; it will take `totalSteps` steps (≥ 1). `title` names it (usually the output file).
    func exportBegan(totalSteps: Int, title: String)
    /// `completedSteps` of the total are done.
    func exportAdvanced(completedSteps: Int)
    /// The export finished (`succeeded`) or stopped on an error or cancellation.
    func exportEnded(succeeded: Bool)
}

/// A progress receiver that ignores everything (our addition): for tests and quiet tools.
public final class SilentProgress: ExportProgress {
    /// A receiver that prints nothing.
    public init() {}
    public func exportBegan(totalSteps: Int, title: String) {}
    public func exportAdvanced(completedSteps: Int) {}
    public func exportEnded(succeeded: Bool) {}
}
