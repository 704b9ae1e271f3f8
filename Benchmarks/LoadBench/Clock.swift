import Glibc

/// Nanoseconds on the system's monotonic clock: the same clock the server reads, so a time taken here
/// and a deadline the server computed are on one time line, with no offset between them.
enum Clock {
  static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }

  /// A deadline `seconds` from now.
  static func after(seconds: Double) -> Int64 {
    now() + Int64(seconds * 1e9)
  }

  /// Sleeps for `seconds` (retrying when interrupted, never past the requested time).
  static func sleep(seconds: Double) {
    let deadline = after(seconds: seconds)
    while case let left = deadline - now(), left > 0 {
      var request = timespec(tv_sec: Int(left / 1_000_000_000), tv_nsec: Int(left % 1_000_000_000))
      _ = nanosleep(&request, nil)
    }
  }

  /// Milliseconds from now until `deadline`, for poll: at least 0, rounded up.
  static func pollTimeout(until deadline: Int64) -> Int32 {
    let left = deadline - now()
    guard left > 0 else { return 0 }
    return Int32(min((left + 999_999) / 1_000_000, 60_000))
  }
}

/// A benchmark step that could not be carried out.
struct BenchError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
