import CLinux
import Dispatch
import Glibc
import SetTransport

/// One thread waiting on epoll for many sockets, running their handlers on a serial queue.
///
/// Each batch of readiness is handled inside `queue.sync`, which runs on the waiting thread itself
/// whenever the queue is free: a read is handled on the thread that saw it was ready, as in a
/// single-threaded event loop. (A Dispatch source costs a hand-off between threads for every read:
/// libdispatch's manager thread sees the readiness and wakes a worker thread to run the handler.)
/// Everything else on the queue (timers, async work) runs as before, one thing at a time, so the
/// queue still owns all the state the handlers touch.
///
/// Readiness is level-triggered: a descriptor whose handler left input unread is reported again in the
/// next batch, with every other one then ready, so a handler may read a little and leave the rest.
final class EventLoop: @unchecked Sendable {
  // Sendable by confinement: `watched`, `lastToken` and `isStopped` are touched only on `queue`;
  // the descriptors are set once, in `init`.

  /// Called on the queue with the epoll events (`EPOLLIN`, `EPOLLOUT`, `EPOLLHUP`, `EPOLLERR`) seen.
  typealias Handler = (UInt32) -> Void

  /// A watched descriptor.
  private struct Watched {
    let fd: Int32
    let handler: Handler
    /// The events asked for; with none, the descriptor is left out of the epoll set, so that a hang-up
    /// (which epoll reports whatever was asked) cannot wake the loop without end.
    var interest: UInt32 = 0
  }

  /// The serial queue the handlers run on.
  let queue: DispatchQueue
  let epoll: Int32
  /// Written to wake the waiting thread when it should stop.
  private let wakeFD: Int32
  private var watched: [UInt64: Watched] = [:]
  /// Runs on the queue after the handlers of each batch of readiness (see `onBatchEnd`).
  private var batchEnded: (() -> Bool)?
  /// Whether the last batch's end left work for the next turn: the loop then looks for readiness
  /// without waiting.
  private var hasWorkLeft = false
  /// Runs on the queue if waiting fails (see `onFailure`).
  private var failed: ((Int32) -> Void)?
  private var lastToken: UInt64 = 0
  private var isStopped = false
  /// Whether the handlers of a batch of readiness are running: the batch's end comes after them.
  private(set) var isHandlingBatch = false

  /// A loop whose handlers run on `queue`. Call `start()` to begin waiting.
  init(queue: DispatchQueue) throws(SocketError) {
    self.queue = queue
    epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
    guard epoll >= 0 else { throw SocketError.last("epoll_create1") }
    wakeFD = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
    guard wakeFD >= 0 else {
      let error = SocketError.last("eventfd")
      Glibc.close(epoll)
      throw error
    }
    var event = epoll_event()
    event.events = EPOLLIN.rawValue
    event.data.u64 = 0  // token 0: the wake-up descriptor
    _ = epoll_ctl(epoll, EPOLL_CTL_ADD, wakeFD, &event)
  }

  /// Starts the waiting thread. Call once. The thread holds the loop until `stop()`. If it cannot be
  /// started, the loop's descriptors are closed and it cannot be used.
  func start() throws(SocketError) {
    var thread = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()
    let result = pthread_create(
      &thread, nil,
      { context in
        Unmanaged<EventLoop>.fromOpaque(context!).takeRetainedValue().run()
        return nil
      }, context)
    guard result == 0 else {
      Unmanaged<EventLoop>.fromOpaque(context).release()
      Glibc.close(wakeFD)
      Glibc.close(epoll)
      throw SocketError("pthread_create", code: result)
    }
    pthread_detach(thread)
  }

  /// A loop on `queue`, started; if it cannot be made or started, `fd` (a socket it was to watch) is
  /// closed and the error thrown.
  static func started(on queue: DispatchQueue, orClosing fd: Int32) throws(SocketError) -> EventLoop {
    do {
      let loop = try EventLoop(queue: queue)
      try loop.start()
      return loop
    } catch {
      Glibc.close(fd)
      throw error
    }
  }

  /// Watches `fd` (for nothing yet: see `setInterest`); returns its token. `handler` is held until
  /// `remove(_:)`.
  func add(_ fd: Int32, handler: @escaping Handler) -> UInt64 {
    dispatchPrecondition(condition: .onQueue(queue))
    lastToken += 1
    watched[lastToken] = Watched(fd: fd, handler: handler)
    return lastToken
  }

