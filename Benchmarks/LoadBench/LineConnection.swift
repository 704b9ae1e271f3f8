import CLinux
import Glibc
import SetProtocol

/// One client connection over loopback: a non-blocking socket, lines out, lines in. The same code talks
/// to SetDuel and to redis-server, so both are timed alike. Used from one thread.
final class LineConnection {
  private(set) var fd: Int32
  /// The part of a line received so far.
  private var carry: [UInt8] = []
  /// Whether the peer ended the connection (or it failed).
  private(set) var isEnded = false
  /// Whether lines are timed by the kernel's receive time rather than the time they were read.
  private var stampsArrivals = false
  /// Whether it is a browser's WebSocket: each line goes out as a masked text message, and each
  /// message that comes in is a line.
  var webSocketFrames = false

  private init(fd: Int32) {
    self.fd = fd
  }

  deinit {
    close()
  }

  /// Starts connecting a new non-blocking socket to 127.0.0.1:`port`; the connection is usable once
  /// it is writable (see `Connector`).
  static func start(port: UInt16) throws(BenchError) -> LineConnection {
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    let fd = socket(AF_INET, type, 0)
    guard fd >= 0 else { throw BenchError("socket: \(String(cString: strerror(errno)))") }
    var one: Int32 = 1
    _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 || errno == EINPROGRESS || errno == EINTR else {
      let message = String(cString: strerror(errno))
      Glibc.close(fd)
      throw BenchError("connect to port \(port): \(message)")
    }
    return LineConnection(fd: fd)
  }

