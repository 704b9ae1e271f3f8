/// A clock that can wake its owner: the time now, and one wake-up at a deadline. A table server takes
/// one to run its game clock; `DispatchWakeUpTimer` (SetNet) is the real one, a `ManualClock`'s timer
/// the one tests drive.
///
/// A firing is only a wake-up: the owner rereads `now` and re-arms if the firing came early.
public protocol WakeUpTimer: AnyObject {
  /// The time now.
  var now: Instant { get }
  /// Runs `handler` at each wake-up. Set it before the first `schedule(at:)`.
  func setHandler(_ handler: @escaping () -> Void)
  /// Wakes the owner once at (or soon after) `deadline`, replacing any wake-up armed before; nil
  /// disarms.
  func schedule(at deadline: Instant?)
  /// Disarms for good; the handler is released.
  func cancel()
}
