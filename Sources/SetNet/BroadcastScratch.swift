import Glibc

/// The connections a broadcast writes at once, their sockets side by side, and what each send did:
/// `LineServer.broadcastRaw` gathers them first, so that its sends read one array and nothing else.
/// Kept between broadcasts, its arrays keep their room.
struct BroadcastScratch {
  private(set) var drivers: [LineServer.Driver] = []
  private var sockets: [Int32] = []
  /// For each socket, the bytes the send took, or -1 if it failed.
  private(set) var sent: [Int] = []

  mutating func append(_ driver: LineServer.Driver) {
    drivers.append(driver)
    sockets.append(driver.channel.fd)
  }

  /// Sends `bytes` to every socket, one `send` each (again if interrupted), and keeps what each did.
  mutating func send(_ bytes: [UInt8]) {
    sent.removeAll(keepingCapacity: true)
    sent.reserveCapacity(sockets.count)
    bytes.withUnsafeBytes { buffer in
      for socket in sockets {
        var count: Int
        repeat {
          count = Glibc.send(socket, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
        } while count < 0 && errno == EINTR
        sent.append(count)
      }
    }
  }

  mutating func removeAll() {
    drivers.removeAll(keepingCapacity: true)
    sockets.removeAll(keepingCapacity: true)
    sent.removeAll(keepingCapacity: true)
  }
}
