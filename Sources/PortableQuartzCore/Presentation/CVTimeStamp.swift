import Foundation

/// A time stamp of a display refresh (CoreVideo's type, declared here so `CARenderer`'s signature matches Apple's).
/// The renderer accepts and ignores it, as Apple's does when it is nil.
public struct CVTimeStamp: Sendable {
    public var version: UInt32 = 0
    public var videoTimeScale: Int32 = 0
    public var videoTime: Int64 = 0
    public var hostTime: UInt64 = 0
    public var rateScalar: Double = 0
    public var videoRefreshPeriod: Int64 = 0
    public var flags: UInt64 = 0
    public var reserved: UInt64 = 0

    public init() {}
}
