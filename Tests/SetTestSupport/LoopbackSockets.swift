import Glibc

/// Plain blocking sockets on 127.0.0.1, for tests that play a peer by hand: something that is not a
/// table, a link between a client and a table, a flood.
package enum LoopbackSockets {
  /// A socket listening on 127.0.0.1 at a port of the system's choosing (close-on-exec, a backlog of
  /// `backlog`), and that port.
  package static func listen(backlog: Int32 = 4) throws -> (fd: Int32, port: UInt16) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw TestFailure("socket: errno \(errno)") }
    var address = loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && Glibc.listen(fd, backlog) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else {
      close(fd)
      throw TestFailure("cannot listen on 127.0.0.1")
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }

  /// A blocking connection to 127.0.0.1 at `port` (close-on-exec), or nil if it cannot be made.
  package static func connect(port: UInt16) -> Int32? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return nil }
    var address = loopback(port: port)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else {
      close(fd)
      return nil
    }
    return fd
  }

  private static func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }
}