  /// Asks for readability, writability, both or neither of the descriptor with `token`.
  func setInterest(_ token: UInt64, read: Bool, write: Bool) {
    dispatchPrecondition(condition: .onQueue(queue))
    guard let entry = watched[token] else { return }
    let interest = (read ? EPOLLIN.rawValue : 0) | (write ? EPOLLOUT.rawValue : 0)
    guard interest != entry.interest else { return }
    var event = epoll_event()
    event.events = interest
    event.data.u64 = token
    let operation = entry.interest == 0 ? EPOLL_CTL_ADD : (interest == 0 ? EPOLL_CTL_DEL : EPOLL_CTL_MOD)
    _ = epoll_ctl(epoll, operation, entry.fd, &event)
    watched[token]?.interest = interest
  }

  /// Stops watching the descriptor with `token` and drops its handler. Call before closing it.
  func remove(_ token: UInt64) {
    dispatchPrecondition(condition: .onQueue(queue))
    setInterest(token, read: false, write: false)
    watched[token] = nil
  }

  /// Runs `body` on the queue after the handlers of every batch of readiness have run: the handlers
  /// of one batch may gather what they read, and `body` act on all of it together, or on some of it:
  /// when `body` returns true, work is left, and the loop's next turn comes at once, with whatever is
  /// ready by then (none, if nothing is), rather than when something is.
  func onBatchEnd(_ body: @escaping () -> Bool) {
    dispatchPrecondition(condition: .onQueue(queue))
    batchEnded = body
  }

  /// Runs `body` on the queue, with the error, if the loop can no longer wait (its epoll descriptor was
  /// closed or replaced under it, by a stray close elsewhere in the process): nothing watched would be
  /// heard again, so the owner ends what it watches instead of waiting for ever. The loop has stopped.
  func onFailure(_ body: @escaping (Int32) -> Void) {
    dispatchPrecondition(condition: .onQueue(queue))
    failed = body
  }

  /// Runs, now, the handlers of every descriptor that is ready, without waiting, and not the batch's
  /// end: input that arrived while the queue was busy is read before what the caller does next, and
  /// the caller delivers what of it it needs.
  func handleReady() {
    dispatchPrecondition(condition: .onQueue(queue))
    guard !isStopped else { return }
    var events = [epoll_event](repeating: epoll_event(), count: 64)
    let count = epoll_wait(epoll, &events, Int32(events.count), 0)
    handle(events, count: Int(count), endingBatch: false)
  }

  /// Runs the handlers of the first `count` of `events`, then (`endingBatch`) the batch's end.
  private func handle(_ events: [epoll_event], count: Int, endingBatch: Bool = true) {
    let outermost = !isHandlingBatch
    isHandlingBatch = true
    defer { if outermost { isHandlingBatch = false } }
    for index in 0..<max(0, count) {
      let token = events[index].data.u64
      // Looked up now: an earlier handler in this batch may have removed it.
      watched[token]?.handler(events[index].events)
    }
    if endingBatch { hasWorkLeft = batchEnded?() ?? false }
  }

  /// Ends the waiting thread, which closes the epoll descriptor. Handlers still watched are dropped.
  func stop() {
    dispatchPrecondition(condition: .onQueue(queue))
    guard !isStopped else { return }
    isStopped = true
    watched.removeAll()
    batchEnded = nil
    var one: UInt64 = 1
    _ = write(wakeFD, &one, MemoryLayout<UInt64>.size)
  }

  /// The name of every loop's waiting thread.
  static let threadName = "setnet-loop"

  /// The waiting thread: epoll, then the handlers of what is ready, on the queue, until stopped.
  private func run() {
    _ = clinux_pthread_setname_np(UInt(pthread_self()), EventLoop.threadName)
    var events = [epoll_event](repeating: epoll_event(), count: 256)
    var running = true
    var ownsEpoll = true
    // Wait for readiness, unless the last batch's end left work: then only look.
    var timeout: Int32 = -1
    while running {
      let count = epoll_wait(epoll, &events, Int32(events.count), timeout)
      if count < 0 && errno != EINTR {
        let code = errno
        // A descriptor closed under the loop is no longer its own to close.
        ownsEpoll = code != EBADF
        queue.sync {
          guard !isStopped else { return }
          isStopped = true
          watched.removeAll()
          batchEnded = nil
          let body = failed
          failed = nil
          body?(code)
        }
        break
      }
      queue.sync {
        guard !isStopped else {
          running = false
          return
        }
        handle(events, count: Int(count))
        timeout = hasWorkLeft ? 0 : -1
      }
    }
    Glibc.close(wakeFD)
    if ownsEpoll { Glibc.close(epoll) }
  }
}
