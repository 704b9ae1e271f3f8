import Glibc
import SetCore
import SetHost
import SetProtocol
import SetServer
import SetTestSupport
import Testing

/// Junk on the wire: random bytes, mutated lines, overlong lines, telnet commands, invalid UTF-8. After
/// each, the server answers PING at once and the game's invariants hold.
@Suite("Faults: input")
struct InputFaultTests {
  /// Lines per fuzz test (two tests, so at least 100 000 a run): `SETDUEL_FUZZ_LINES` asks for more.
  static let fuzzLines = environmentNumber("SETDUEL_FUZZ_LINES") ?? 60_000
  /// The fuzz seed: `SETDUEL_FUZZ_SEED` picks another (Scripts/soak.sh passes a fresh one each run).
  static let fuzzSeed = UInt64(environmentNumber("SETDUEL_FUZZ_SEED") ?? 20_251_129)

  enum Junk: String, CaseIterable, CustomTestStringConvertible {
    case randomBytes = "random bytes"
    case mutatedLines = "mutated valid lines"
    var testDescription: String { rawValue }
  }

  @Test("junk lines leave the server answering and the game whole", arguments: Junk.allCases)
  func fuzz(_ junk: Junk) throws {
    let table = try LoopbackTable.lenient { $0.network.maxQueuedOutputBytes = 64 << 20 }
    let game = try table.game()
    var fuzzer = Fuzzer(seed: Self.fuzzSeed &+ (junk == .randomBytes ? 0 : 1))
    let connections = try (0..<3).map { _ in try FuzzConnection(port: table.port) }
    var sent = 0
    while sent < Self.fuzzLines {
      for connection in connections {
        let before = connection.lines
        while connection.lines - before < 1000 {
          connection.offer(junk == .randomBytes ? fuzzer.randomLine() : fuzzer.mutatedLine())
        }
        try connection.flush()
        sent += connection.lines - before
      }
      // Junk may chat (SAY) or name itself: keep the watchers' input from piling up.
      [game.ann, game.bob, game.observer].forEach { $0.drain() }
    }
    #expect(sent >= Self.fuzzLines)
    connections.forEach { $0.link.close() }
    #expect(table.health(observer: game.observer) == [])
    #expect(table.invariantProblems(observer: game.ann) == [])
    #expect(table.inspect { $0.match.phase } == .open, "junk from spectators changed the game")
  }

  @Test("an overlong line gets LINE_TOO_LONG and is discarded; the connection stays")
  func overlongLines() throws {
    let table = try LoopbackTable.lenient()
    let game = try table.game()
    let client = try table.client("long")
    for length in [1025, 5000, 1 << 20] {
      #expect(client.send(String(repeating: "S", count: length)))
      let line = client.readLine()
      #expect(line == "ERR LINE_TOO_LONG line too long; it was discarded", "\(length) bytes")
    }
    // A line of exactly the limit is read (and here refused for what it says, not for its length).
    client.send("SAY " + String(repeating: "x", count: 1020))
    #expect(client.readLine()?.hasPrefix("ERR NOT_NAMED") == true)
    // An overlong line that would have been a command changes nothing.
    game.ann.send("PICK A B C" + String(repeating: " ", count: 2000))
    #expect(game.ann.readLine()?.hasPrefix("ERR LINE_TOO_LONG") == true)
    try client.sync()
    #expect(table.health(observer: game.observer) == [])
    #expect(table.inspect { $0.match.phase } == .open)
  }

  @Test("telnet commands are removed, answered or obeyed")
  func telnetSequences() throws {
    let table = try LoopbackTable.lenient()
    let game = try table.game()
    let client = try table.client("telnet")
    let iac: UInt8 = 255
    // Negotiation (WILL ECHO), a NOP and a subnegotiation inside a line are removed; CR NUL ends it.
    client.link.sendRaw(
      Array("PI".utf8) + [iac, 251, 1] + Array("N".utf8) + [iac, 241] + [iac, 250, 24, 0, 65, 66, iac, 240]
        + Array("G tm".utf8) + [13, 0])
    #expect(client.readLine() == "PONG tm")
    // IAC IAC is a literal 255 byte: not UTF-8.
    client.link.sendRaw(Array("SAY ".utf8) + [iac, iac] + [10])
    #expect(client.readLine() == "ERR BAD_ENCODING the line is not valid UTF-8; it was discarded")
    // IAC DO TIMING-MARK is answered (with IAC WILL TIMING-MARK, which the SetNet tests read raw).
    client.link.sendRaw([iac, 253, 6] + Array("PING after\n".utf8))
    #expect(client.readLine() == "PONG after")
    // A subnegotiation never closed swallows what follows, up to a command that leaves it.
    client.link.sendRaw([iac, 250, 1] + Array("CLAIM\n".utf8) + [iac, 240] + Array("PING sb\n".utf8))
    #expect(client.readLine() == "PONG sb")
    // IAC IP (Ctrl-C in telnet) ends the session; a seated player's IP leaves the seat like a drop.
    client.link.sendRaw([iac, 244])
    #expect(client.readToEnd().closed)
    game.bob.link.sendRaw(Array("PING x\n".utf8) + [iac, 244] + Array("CLAIM\n".utf8))
    #expect(game.bob.readLine() == "PONG x")
    #expect(game.bob.readToEnd().closed)
    try game.observer.readUntil("LEFT") { $0.hasPrefix("LEFT ") }
    #expect(table.health(observer: game.observer) == [])
    #expect(table.inspect { $0.match.phase }.isPaused)
  }

  @Test("a line that is not UTF-8 gets BAD_ENCODING and is discarded; the connection stays")
  func invalidUTF8() throws {
    let table = try LoopbackTable.lenient()
    let game = try table.game()
    let samples: [[UInt8]] = [
      [0xC3, 0x28],  // a lead byte without its continuation
      [0x80],  // a lone continuation byte
      [0xC0, 0xAF],  // an overlong encoding of "/"
      [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
      [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
      [0xFE, 0x41],  // never valid (0xFF would be telnet's IAC)
      Array("PICK A B ".utf8) + [0xE2, 0x82],  // a valid start, cut short
    ]
    for sample in samples {
      game.ann.link.sendRaw(sample + [10])
      #expect(game.ann.readLine() == "ERR BAD_ENCODING the line is not valid UTF-8; it was discarded", "\(sample)")
    }
    // Valid UTF-8 that is not ASCII is fine where text is free.
    #expect(try game.ann.ok("SAY héllo wörld ✓") == [])
    #expect(table.health(observer: game.observer) == [])
    #expect(table.inspect { $0.match.phase } == .open)
  }
}

extension Phase {
  var isPaused: Bool {
    if case .paused = self { true } else { false }
  }
}
