import SetCore
import SetHost
import SetProtocol
import SetServer
import SetTestSupport
import SetTransport
import Testing

/// Game records: written as the game happens, replayed exactly from the seed and the commands, and
/// refused, naming the line, when anything in them was changed.
@Suite("Records")
struct RecordTests {
  /// A game played straight through a `GameHost` at set times: claims, a wrong pick and a passed turn,
  /// a set, windows running out, a deal, chat, a drop and a resume. Returns the record's text and the
  /// event lines seat 1's connection received.
  static func playedGame() -> (record: String, events: [String]) {
    let rules = Rules(claimWindow: 1000)
    var driver = HostDriver(seed: 7, rules: rules)
    let (ann, bob, bob2) = (ConnectionID(1), ConnectionID(2), ConnectionID(3))
    func at(_ ms: Int64, _ id: ConnectionID, _ line: String) {
      driver.send(line, from: id, at: ms)
    }
    func advance(to ms: Int64) {
      driver.advance(to: Instant(milliseconds: ms))
    }
    func slots(_ slots: [Slot]) -> String { slots.map(\.label).joined(separator: " ") }
    for id in [ann, bob, bob2] { driver.connect(id) }
    for id in [ann, bob, bob2] { at(0, id, "MODE MACHINE") }
    at(0, ann, "NAME ann")
    at(0, bob, "NAME bob")
    let table = Table(cards: driver.host.match.table.cards)
    let set = table.sets()[0]
    let wrong =
      SetLogic.isSet(table.cards[0], table.cards[1], table.cards[2])
      ? [0, 1, 3].map(Slot.init) : [0, 1, 2].map(Slot.init)
    at(100, ann, "CLAIM")
    at(150, ann, "PICK \(slots(wrong))")  // Not a set: -1, and the turn passes to bob.
    at(300, bob, "PICK \(slots(set))")  // A set in the passed turn: +1.
    at(400, ann, "CLAIM")
    advance(to: 1400)  // The claim runs out: -1, bob's turn.
    advance(to: 3400)  // The passed turn runs out: open play.
    at(3500, bob, "SAY well played")
    at(3600, bob, "DEAL")
    advance(to: 10_000)  // Whatever the deal opened runs out.
    at(10_100, ann, "CLAIM")
    driver.disconnect(bob, at: Instant(milliseconds: 10_200))
    at(10_300, bob2, "RESUME \(driver.tokens.issued[1])")
    at(10_400, ann, "PICK A")
    advance(to: 20_000)
    let record = GameRecord.header(seed: 7, rules: rules) + driver.records
    let events = (driver.received[ann] ?? []).filter { EventCodec.decode($0) != nil }
    return (record.joined(separator: "\n") + "\n", events)
  }

  @Test("a game played through the host replays exactly, event for event")
  func playedGameReplays() throws {
    let (text, events) = Self.playedGame()
    let replay = try Replay(text: text)
    #expect(replay.events == events)
    let checked = try replay.verify()
    #expect(checked > 20 && checked < events.count, "\(checked) of \(events.count) derived")
    for word in ["SET", "NOSET", "EXPIRED", "TURN", "LEFT", "BACK", "GO", "SAY"] {
      #expect(events.contains { $0.hasPrefix(word + " ") }, "the game has no \(word)")
    }
    #expect(replay.narration().count > events.count)
  }

