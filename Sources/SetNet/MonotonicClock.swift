import Glibc
import SetTransport

/// Milliseconds on the system's monotonic clock, which never jumps when the wall clock is set.
enum MonotonicClock {
  static func milliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }
}

extension Duration {
  /// This duration in whole milliseconds, rounded down.
  var wholeMilliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }
}
