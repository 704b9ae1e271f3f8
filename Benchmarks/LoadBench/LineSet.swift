import CLinux
import Glibc

/// Many connections read together with epoll: the loop a load generator runs while it waits for a
/// server's lines to reach every client. (Not poll: with a thousand connections, poll's cost per call
/// would slow the client enough to blur what it measures.)
final class LineSet {
  let connections: [LineConnection]
  private let epoll: Int32
  private var events: [epoll_event]
  private let buffer: UnsafeMutableRawBufferPointer
  /// How many connections have ended.
  private(set) var endedCount = 0

  init(_ connections: [LineConnection]) {
    self.connections = connections
    epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
    precondition(epoll >= 0, "epoll_create1: \(String(cString: strerror(errno)))")
    events = [epoll_event](repeating: epoll_event(), count: 1024)
    buffer = .allocate(byteCount: 64 * 1024, alignment: 16)
    for (index, connection) in connections.enumerated() {
      var event = epoll_event()
      event.events = EPOLLIN.rawValue
      event.data.u64 = UInt64(index)
      _ = epoll_ctl(epoll, EPOLL_CTL_ADD, connection.fd, &event)
    }
  }

  deinit {
    Glibc.close(epoll)
    buffer.deallocate()
  }

  /// Reads lines, calling `onLine` with the connection's index, the line and when it was read, until
  /// `done()` holds or `deadline` (monotonic nanoseconds) passes. Returns whether `done()` held.
  /// `afterReads` runs after each round of reads, once every line that had arrived is handled.
  @discardableResult
  func run(
    until deadline: Int64, _ onLine: (Int, LineView, Int64) -> Void, afterReads: () -> Void = {},
    done: () -> Bool
  ) -> Bool {
    while !done() {
      guard Clock.now() < deadline else { return false }
      let ready = epoll_wait(epoll, &events, Int32(events.count), Clock.pollTimeout(until: deadline))
      if ready < 0 && errno != EINTR { return false }
      guard ready > 0 else { continue }
      for slot in 0..<Int(ready) {
        let index = Int(events[slot].data.u64)
        let connection = connections[index]
        guard !connection.isEnded else { continue }
        let open = connection.drain(buffer) { line, time in onLine(index, line, time) }
        if !open {
          _ = epoll_ctl(epoll, EPOLL_CTL_DEL, connection.fd, nil)
          endedCount += 1
        }
      }
      afterReads()
    }
    return true
  }

  /// Reads whatever arrives for `seconds`, discarding it.
  func discard(seconds: Double) {
    run(until: Clock.after(seconds: seconds), { _, _, _ in }, done: { false })
  }

  /// Sends `line(index)` on every connection, then reads until each has received a line for which
  /// `isAnswer` holds (after a prompt, if the line has one: see `LineView.droppingPrompt`), or
  /// `seconds` pass. Returns whether every connection was answered.
  func request(seconds: Double, _ line: (Int) -> String, isAnswer: (LineView) -> Bool) -> Bool {
    var answered = [Bool](repeating: false, count: connections.count)
    var count = 0
    for (index, connection) in connections.enumerated() where !connection.send(line(index)) {
      return false
    }
    return run(
      until: Clock.after(seconds: seconds),
      { index, received, _ in
        if !answered[index] && isAnswer(received.droppingPrompt) {
          answered[index] = true
          count += 1
        }
      }, done: { count == connections.count })
  }
}

/// Opens many loopback connections, a batch at a time.
enum Connector {
  /// `count` connections to 127.0.0.1:`port`, each connected within `seconds` in all.
  static func open(_ count: Int, port: UInt16, seconds: Double = 60) throws(BenchError) -> [LineConnection] {
    let deadline = Clock.after(seconds: seconds)
    var all: [LineConnection] = []
    all.reserveCapacity(count)
    while all.count < count {
      var batch: [LineConnection] = []
      for _ in 0..<min(250, count - all.count) {
        batch.append(try LineConnection.start(port: port))
      }
      var entries = batch.map { pollfd(fd: $0.fd, events: Int16(POLLOUT), revents: 0) }
      var waiting = batch.count
      while waiting > 0 {
        guard Clock.now() < deadline else {
          throw BenchError("only \(all.count + batch.count - waiting) of \(count) connections in \(seconds) s")
        }
        let ready = poll(&entries, nfds_t(entries.count), Clock.pollTimeout(until: deadline))
        guard ready > 0 else { continue }
        for index in entries.indices where entries[index].revents != 0 {
          let code = batch[index].connectError
          guard code == 0 else { throw BenchError("connect to port \(port): \(String(cString: strerror(code)))") }
          entries[index].fd = -1
          waiting -= 1
        }
      }
      all += batch
    }
    return all
  }

  /// Waits up to `seconds` for something to listen on 127.0.0.1:`port`.
  static func waitForListener(port: UInt16, seconds: Double) throws(BenchError) {
    let deadline = Clock.after(seconds: seconds)
    while true {
      if let connection = try? open(1, port: port, seconds: 1).first {
        connection.close()
        return
      }
      guard Clock.now() < deadline else { throw BenchError("nothing listens on 127.0.0.1:\(port)") }
      Clock.sleep(seconds: 0.05)
    }
  }
}
