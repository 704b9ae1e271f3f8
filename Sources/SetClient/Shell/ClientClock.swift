import SetClientCore
import SetCore
import SetNet

/// The client's clock: milliseconds on the system's monotonic clock since the process's first reading,
/// as the `Instant`s the model and the bot's brain take.
public enum ClientClock {
  private static let origin = MonotonicClock.milliseconds()

  /// The time now.
  public static func now() -> Instant {
    Instant(milliseconds: MonotonicClock.milliseconds() - origin)
  }
}
