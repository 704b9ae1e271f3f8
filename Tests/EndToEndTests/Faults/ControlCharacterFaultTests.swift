@preconcurrency import Glibc
import SetProtocol
import SetTestSupport
import Testing

/// Terminal control characters from another person, a record file or a chat line never reach a
/// person's screen: the server refuses chat that holds them, and everything that shows a name or a
/// line from a record shows them harmless (`Harmless`).
@Suite("Faults: control characters on people's screens")
struct ControlCharacterFaultTests {
  /// Chat lines that would rewrite a terminal: backspaces over the sender's name faking a server
  /// line, a one-character CSI and OSC, ESC, a direction override.
  static let hostileChat = [
    String(repeating: "\u{8}", count: 9) + "The server: ann wins", "\u{9B}2J wiped", "\u{9D}0;title\u{7}",
    "\u{1B}[31mred", "\u{202E}txt.exe", "bell\u{7F}",
  ]

  /// Whether `text` holds any character `Harmless` replaces.
  static func holdsControls(_ text: String) -> Bool { !Harmless.isHarmless(text.filter { $0 != "\n" }) }

  @Test("chat holding control characters is refused with a clear error, and nothing is broadcast")
  func hostileChatIsRefused() throws {
    let folder = try makeTemporaryFolder("hostile-chat")
    defer { removeFolder(folder) }
    let server = try ServedTable(folder: folder)
    let ann = try MachineClient(port: server.port, label: "ann")
    let bob = try MachineClient(port: server.port, label: "bob", machine: false)
    let watcher = try MachineClient(port: server.port, label: "watcher")
    try ann.ok("NAME ann")
    bob.send("NAME bob")
    try watcher.ok("NAME watcher")
    for text in Self.hostileChat {
      let (reply, _) = try ann.request("SAY " + text)
      if text.contains("\u{1B}[") {
        // A typed escape sequence (an arrow key, say) is dropped from every request: "red" is said.
        #expect(reply.line.hasPrefix("OK ") && reply.line.hasSuffix(" SAY"), "\(reply.line)")
      } else {
        #expect(reply.line.hasPrefix("ERR ") && reply.line.contains("BAD_ARGUMENT"), "\(reply.line)")
        #expect(reply.line.contains("control"))
      }
    }
    try ann.ok("SAY all clear")
    try watcher.readUntil("the harmless chat") { $0.hasSuffix(" all clear") }
    let said = watcher.events.filter { $0.hasPrefix("SAY ") }.map { $0.split(separator: " ").dropFirst(3) }
    #expect(said.map { $0.joined(separator: " ") } == ["red", "all clear"])
    #expect(!watcher.events.contains { Self.holdsControls($0) })
    let words = try bob.readUntil("the harmless chat in words") { $0.contains("all clear") }
    #expect(words == "<ann> all clear")
    server.process.signal(SIGTERM)
    #expect(server.process.end() == "exit 0")
    let record = try readFile(server.recordPath)
    #expect(!Self.holdsControls(record))
  }

  /// A record whose chat and names hold control characters, as a hand-edited file could.
  static func hostileRecord() -> String {
    let text = SimulatedRecords(count: 1, pool: ["ann", "bob"]).texts[0]
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let joined = lines.firstIndex { $0.hasPrefix("ev JOINED ") && $0.hasSuffix(" 2 bob") }!
    lines[joined] = lines[joined].replacingLastWord(with: "b\u{1B}[2Job\u{9B}")
    let start = lines.firstIndex { $0.hasPrefix("ev START ") }!
    lines.insert("ev SAY 0 ann " + hostileChat.joined(separator: " "), at: start)
    return lines.joined(separator: "\n")
  }

  @Test("setduel stats and replay show a record's hostile names and chat harmless")
  func hostileRecordOnScreen() throws {
    let folder = try makeTemporaryFolder("hostile-record")
    defer { removeFolder(folder) }
    try makeFolder(folder + "/records")
    let path = folder + "/records/game-hostile.record"
    try writeFile(path, Self.hostileRecord())
    // And a game that ends, so that the leaderboard has someone on it.
    try writeFile(folder + "/records/game-plain.record", SimulatedRecords(count: 1, pool: ["ann", "bob"]).texts[0])
    let stats = try Subprocess(
      [try builtSetduel(), "stats", "--records", folder + "/records"], folder: folder, name: "s")
    #expect(stats.end(timeout: 30) == "exit 0", "\(stats.errorOutput)")
    #expect(stats.output.contains("ann") && !Self.holdsControls(stats.output + stats.errorOutput))
    #expect(stats.errorOutput.contains("a player's name that is not a valid name"))
    let replay = try runReplay(path, folder: folder)
    #expect(replay.output.contains("<ann> "), "\(replay.output.prefix(500))")
    #expect(!Self.holdsControls(replay.output + replay.error))
  }

  @Test("TOP and STATS in words show no control characters from a hostile record")
  func hostileRecordThroughTop() throws {
    let folder = try makeTemporaryFolder("hostile-top")
    defer { removeFolder(folder) }
    try makeFolder(folder + "/records")
    try writeFile(folder + "/records/game-hostile.record", Self.hostileRecord())
    let server = try ServedTable(folder: folder)
    let nc = try MachineClient(port: server.port, label: "nc", machine: false)
    nc.send("NAME nc")
    nc.send("TOP")
    nc.send("STATS ann")
    nc.send("PING")
    var lines: [String] = []
    // Each reply in words follows a "> " prompt.
    while let line = nc.readLine(), !line.hasSuffix("PONG") { lines.append(line) }
    #expect(lines.contains { $0.contains("ann") } && lines.contains { $0.hasPrefix("find time: ") }, "\(lines)")
    #expect(!lines.contains { Self.holdsControls($0) }, "\(lines)")
    server.process.signal(SIGTERM)
    #expect(server.process.end() == "exit 0")
  }
}

extension String {
  /// This line with its last word replaced.
  fileprivate func replacingLastWord(with word: String) -> String {
    split(separator: " ").dropLast().joined(separator: " ") + " " + word
  }
}
