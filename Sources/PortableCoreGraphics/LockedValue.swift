@_spi(Engine) import PortableRaster

/// The lock the modules above use for state that threads share (our helper): PortableRaster's ``LockedValue``, a
/// POSIX mutex the thread sanitizer follows, where `Synchronization.Mutex` (futex calls it cannot see) would make it
/// report every hand-over between threads as a race.
package typealias LockedValue = PortableRaster.LockedValue
