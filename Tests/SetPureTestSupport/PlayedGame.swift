import SetCore
import SetHost
import SetProtocol
import SetTransport

/// A game played straight through a `GameHost` at set times: claims, a wrong pick and a passed turn,
/// a set, windows running out, a deal, chat, a drop and a resume. Returns the record's text and the
/// event lines seat 1's connection received.
package func playedGame() -> (record: String, events: [String]) {
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

/// A played game's record with its first `key=` value in the rules line, or one line, changed.
package func playedGame(replacing old: String, with new: String) -> String {
  let (text, _) = playedGame()
  var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  guard let at = lines.firstIndex(where: { $0.contains(old) }) else { return text }
  lines[at] = lines[at].replacing(old, with: new)
  return lines.joined(separator: "\n")
}

/// Values in the played game's record, each with a number that overflows in its place.
package let overflowingRecordEdits: [(old: String, new: String)] = [
  ("claimWindow=1000", "claimWindow=9223372036854775807"),
  ("passedTurnWindow=2000", "passedTurnWindow=9223372036854775807"),
  ("needlessDealWindow=1500", "needlessDealWindow=9223372036854775807"),
  ("resumeGrace=60000", "resumeGrace=9223372036854775807"),
  ("wrongPickPenalty=1", "wrongPickPenalty=-9223372036854775808"),
  ("claimExpiredPenalty=1", "claimExpiredPenalty=-9223372036854775808"),
  ("setReward=1", "setReward=9223372036854775807"),
  ("cmd 100 1 CLAIM", "cmd 9223372036854775807 1 CLAIM"),
  ("cmd 100 1 CLAIM", "cmd -9223372036854775808 1 CLAIM"),
  ("tick 1400", "tick 9223372036854775807"),
]
