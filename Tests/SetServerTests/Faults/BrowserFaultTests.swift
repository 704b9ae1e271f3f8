import Glibc
import SetCore
import SetHost
import SetNet
import SetServer
import SetTestSupport
import SetTransport
import Testing

/// Hostile browsers on the table's port: slow and huge request heads, absurd frame lengths, unmasked
/// frames, ping floods, closes without a code, upgrades on the wrong path. Each gets its HTTP status or
/// is closed, the players at the table notice nothing, and the server holds no more sockets after.
@Suite("Faults: browsers")
struct BrowserFaultTests {
  static func table(rate: TokenBucket.Configuration? = nil) throws -> LoopbackTable {
    try LoopbackTable.lenient { settings in
      if let rate { settings.network.rateLimit = rate }
      settings.network.webSite = TablePage.site
      settings.network.requestHeadTimeout = .milliseconds(600)
    }
  }

  static func upgrade(_ port: UInt16, path: String = "/ws") -> String {
    "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
      + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
      + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
  }

  /// A masked client frame.
  static func frame(_ opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
    let mask: [UInt8] = [1, 2, 3, 4]
    var bytes: [UInt8] = [0x80 | opcode, 0x80 | UInt8(payload.count)]
    bytes += mask
    for (index, byte) in payload.enumerated() { bytes.append(byte ^ mask[index & 3]) }
    return bytes
  }

  /// Opens a browser's connection and reads the 101's status line.
  static func webSocket(_ table: LoopbackTable) throws -> BlockingLineClient {
    let link = try BlockingLineClient(port: table.port, timeout: 10)
    link.sendRaw(Array(upgrade(table.port).utf8))
    #expect(link.readLine(timeout: 10) == "HTTP/1.1 101 Switching Protocols")
    return link
  }

  /// The players' game goes on: a fresh connection answers PING and the invariants hold.
  static func unaffected(_ table: LoopbackTable, _ game: Game) {
    #expect(table.health(observer: game.observer) == [])
    #expect(table.inspect { $0.match.phase } == .open)
  }

  @Test("a request head sent a byte at a time is cut with 408; players notice nothing")
  func slowLoris() throws {
    let table = try Self.table()
    let game = try table.game()
    let before = table.server.openSocketCount
    let slow = try BlockingLineClient(port: table.port, timeout: 10)
    slow.sendRaw(Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8))
    var status: String?
    for byte in Array("X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".utf8) {
      _ = slow.sendRaw([byte])
      if let line = slow.readLine(timeout: 0.1) {
        status = line
        break
      }
      try game.ann.sync()
    }
    #expect(status == "HTTP/1.1 408 Request Timeout")
    #expect(slow.waitForClose(timeout: 10))
    slow.close()
    Self.unaffected(table, game)
    #expect(eventually(timeout: 30) { table.server.openSocketCount <= before })
  }

  @Test("a 1 MB request head is refused with 431 before the rest is read")
  func hugeHead() throws {
    let table = try Self.table()
    let game = try table.game()
    let big = try BlockingLineClient(port: table.port, timeout: 10)
    big.sendRaw(Array("GET / HTTP/1.1\r\nHost: x\r\nX-Big: ".utf8))
    _ = big.sendRaw([UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20))
    #expect(big.readLine(timeout: 10) == "HTTP/1.1 431 Request Header Fields Too Large")
    big.close()
    Self.unaffected(table, game)
  }

  @Test("an upgrade on another path is 404, a foreign Origin 403; the page itself is served")
  func wrongUpgrades() throws {
    let table = try Self.table()
    let game = try table.game()
    let other = try BlockingLineClient(port: table.port, timeout: 10)
    other.sendRaw(Array(Self.upgrade(table.port, path: "/chat").utf8))
    #expect(other.readLine(timeout: 10) == "HTTP/1.1 404 Not Found")
    other.close()
    let foreign = try BlockingLineClient(port: table.port, timeout: 10)
    foreign.sendRaw(
      Array(
        Self.upgrade(table.port).replacingOccurrences("Origin: http://127.0.0.1", "Origin: http://evil.example").utf8))
    #expect(foreign.readLine(timeout: 10) == "HTTP/1.1 403 Forbidden")
    foreign.close()
    let page = try BlockingLineClient(port: table.port, timeout: 10)
    page.sendRaw(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
    #expect(page.readLine(timeout: 10) == "HTTP/1.1 200 OK")
    page.close()
    Self.unaffected(table, game)
  }

  @Test("a frame claiming 2^63 bytes, an unmasked frame and a close without a code each end only their connection")
  func badFrames() throws {
    let table = try Self.table()
    let game = try table.game()
    let before = table.server.openSocketCount
    let frames: [[UInt8]] = [
      [0x81, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4],
      [0x81, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3, 4],
      [0x81, 0x04] + Array("PING".utf8),
      Self.frame(0x8, []),
    ]
    for bytes in frames {
      let link = try Self.webSocket(table)
      link.sendRaw(bytes)
      #expect(link.waitForClose(timeout: 10), "\(bytes.prefix(4))")
      link.close()
      try game.ann.sync()
    }
    Self.unaffected(table, game)
    #expect(eventually(timeout: 30) { table.server.openSocketCount <= before })
  }

  @Test("a flood of pings is cut off as a flood of lines")
  func pingFlood() throws {
    let table = try Self.table(rate: TokenBucket.Configuration())
    let game = try table.game()
    let link = try Self.webSocket(table)
    var flood: [UInt8] = []
    for _ in 0..<2000 { flood += Self.frame(0x9, Array("ping".utf8)) }
    _ = link.sendRaw(flood)
    #expect(link.waitForClose(timeout: 10))
    link.close()
    Self.unaffected(table, game)
  }
}

extension String {
  fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
