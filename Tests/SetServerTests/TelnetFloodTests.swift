import SetCore
import SetTransport
import Testing

/// Telnet commands count against a connection's limits like lines: a flood of `IAC DO TIMING-MARK`
/// gets no more answers than the rate allows and is cut off as a flood; answers go out together.
@Suite("Telnet floods")
struct TelnetFloodTests {
  static let timingMark: [UInt8] = [255, 253, 6]
  static let flood = "ERR FLOOD too many lines too fast; goodbye"

  @Test("a flood of IAC DO TIMING-MARK is answered only within the rate, then cut off with FLOOD")
  func timingMarkFloodIsLimited() {
    let table = EmbeddedTable(socketBufferBytes: 1 << 20) {
      $0.network.rateLimit = TokenBucket.Configuration(linesPerSecond: 20, burst: 40)
    }
    let ann = table.named("ann")
    let flooder = table.connect()
    _ = flooder.lines()
    flooder.sendRaw(Array(repeating: Self.timingMark, count: 10_000).flatMap { $0 })
    let bytes = table.transport.read(from: flooder.id)
    let answers = stride(from: 0, to: bytes.count - 2, by: 1).filter {
      bytes[$0] == 255 && bytes[$0 + 1] == 251 && bytes[$0 + 2] == 6
    }.count
    #expect(answers <= 40, "\(answers) answers to a flood")
    #expect(String(decoding: bytes, as: UTF8.self).hasSuffix(Self.flood + "\r\n"))
    #expect(!table.transport.isConnected(flooder.id))
    // The others are not limited by it.
    ann.send("PING still")
    #expect(ann.lines() == ["PONG still"])
  }

  @Test("a flood of telnet commands that get no answer (NOP, negotiation) is cut off with FLOOD too")
  func silentCommandFloodIsLimited() {
    let table = EmbeddedTable {
      $0.network.rateLimit = TokenBucket.Configuration(linesPerSecond: 20, burst: 40)
    }
    let flooder = table.connect()
    _ = flooder.lines()
    flooder.sendRaw(Array(repeating: [UInt8]([255, 241, 255, 251, 1]), count: 1000).flatMap { $0 })
    #expect(flooder.lines().last == Self.flood)
    #expect(!table.transport.isConnected(flooder.id))
  }

  @Test("within the rate, every IAC DO TIMING-MARK is answered, after the lines before it")
  func timingMarksWithinTheRateAreAnswered() {
    let table = EmbeddedTable()
    let peer = table.connect()
    _ = peer.lines()
    peer.sendRaw(Array("PING a\n".utf8) + Self.timingMark + Self.timingMark + Array("PING b\n".utf8))
    let bytes = table.transport.read(from: peer.id)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(bytes.count > 6 && text.contains("PONG a"))
    let answers = stride(from: 0, to: bytes.count - 2, by: 1).filter {
      bytes[$0] == 255 && bytes[$0 + 1] == 251 && bytes[$0 + 2] == 6
    }
    #expect(answers.count == 2)
  }
}
