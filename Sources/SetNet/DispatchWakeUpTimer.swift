import Dispatch
import SetTransport

/// A `WakeUpTimer` on a Dispatch timer source and the system's monotonic clock: its handler runs on
/// the queue it was made with.
public final class DispatchWakeUpTimer: WakeUpTimer, @unchecked Sendable {
  // Sendable by confinement: used only on `queue`, where the source's handler runs too.
  private let queue: DispatchQueue
  private var source: DispatchSourceTimer?

  /// A disarmed timer whose handler runs on `queue`.
  public init(queue: DispatchQueue) {
    self.queue = queue
    let source = DispatchSource.makeTimerSource(queue: queue)
    source.schedule(deadline: .distantFuture)
    source.resume()
    self.source = source
  }

  public var now: Instant { MonotonicClock.now() }

  public func setHandler(_ handler: @escaping () -> Void) {
    source?.setEventHandler(handler: handler)
  }

  public func schedule(at deadline: Instant?) {
    dispatchPrecondition(condition: .onQueue(queue))
    guard let source else { return }
    guard let deadline else {
      source.schedule(deadline: .distantFuture)
      return
    }
    // Measured to the nanosecond from the monotonic clock, not rounded to a millisecond.
    let wait = max(0, deadline.nanoseconds - MonotonicClock.now().nanoseconds)
    source.schedule(deadline: .now() + .nanoseconds(Int(wait)), leeway: .microseconds(100))
  }

  public func cancel() {
    source?.cancel()
    source = nil
  }
}
