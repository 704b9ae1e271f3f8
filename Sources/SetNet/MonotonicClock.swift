import Glibc
import SetTransport

/// The system's monotonic clock, which never jumps when the wall clock is set: the one clock the
/// shells read. What they read goes into the pure modules as a value.
public enum MonotonicClock {
  /// The time now.
  public static func now() -> Instant {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Instant(nanoseconds: Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))
  }

  /// Milliseconds since the clock's origin.
  public static func milliseconds() -> Int64 {
    now().milliseconds
  }
}
