import SetHost
import SetProtocol
import SetStats
import Testing

/// Each set's find time on its `SET` event: measured by the host, derived again by replay, and the
/// same figure the players' history folds from the record.
@Suite("Find times")
struct FindTimeTests {
  @Test("a set found in a passed turn is timed from the turn's start to the first pick")
  func passedTurn() throws {
    let text = RecordTests.playedGame().record
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
    var lines = RecordTests.playedGame().record.split(separator: "\n", omittingEmptySubsequences: false).map(
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
