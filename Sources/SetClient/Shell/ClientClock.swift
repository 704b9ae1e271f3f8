import Glibc
import SetClientCore
import SetCore

/// The client's clock: milliseconds on the system's monotonic clock since the process's first reading,
/// as the `Instant`s the model and the bot's brain take.
public enum ClientClock {
  private static let origin = monotonicMilliseconds()

  /// The time now.
  public static func now() -> Instant {
    Instant(milliseconds: monotonicMilliseconds() - origin)
  }

  static func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }
}