  /// The error that ended a connection attempt, or 0 once it is connected.
  var connectError: Int32 {
    var code: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    return getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) < 0 ? errno : code
  }

  /// Sends `text` and a CRLF.
  @discardableResult
  func send(_ text: String) -> Bool {
    send(bytes: webSocketFrames ? WebSocketClient.frame(text) : Array(text.utf8) + [13, 10])
  }

  /// Sends a SetDuel request.
  @discardableResult
  func send(_ command: ClientCommand) -> Bool {
    send(command.line)
  }

  /// Sends `bytes`, waiting at most a second for room. Returns false if they could not all be sent.
  @discardableResult
  func send(bytes: [UInt8]) -> Bool {
    let deadline = Clock.after(seconds: 1)
    return send(bytes: bytes) { Clock.now() < deadline }
  }

  /// Sends `bytes`, waiting for room as long as `waiting()` says to. Returns false if they could not
  /// all be sent: the connection failed, or waiting stopped first.
  func send(bytes: [UInt8], waitingWhile waiting: () -> Bool) -> Bool {
    guard fd >= 0 else { return false }
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
      }
      if count > 0 {
        offset += count
        continue
      }
      guard count < 0, errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK, waiting() else { return false }
      var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      _ = poll(&entry, 1, 100)
    }
    return true
  }

  /// Times the lines from now on by when the kernel received them (SO_TIMESTAMPNS), not when they were
  /// read: two connections read one after the other are then compared fairly. The kernel stamps a
  /// read with the time of the last segment it took from, so reads are then kept to 64 bytes: a line
  /// near the start of a write is timed by that write's arrival, not by a later one's.
  func enableArrivalTimes() {
    stampsArrivals = clinux_enable_receive_times(fd) == 0
  }

  /// Reads and throws away what is waiting, without looking for lines: the bytes read, or nil once
  /// the connection has ended.
  func discard(_ buffer: UnsafeMutableRawBufferPointer) -> Int? {
    guard fd >= 0, !isEnded else { return nil }
    var total = 0
    while true {
      let count = recv(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
      if count > 0 {
        total += count
        continue
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return total }
      isEnded = true
      return nil
    }
  }

  /// Reads once what is waiting into `buffer`: the bytes read (0 if none), or nil once the connection has ended.
  func receive(_ buffer: UnsafeMutableRawBufferPointer) -> Int? {
    guard fd >= 0, !isEnded else { return nil }
    while true {
      let count = recv(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
      if count > 0 { return count }
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return 0 }
      isEnded = true
      return nil
    }
  }

  /// Reads what is waiting and calls `onLine` with each complete line and the time it was read (or
  /// arrived, after `enableArrivalTimes()`).
  /// Returns false once the connection has ended.
  @discardableResult
  func drain(_ buffer: UnsafeMutableRawBufferPointer, _ onLine: (LineView, Int64) -> Void) -> Bool {
    guard fd >= 0, !isEnded else { return false }
    let size = stampsArrivals ? min(64, buffer.count) : buffer.count
    for _ in 0..<64 {
      var arrival: Int64 = 0
      let count =
        stampsArrivals
        ? clinux_read_stamped(fd, buffer.baseAddress, size, &arrival)
        : recv(fd, buffer.baseAddress, size, Int32(MSG_DONTWAIT))
      if count > 0 {
        let now = stampsArrivals ? arrival : Clock.now()
        if webSocketFrames {
          unframe(UnsafeRawBufferPointer(rebasing: buffer[..<count]), at: now, onLine)
        } else {
          split(UnsafeRawBufferPointer(rebasing: buffer[..<count]), at: now, onLine)
        }
        if count < size { return true }
        continue
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return true }
      isEnded = true
      return false
    }
    return true
  }

  /// Waits at most until `deadline` for input; returns whether some (or the end) is waiting.
  func waitReadable(until deadline: Int64) -> Bool {
    guard fd >= 0 else { return false }
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while true {
      let result = poll(&entry, 1, Clock.pollTimeout(until: deadline))
      if result > 0 { return true }
      if result == 0 || errno != EINTR { return false }
    }
  }

  /// Closes the socket; with `reset`, abortively (no TIME_WAIT left behind for a mass close).
  func close(reset: Bool = false) {
    guard fd >= 0 else { return }
    if reset {
      var option = linger(l_onoff: 1, l_linger: 0)
      _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }
    Glibc.close(fd)
    fd = -1
  }

  private func split(_ bytes: UnsafeRawBufferPointer, at now: Int64, _ onLine: (LineView, Int64) -> Void) {
    var start = 0
    for index in 0..<bytes.count where bytes[index] == 10 {
      if carry.isEmpty {
        deliver(UnsafeRawBufferPointer(rebasing: bytes[start..<index]), at: now, onLine)
      } else {
        carry.append(contentsOf: bytes[start..<index])
        carry.withUnsafeBytes { deliver($0, at: now, onLine) }
        carry.removeAll(keepingCapacity: true)
      }
      start = index + 1
    }
    if start < bytes.count {
      carry.append(contentsOf: bytes[start...])
    }
  }

  /// The server's WebSocket frames (unmasked, unfragmented), each message handed on as a line.
  private func unframe(_ bytes: UnsafeRawBufferPointer, at now: Int64, _ onLine: (LineView, Int64) -> Void) {
    guard carry.isEmpty else {
      carry.append(contentsOf: bytes)
      let held = carry
      carry.removeAll(keepingCapacity: true)
      held.withUnsafeBytes { unframe(whole: $0, at: now, onLine) }
      return
    }
    unframe(whole: bytes, at: now, onLine)
  }

  /// Hands on each whole frame in `bytes`, keeping the rest in `carry` (then empty) for the next read.
  private func unframe(whole bytes: UnsafeRawBufferPointer, at now: Int64, _ onLine: (LineView, Int64) -> Void) {
    var start = 0
    while bytes.count - start >= 2 {
      let short = Int(bytes[start + 1] & 0x7F)
      let header = short == 126 ? 4 : short == 127 ? 10 : 2
      guard bytes.count - start >= header else { break }
      var length = short
      if header > 2 {
        length = 0
        for byte in bytes[(start + 2)..<(start + header)] { length = length << 8 | Int(byte) }
      }
      guard bytes.count - start >= header + length else { break }
      if bytes[start] & 0x0F == 1 {
        onLine(
          LineView(bytes: UnsafeRawBufferPointer(rebasing: bytes[(start + header)..<(start + header + length)])), now)
      }
      start += header + length
    }
    if start < bytes.count { carry.append(contentsOf: bytes[start...]) }
  }

  private func deliver(_ line: UnsafeRawBufferPointer, at now: Int64, _ onLine: (LineView, Int64) -> Void) {
    let end = line.last == 13 ? line.count - 1 : line.count
    onLine(LineView(bytes: UnsafeRawBufferPointer(rebasing: line[..<end])), now)
  }
}
