import SetCore
import SetTransport
import Testing

/// A client whose output overflowed is told TOO_SLOW if it keeps reading, however slowly: the close
/// deadline counts from its last progress. The farewell never cuts a telnet command in half.
@Suite("Slow readers")
struct SlowReaderTests {
  static let tooSlow = "ERR TOO_SLOW you stopped reading; goodbye"

  @Test("a slow reader that keeps reading gets TOO_SLOW, however long it takes; one that stops is closed")
  func slowReaderIsToldTooSlow() {
    let table = EmbeddedTable(socketBufferBytes: 512) {
      $0.network.maxQueuedOutputBytes = 4 * 1024
      $0.network.closeTimeout = .seconds(5)
    }
    let slow = table.named("slow")
    // Ten HELPs in one read: their answers overflow the cap before the server could stop reading.
    slow.sendRaw(Array(String(repeating: "HELP\n", count: 10).utf8))
    #expect(!table.transport.isConnected(slow.id), "the output did not overflow")
    // 16 bytes every 2 s: the 512 the socket held and the farewell take over a minute, far past 5 s.
    var lines: [String] = []
    for _ in 0..<60 where lines.last != Self.tooSlow && !slow.isClosed {
      table.advance(by: .seconds(2))
      lines += slow.lines(upTo: 16)
    }
    #expect(table.clock.now > .zero + .seconds(30), "the test reads too fast to show anything")
    #expect(lines.last == Self.tooSlow, "\(lines.suffix(2)) \(lines.count)")
    // It stops reading: closed 5 s after its last progress.
    #expect(!slow.isClosed && slow.outputEnded)
    table.advance(by: .seconds(4))
    #expect(!slow.isClosed)
    table.advance(by: .seconds(1))
    #expect(slow.isClosed)
  }

  @Test("the TOO_SLOW farewell never cuts a telnet command in half")
  func farewellAfterWholeTelnetCommands() {
    // 3 bytes a reply and a socket of 3n+1 bytes: the socket fills in the middle of a reply.
    let table = EmbeddedTable(socketBufferBytes: 3 * 1000 + 1) {
      $0.network.maxQueuedOutputBytes = 4 * 1024
      $0.network.rateLimit = nil
    }
    let peer = table.named("telnet")
    let commands = Array(repeating: [UInt8]([255, 253, 6]), count: 200).flatMap { $0 }
    // In one read: the answers to what one read brought overflow the cap.
    peer.sendRaw(Array(repeating: commands, count: 30).flatMap { $0 })
    #expect(!table.transport.isConnected(peer.id), "the output did not overflow")
    var bytes: [UInt8] = []
    while case let chunk = table.transport.read(from: peer.id), !chunk.isEmpty { bytes += chunk }
    let (text, cut) = Self.withoutTelnet(bytes)
    #expect(cut == 0, "a telnet command was cut in half")
    #expect(text.hasSuffix("\r\n" + Self.tooSlow + "\r\n"), "\(text.suffix(60).utf8.map { $0 })")
  }

  /// The bytes with every whole `IAC verb option` command left out, and how many commands were cut
  /// short (an IAC not followed by a verb and an option).
  static func withoutTelnet(_ bytes: [UInt8]) -> (text: String, cut: Int) {
    var kept: [UInt8] = []
    var cut = 0
    var index = 0
    while index < bytes.count {
      if bytes[index] == 255 {
        if index + 2 < bytes.count, (251...254).contains(bytes[index + 1]), bytes[index + 2] == 6 {
          index += 3
          continue
        }
        cut += 1
      }
      kept.append(bytes[index])
      index += 1
    }
    return (String(decoding: kept, as: UTF8.self), cut)
  }
}
