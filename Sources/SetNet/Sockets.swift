// CLinux too: in a release build, the socket types (SOCK_STREAM and its flags) are found through the
// module whose header included <sys/socket.h> first, and that is CLinux's.
import CLinux
import Glibc
import SetTransport

/// Small wrappers over the socket calls both the server and the clients make.
package enum Sockets {
  /// The IPv4 address for `host`: dotted decimal, or "localhost" for 127.0.0.1. No name lookups.
  static func address(host: String, port: UInt16) throws(SocketError) -> sockaddr_in {
    let text = host == "localhost" ? "127.0.0.1" : host
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, text, &address.sin_addr) == 1 else {
      throw SocketError("address \(host)", code: EINVAL)
    }
    return address
  }

  /// "a.b.c.d:port" for an IPv4 socket address.
  static func describe(_ address: sockaddr_in) -> String {
    var bytes = address.sin_addr
    var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
    guard inet_ntop(AF_INET, &bytes, &text, socklen_t(text.count)) != nil else {
      return "?:\(UInt16(bigEndian: address.sin_port))"
    }
    let length = text.firstIndex(of: 0) ?? text.count
    let host = String(decoding: text[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return "\(host):\(UInt16(bigEndian: address.sin_port))"
  }

  /// A new non-blocking, close-on-exec TCP socket.
  static func makeTCPSocket() throws(SocketError) -> Int32 {
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    let fd = socket(AF_INET, type, 0)
    guard fd >= 0 else { throw SocketError.last("socket") }
    return fd
  }

  /// Makes `fd` non-blocking and close-on-exec (what accept4 would do, were it visible to Swift).
  static func setNonBlockingAndCloseOnExec(_ fd: Int32) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
  }

  /// Sets an integer socket option, ignoring failure (the options set here are all optional).
  package static func setOption(_ fd: Int32, level: Int32, name: Int32, value: Int32) {
    var value = value
    _ = setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
  }

  /// Turns off Nagle's algorithm: lines go out as soon as they are written.
  static func setNoDelay(_ fd: Int32) {
    setOption(fd, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
  }

  /// Calls `body` with `address` seen as a generic socket address.
  package static func withSockaddr<R>(
    _ address: inout sockaddr_in, _ body: (UnsafeMutablePointer<sockaddr>, socklen_t) -> R
  ) -> R {
    withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
  }

  /// Connects a new non-blocking socket to `host:port`, waiting at most `timeoutMilliseconds`.
  static func connect(host: String, port: UInt16, timeoutMilliseconds: Int) throws(SocketError) -> Int32 {
    var address = try address(host: host, port: port)
    let fd = try makeTCPSocket()
    if withSockaddr(&address, { Glibc.connect(fd, $0, $1) }) < 0 {
      // An interrupted connect goes on in the background, like one in progress.
      guard errno == EINPROGRESS || errno == EINTR else {
        let error = SocketError.last("connect")
        Glibc.close(fd)
        throw error
      }
      guard wait(fd, for: Int16(POLLOUT), timeoutMilliseconds: timeoutMilliseconds) else {
        Glibc.close(fd)
        throw SocketError("connect", code: ETIMEDOUT)
      }
      var code: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      if getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) < 0 {
        code = errno
      }
      guard code == 0 else {
        Glibc.close(fd)
        throw SocketError("connect", code: code)
      }
    }
    setNoDelay(fd)
    return fd
  }

  /// Waits until `fd` is ready for `events` (or has an error or hang-up), at most `timeoutMilliseconds`.
  /// Returns false on timeout.
  static func wait(_ fd: Int32, for events: Int16, timeoutMilliseconds: Int) -> Bool {
    let deadline = MonotonicClock.milliseconds() + Int64(max(0, timeoutMilliseconds))
    while true {
      var entry = pollfd(fd: fd, events: events, revents: 0)
      let remaining = max(0, deadline - MonotonicClock.milliseconds())
      let result = poll(&entry, 1, Int32(min(remaining, Int64(Int32.max))))
      if result > 0 {
        return true
      }
      if result == 0 || errno != EINTR {
        return result != 0
      }
    }
  }

  /// Raises this process's soft limit on open descriptors to its hard limit, so a server can hold
  /// as many connections as the system allows.
  static func raiseDescriptorLimit() {
    var limit = rlimit()
    let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    guard getrlimit(resource, &limit) == 0 else { return }
    let target = min(limit.rlim_max, 1 << 20)
    guard limit.rlim_cur < target else { return }
    limit.rlim_cur = target
    _ = setrlimit(resource, &limit)
  }
}
