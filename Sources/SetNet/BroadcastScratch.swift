import Glibc

/// The connections a broadcast writes at once, their sockets side by side, and what each send did:
/// `LineServer.broadcastRaw` gathers the first few and sends to them, then gathers all the rest and
/// sends to them reading only this, and tells the connections what their sends did after the last.
/// Kept between broadcasts, its arrays keep their room.
struct BroadcastScratch {
  /// How many connections are looked at before the first sends: the seated players come first, and
  /// are not kept waiting while a thousand spectators are looked at.
  static let first = 4

  private(set) var drivers: [LineServer.Driver] = []
  private var sockets: [Int32] = []
  /// For each socket sent to, the bytes its send took, or -1 if it failed.
  private(set) var sent: [Int] = []

  /// How many gathered connections have not been sent to yet.
  var unsent: Int { sockets.count - sent.count }

  /// Whether the first few are gathered, and nothing sent yet: they go before the rest are looked at.
  var hasFirst: Bool { sent.isEmpty && sockets.count == Self.first }

  mutating func append(_ driver: LineServer.Driver) {
    drivers.append(driver)
    sockets.append(driver.channel.fd)
  }

  /// Sends `bytes` to each socket gathered since the last sends, one `send` each (again if
  /// interrupted), and keeps what each did.
  mutating func send(_ bytes: [UInt8]) {
    let first = sent.count
    bytes.withUnsafeBytes { buffer in
      for socket in sockets[first...] {
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
