import SetCore
import SetHost
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

/// Speed scoring through the host: said in the rules' words, scored on the wire, verified by replay.
@Suite("Speed scoring at the table")
struct SpeedScoringHostTests {
  static var speed: Rules {
    var rules = Rules()
    rules.scoring = .speed
    return rules
  }

  @Test("the rules' words say speedScoring=1 only for speed, and words without it read as the standard game")
  func ruleWords() throws {
    let words = RuleFields.encode(Self.speed)
    #expect(words.last == "speedScoring=1")
    #expect(RuleFields.decode(words, ignoringUnknownKeys: false) == Self.speed)
    let standard = RuleFields.encode(Rules())
    #expect(!standard.contains { $0.hasPrefix("speedScoring=") })
    #expect(RuleFields.decode(standard, ignoringUnknownKeys: false) == Rules())
    #expect(RuleFields.decode(standard + ["speedScoring=0"], ignoringUnknownKeys: false) == Rules())
  }

  /// A game under `rules` where ann finds a set 4.24 s in: its record and what ann was sent.
  static func game(_ rules: Rules) -> (record: [String], received: [String]) {
    var driver = HostDriver(seed: 7, rules: rules)
    let (ann, bob) = (ConnectionID(1), ConnectionID(2))
    for id in [ann, bob] {
      driver.connect(id)
      driver.send("MODE MACHINE", from: id, at: 0)
    }
    driver.send("NAME ann", from: ann, at: 0)
    driver.send("NAME bob", from: bob, at: 0)
    let set = Table(cards: driver.host.match.table.cards).sets()[0]
    driver.send("PICK " + set.map(\.label).joined(separator: " "), from: ann, at: 4240)
    driver.advance(to: Instant(milliseconds: 5000))
    return (GameRecord.header(seed: 7, rules: rules) + driver.records, driver.drain(ann))
  }

  @Test("a set found in 4.2 s scores 3 under speed, and the record replays with speed scores")
  func scoredAndReplayed() throws {
    let (record, received) = Self.game(Self.speed)
    #expect(received.contains { $0.hasPrefix("RULES ") && $0.hasSuffix(" speedScoring=1") })
    #expect(received.contains { $0.hasPrefix("SCORE ") && $0.contains(" 1 +3 3 set") }, "\(received)")
    #expect(try Replay(text: record.joined(separator: "\n") + "\n").verify() > 0)
    // The same record read under the standard rules scores the set 1, so it no longer replays.
    var tampered = record
    let rules = try #require(tampered.firstIndex { $0.hasPrefix("rules ") })
    tampered[rules] = tampered[rules].replacingAll(" speedScoring=1", with: "")
    #expect(tampered != record)
    #expect(throws: Replay.Failure.self) { try Replay(text: tampered.joined(separator: "\n") + "\n").verify() }
  }

  @Test("under the standard rules the same set scores 1")
  func standard() {
    let (_, received) = Self.game(Rules())
    #expect(received.contains { $0.hasPrefix("SCORE ") && $0.contains(" 1 +1 1 set") }, "\(received)")
  }
}
