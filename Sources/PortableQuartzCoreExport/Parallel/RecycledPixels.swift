import Foundation

/// GIF working-pixel arrays that an export no longer needs, kept for its workers to fill again (our helper).
///
/// Each frame of a GIF export is loaded into an array of `width × height` words on a worker thread and released
/// on the exporting thread once the encoder has moved past it. Allocated anew each time, such an array is a
/// fresh large block per frame, made on one thread and freed on another, which the C allocator returns to the
/// system and faults in again (at 1920 × 1440, about half a second of kernel time over 120 frames on two
/// workers). The exporting thread puts each array here once nothing reads it any more (a palette sample's at once;
/// a planned frame's when the block of the frame after it is written, as that frame's encoding compares against
/// it), and the workers take them back, so an export allocates about as many arrays as it has frames in flight.
///
/// An array taken while another reference to it is still alive (a frame still being encoded) is copied on its
/// first write, as any Swift array is, so reuse never changes a frame; it only saves the allocation when the
/// array is free. Thread-safe (an `NSLock`, which the thread sanitizer understands).
final class RecycledPixels: @unchecked Sendable {
    // Unchecked: `arrays` is only touched between `lock.lock()` and `lock.unlock()`.
    private let lock = NSLock()
    private var arrays: [[UInt32]] = []
    /// Most arrays kept; more are released.
    let limit: Int

    /// A pool keeping at most `limit` arrays.
    init(limit: Int) {
        self.limit = limit
    }

    /// An array to load a frame into: one put back earlier, or an empty one.
    func take() -> [UInt32] {
        lock.lock()
        defer { lock.unlock() }
        return arrays.popLast() ?? []
    }

    /// Keeps `array` for a later ``take()`` (an empty one, or one past the limit, is released).
    func put(_ array: [UInt32]) {
        guard !array.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        if arrays.count < limit { arrays.append(array) }
    }

    /// How many arrays are kept now (for tests).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return arrays.count
    }
}
