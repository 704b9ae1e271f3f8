import CLinux
import Dispatch
import Glibc
import SetTransport

/// A `WakeUpTimer` on a `timerfd` watched by an `EventLoop`: its firing is read by the loop's own
/// waiting thread and handled there, in the queue's turn, as a socket's readiness is, with the batch's
/// writes right after. (A Dispatch timer is fired by libdispatch's timer thread, which then wakes a
/// worker to run the handler on the queue: a hand-off that a claim's expiry waited for.)
///
/// The deadline is armed as an absolute instant of `CLOCK_MONOTONIC`, the clock `MonotonicClock`
/// reads, so a wait is never rounded or measured twice.
final class LoopWakeUpTimer: WakeUpTimer, @unchecked Sendable {
  // Sendable by confinement: used only on the loop's queue, where its handler runs too.
  private let loop: EventLoop
  private var fd: Int32
  private var token: UInt64 = 0
  private var handler: (() -> Void)?

  /// A disarmed timer on `loop`, or nil if the system gives no timerfd. Call on the loop's queue.
  init?(loop: EventLoop) {
    dispatchPrecondition(condition: .onQueue(loop.queue))
    self.loop = loop
    fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK) | Int32(TFD_CLOEXEC))
    guard fd >= 0 else { return nil }
    token = loop.add(fd) { [weak self] _ in self?.fired() }
    loop.setInterest(token, read: true, write: false)
  }

  deinit {
    if fd >= 0 { Glibc.close(fd) }
  }

  var now: Instant { MonotonicClock.now() }

  func setHandler(_ handler: @escaping () -> Void) {
    self.handler = handler
  }

  func schedule(at deadline: Instant?) {
    dispatchPrecondition(condition: .onQueue(loop.queue))
    guard fd >= 0 else { return }
    var spec = itimerspec()
    if let deadline {
      // An instant already past is armed a nanosecond after the clock's origin: at once (a zero
      // value would disarm).
      let nanoseconds = max(1, deadline.nanoseconds)
      spec.it_value.tv_sec = Int(nanoseconds / 1_000_000_000)
      spec.it_value.tv_nsec = Int(nanoseconds % 1_000_000_000)
    }
    _ = timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &spec, nil)
  }

  func cancel() {
    dispatchPrecondition(condition: .onQueue(loop.queue))
    handler = nil
    guard fd >= 0 else { return }
    loop.remove(token)
    Glibc.close(fd)
    fd = -1
  }

  /// The timerfd is readable: it fired. Its count is read, so that the loop does not report it again,
  /// then the owner is woken.
  private func fired() {
    var expirations: UInt64 = 0
    _ = read(fd, &expirations, MemoryLayout<UInt64>.size)
    handler?()
  }
}
