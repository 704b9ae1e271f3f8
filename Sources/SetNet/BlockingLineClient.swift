import Glibc
import SetTransport

/// A plain blocking line client for tests, benchmarks and scripts: every call waits, each read at
/// most for its timeout (using poll). Not thread-safe: use one from one thread at a time.
public final class BlockingLineClient {
  private var fd: Int32
  private var framer: LineFramer
  private var pending: [LineInput] = []
  private var pendingStart = 0
  private let sendTimeoutMilliseconds: Int
  private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

  /// Whether the server closed the connection (or reset it): no more input will come.
  public private(set) var isClosedByPeer = false
  /// The `errno` that ended the connection, if it ended with an error rather than a close.
  public private(set) var closeError: Int32?

  /// Connects to `host` (IPv4 dotted decimal or "localhost") at `port`, waiting at most `timeout`
  /// seconds; sends then wait at most `timeout` seconds for room. Lines up to `maxLineBytes` long.
  public init(host: String = "127.0.0.1", port: UInt16, timeout: Double = 5, maxLineBytes: Int = 64 * 1024)
    throws(SocketError)
  {
    let milliseconds = Int(max(0, timeout) * 1000)
    fd = try Sockets.connect(host: host, port: port, timeoutMilliseconds: milliseconds)
    sendTimeoutMilliseconds = milliseconds
    framer = LineFramer(maxLineBytes: maxLineBytes)
  }

  deinit {
    close()
  }

  /// Sends `line` and a CRLF. Returns false if it could not all be written in time.
  @discardableResult
  public func send(_ line: String) -> Bool {
    sendRaw(Array(line.utf8) + [13, 10])
  }

  /// Sends `bytes` as they are. Returns false if they could not all be written in time.
  @discardableResult
  public func sendRaw(_ bytes: [UInt8]) -> Bool {
    guard fd >= 0 else { return false }
    let deadline = MonotonicClock.milliseconds() + Int64(sendTimeoutMilliseconds)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
      }
      if count > 0 {
        offset += count
        continue
      }
      guard count < 0, errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK else { return false }
      let remaining = Int(deadline - MonotonicClock.milliseconds())
      guard remaining > 0, Sockets.wait(fd, for: Int16(POLLOUT), timeoutMilliseconds: remaining) else {
        return false
      }
    }
    return true
  }

  /// The next item from the server, waiting at most `timeout` seconds; nil on timeout or once the
  /// connection has ended and everything before its end was read.
  public func readInput(timeout: Double) -> LineInput? {
    let deadline = MonotonicClock.milliseconds() + Int64(max(0, timeout) * 1000)
    while true {
      if pendingStart < pending.count {
        let item = pending[pendingStart]
        pendingStart += 1
        if pendingStart == pending.count {
          pending.removeAll(keepingCapacity: true)
          pendingStart = 0
        }
        return item
      }
      guard fd >= 0, !isClosedByPeer else { return nil }
      let remaining = Int(max(0, deadline - MonotonicClock.milliseconds()))
      guard Sockets.wait(fd, for: Int16(POLLIN), timeoutMilliseconds: remaining) else { return nil }
      receive()
    }
  }

  /// The next valid line from the server, skipping anything else, waiting at most `timeout`
  /// seconds; nil on timeout or at the end of the connection.
  public func readLine(timeout: Double) -> String? {
    let deadline = MonotonicClock.milliseconds() + Int64(max(0, timeout) * 1000)
    while true {
      let remaining = Double(deadline - MonotonicClock.milliseconds()) / 1000
      switch readInput(timeout: remaining) {
      case .line(let text): return text
      case nil: return nil
      default: continue
      }
    }
  }

  /// Reads and discards input until the server closes the connection, at most `timeout` seconds.
  /// Returns whether it closed.
  public func waitForClose(timeout: Double) -> Bool {
    let deadline = MonotonicClock.milliseconds() + Int64(max(0, timeout) * 1000)
    while readInput(timeout: Double(deadline - MonotonicClock.milliseconds()) / 1000) != nil {}
    return isClosedByPeer
  }

  /// Half-closes: tells the server nothing more will be sent, while still reading its replies.
  public func shutdownWrite() {
    guard fd >= 0 else { return }
    _ = shutdown(fd, Int32(SHUT_WR))
  }

  /// Closes the connection. Reads return nil from now on.
  public func close() {
    guard fd >= 0 else { return }
    Glibc.close(fd)
    fd = -1
  }

  /// Closes with a reset (SO_LINGER 0) instead of a normal close. For tests of abrupt disconnects.
  func reset() {
    guard fd >= 0 else { return }
    var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
    _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    close()
  }

  /// Reads once from the socket, which poll said is ready.
  private func receive() {
    let count = buffer.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) }
    if count > 0 {
      framer.feed(buffer[..<count], into: &pending)
    } else if count == 0 {
      pending += framer.finish()
      isClosedByPeer = true
    } else if errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK {
      pending += framer.finish()
      closeError = errno
      isClosedByPeer = true
    }
  }

  /// Reads the bytes that arrive within `timeout` seconds, unframed, or nil if none did. For tests
  /// that check raw replies; do not mix with the framed reads on the same stretch of input.
  func readRawBytes(timeout: Double) -> [UInt8]? {
    guard fd >= 0, Sockets.wait(fd, for: Int16(POLLIN), timeoutMilliseconds: Int(max(0, timeout) * 1000)) else {
      return nil
    }
    let count = buffer.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) }
    return count > 0 ? Array(buffer[..<count]) : nil
  }
}
