/// A clock that moves only when told: the time for in-memory servers and the tests that drive them.
/// Its timers fire, in deadline order, as `advance(by:)` passes their deadlines, with `now` set to each
/// deadline in turn. Not thread-safe: use it from one thread at a time.
public final class ManualClock {
  /// The time now.
  public private(set) var now: Instant
  private var timers: [ManualTimer] = []

  /// A clock reading `now`.
  public init(now: Instant = .zero) {
    self.now = now
  }

  /// A new timer on this clock, disarmed.
  public func makeTimer() -> ManualTimer {
    let timer = ManualTimer(clock: self)
    timers.append(timer)
    return timer
  }

  /// Moves time forward by `duration`, firing every timer whose deadline it passes (a timer re-armed
  /// within that span fires again), each with `now` at its deadline, then settles at the end.
  public func advance(by duration: Duration) {
    precondition(duration >= .zero, "a monotonic clock does not go back")
    let target = now + duration
    while let timer = nextDue(by: target), let deadline = timer.deadline {
      now = max(now, deadline)
      timer.fire()
    }
    now = target
  }

  /// The earliest deadline armed, if any.
  public var nextDeadline: Instant? {
    timers.compactMap(\.deadline).min()
  }

  /// The earliest-armed timer due by `target` (ties go to the timer made first).
  private func nextDue(by target: Instant) -> ManualTimer? {
    var best: ManualTimer?
    for timer in timers {
      guard let deadline = timer.deadline, deadline <= target else { continue }
      if let current = best?.deadline, current <= deadline { continue }
      best = timer
    }
    return best
  }

  fileprivate func remove(_ timer: ManualTimer) {
    timers.removeAll { $0 === timer }
  }
}

/// A `WakeUpTimer` on a `ManualClock`: it fires during `advance(by:)`, on the caller's thread.
public final class ManualTimer: WakeUpTimer {
  private weak var clock: ManualClock?
  private var handler: (() -> Void)?
  /// When it fires next, or nil if disarmed.
  public private(set) var deadline: Instant?

  fileprivate init(clock: ManualClock) {
    self.clock = clock
  }

  public var now: Instant { clock?.now ?? .zero }

  public func setHandler(_ handler: @escaping () -> Void) {
    self.handler = handler
  }

  public func schedule(at deadline: Instant?) {
    self.deadline = deadline
  }

  public func cancel() {
    deadline = nil
    handler = nil
    clock?.remove(self)
  }

  fileprivate func fire() {
    deadline = nil
    handler?()
  }
}