  @Test("a replay tells the game in words for a reader after it, with nothing to type")
  func narrationForAReader() throws {
    let replay = try Replay(text: Self.playedGame().record)
    let words = replay.narration()
    #expect(words.contains { $0.hasPrefix("bob left; the game is paused, ") }, "\(words)")
    for live in ["RESUME", "type NEW"] { #expect(!words.contains { $0.contains(live) }, "\(live)") }
  }

  @Test("a record cut in the middle of an event's number is cut short, not out of sequence")
  func cutMidLine() throws {
    var text = Self.playedGame().record
    while text.last == "\n" { text.removeLast() }
    let lines = text.split(separator: "\n")
    let last = try #require(lines.lastIndex { $0.hasPrefix("ev ") && $0.split(separator: " ")[2].count >= 2 })
    // `ev WORD 2` of `ev WORD 27 ...`: a line that reads as an event out of sequence.
    let words = lines[last].split(separator: " ")
    let cut = lines[..<last].joined(separator: "\n") + "\n" + "\(words[0]) \(words[1]) \(words[2].prefix(1))"
    let replay = try Replay(text: cut)
    #expect(throws: Never.self) { try replay.verify() }
    #expect(replay.unfinished?.contains("cut short") == true, "\(replay.unfinished ?? "-")")
  }

  enum Tampering: String, CaseIterable, CustomTestStringConvertible {
    case changeAnEvent = "one event changed"
    case dropAnEvent = "one event dropped"
    case reorderEvents = "two events swapped"
    case dropACommand = "one command dropped"
    case dropATick = "one tick dropped"
    case changeTheSeed = "another seed"
    case changeTheRules = "another claim window"
    var testDescription: String { rawValue }
  }

  @Test("a changed record does not replay, and the failure names the line", arguments: Tampering.allCases)
  func tamperedRecordFails(_ tampering: Tampering) throws {
    var lines = Self.playedGame().record.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func index(_ prefix: String, after start: Int = 0) throws -> Int {
      try #require(lines.indices.first { $0 >= start && lines[$0].hasPrefix(prefix) }, "no line \(prefix)")
    }
    let expectedLine: Int
    switch tampering {
    case .changeAnEvent:
      let at = try index("ev SCORE ")
      lines[at] = lines[at].replacingAll(" -1 -1 ", with: " -2 -2 ")
      expectedLine = at + 1
    case .dropAnEvent:
      let at = try index("ev PICK ")
      lines.remove(at: at)
      expectedLine = at + 1
    case .reorderEvents:
      let at = try index("ev NOSET ")
      lines.swapAt(at, at + 1)
      expectedLine = at + 1
    case .dropACommand:
      let at = try index("cmd 300 ")
      lines.remove(at: at)
      expectedLine = at + 1
    case .dropATick:
      let at = try index("tick 1400")
      lines.remove(at: at)
      expectedLine = at + 1
    case .changeTheSeed:
      lines[1] = "seed 8"
      expectedLine = try index("ev START ") + 1
    case .changeTheRules:
      lines[2] = lines[2].replacingAll("claimWindow=1000", with: "claimWindow=900")
      expectedLine = try index("ev CLAIM ") + 1
    }
    let replay = try Replay(text: lines.joined(separator: "\n"))
    #expect(throws: Replay.Failure.self) { try replay.verify() }
    do {
      _ = try replay.verify()
    } catch {
      #expect(error.line == expectedLine, "\(error)")
      #expect(!error.message.isEmpty)
    }
  }

  @Test("a table's record is written as it plays, and replays to what a client saw")
  func tableWritesItsRecord() throws {
    let folder = try makeTemporaryFolder("records")
    defer { removeFolder(folder) }
    let table = try LoopbackTable.lenient { $0.recordsDirectory = folder + "/records" }
    let game = try table.game()
    let set = try #require(game.ann.model.someSet)
    try game.ann.ok("PICK " + set.map(\.label).joined(separator: " "))
    try game.bob.ok("SAY nice")
    try game.bob.ok("CLAIM")
    try game.ann.sync()
    let path = try #require(table.server.recordPath)
    #expect(path.hasPrefix(folder + "/records/game-") && path.hasSuffix("-seed7.record"))
    let replay = try Replay(text: try readFile(path))
    #expect(replay.events == game.ann.events)
    #expect(try replay.verify() == game.ann.events.count - 3)  // Less JOINED, JOINED and SAY.
    #expect(table.invariantProblems(observer: game.ann) == [])
  }

  @Test("setduel replay prints the game, exits 0 when it replays and 1, naming the line, when not")
  func replayCommand() throws {
    let folder = try makeTemporaryFolder("replay")
    defer { removeFolder(folder) }
    let text = Self.playedGame().record
    try writeFile(folder + "/good.record", text + RecordLine.end.line + "\n")  // As a server closes it.
    let good = try runReplay(folder + "/good.record", folder: folder)
    #expect(good.end == "exit 0", "\(good.error)")
    #expect(good.output.contains("Seed 7,"))
    #expect(good.output.hasSuffix("events derived again from seed 7 match the record.\n"), "\(good.output)")
    var changed = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let at = try #require(changed.firstIndex { $0.hasPrefix("ev SET ") })
    changed[at] = changed[at].replacingAll(" 2 ", with: " 1 ")  // The set credited to the other seat.
    try writeFile(folder + "/bad.record", changed.joined(separator: "\n"))
    let refused = try runReplay(folder + "/bad.record", folder: folder)
    #expect(refused.end == "exit 1")
    #expect(refused.error.contains("line \(at + 1):"), "\(refused.error) / \(refused.output.suffix(300))")
    try writeFile(folder + "/cut.record", text)  // As a killed server leaves it.
    let cut = try runReplay(folder + "/cut.record", folder: folder)
    #expect(cut.output.contains("Not a complete game"))
    for line in (good.output + cut.output).split(separator: "\n") {
      #expect(line.count <= 79, "\(line.count) columns: \(line)")
    }
    let missing = try runReplay(folder + "/none.record", folder: folder)
    #expect(missing.end == "exit 1" && missing.error.contains("cannot read"))
  }
}
