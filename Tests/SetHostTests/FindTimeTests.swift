import SetCore
import SetHost
import SetProtocol
import SetPureTestSupport
import SetStats
import SetTransport
import Testing

/// Each set's find time on its `SET` event: measured by the host, derived again by replay, and the
/// same figure the players' history folds from the record.
@Suite("Find times")
struct FindTimeTests {
  @Test("a set found in a passed turn is timed from the turn's start to the first pick")
  func passedTurn() throws {
    let text = playedGame().record
    // ann's wrong pick at 150 ms passes the turn to bob, whose first pick, at 300 ms, finds the set.
    let lines = text.split(separator: "\n").map(String.init)
    let set = try #require(lines.first { $0.hasPrefix("ev SET ") })
    #expect(set.hasSuffix(" 150"), "\(set)")
    guard case .setFound(_, _, _, let findMs)? = EventCodec.decode(String(set.dropFirst(3)))?.event else {
      Issue.record("not a SET line: \(set)")
      return
    }
    var history = History()
    try history.fold(record: text)
    #expect(history.player("bob")?.findTimes == [try #require(findMs)])
    #expect(try Replay(text: text).verify() > 0)
  }

  @Test("a record written before SET lines carried find times still replays")
  func olderRecord() throws {
    var lines = playedGame().record.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    let at = try #require(lines.firstIndex { $0.hasPrefix("ev SET ") })
    lines[at] = lines[at].split(separator: " ").dropLast().joined(separator: " ")
    #expect(try Replay(text: lines.joined(separator: "\n")).verify() > 0)
    lines[at] += " 999"
    #expect(throws: Replay.Failure.self) { try Replay(text: lines.joined(separator: "\n")).verify() }
  }

  @Test("people see the find time in words")
  func words() {
    let event = ServerEvent.setFound(.one, [], [], findMs: 4240)
    #expect(HumanText.sentence(for: event, names: ["ann", "bob"]).hasSuffix(" in 4.2 s."))
  }
}

/// HISTORY tells each finished game's sets with their find times, in both presentations.
@Suite("Find times in HISTORY")
struct HistoryFindTimeTests {
  @Test("each set of a finished game follows its RESULT line as a FOUND line, and in words")
  func history() throws {
    var rules = Rules()
    rules.resumeGrace = 300
    var driver = HostDriver(seed: 7, rules: rules)
    let (ann, bob, cy) = (ConnectionID(1), ConnectionID(2), ConnectionID(3))
    for id in [ann, bob, cy] { driver.connect(id) }
    for id in [ann, bob] { driver.send("MODE MACHINE", from: id, at: 0) }
    driver.send("NAME ann", from: ann, at: 0)
    driver.send("NAME bob", from: bob, at: 0)
    driver.send("NAME cy", from: cy, at: 0)
    let set = Table(cards: driver.host.match.table.cards).sets()[0]
    driver.send("PICK " + set.map(\.label).joined(separator: " "), from: ann, at: 4240)
    driver.disconnect(bob, at: Instant(milliseconds: 5000))
    driver.advance(to: Instant(milliseconds: 6000))  // bob forfeits: game 1 is over.
    _ = driver.drain(ann)
    driver.send("HISTORY", from: ann)
    #expect(
      driver.drain(ann) == ["RESULT 1 1 1 0 1 0 forfeit ann bob", "FOUND 1 1 4240", "OK HISTORY 1"])
    _ = driver.drain(cy)
    driver.send("HISTORY", from: cy)
    let words = driver.drain(cy)
    #expect(words.contains("Sets found: ann in 4.2 s."), "\(words)")
  }

  @Test("a FOUND line reads back as it was written")
  func roundTrip() {
    let line = ServerLine.found(game: 2, seat: .two, findMs: 1234)
    #expect(line.line == "FOUND 2 2 1234")
    #expect(ServerLine.decode(line.line) == line)
    #expect(ServerLine.decode("FOUND 2 3 1234") == nil)
  }

  @Test("each seat's sets in words, in the order found")
  func findTimesInWords() {
    let finds: [(seat: Seat, findMs: Int64)] = [(.one, 4200), (.two, 3100), (.one, 7000)]
    #expect(HumanText.findTimes(finds, names: ["ann", "bob"]) == "Sets found: ann in 4.2 s and 7 s; bob in 3.1 s.")
    #expect(HumanText.findTimes([], names: ["ann", "bob"]) == nil)
  }
}
