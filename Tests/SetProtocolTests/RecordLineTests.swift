import SetCore
import Testing

@testable import SetProtocol

@Suite("Game record lines and the rules' words")
struct RecordLineTests {
  static var quickRules: Rules {
    var rules = Rules(claimWindow: 2_000)
    rules.tableSize = 15
    rules.resumeGrace = 30_000
    rules.needlessDealPenalty = 2
    rules.pickClaims = false
    return rules
  }

  static let lines: [RecordLine] = [
    .magic,
    .seed(42),
    .seed(UInt64.max),
    .rules(Rules()),
    .rules(quickRules),
    .command(.join, seat: .one, at: Instant(milliseconds: 0)),
    .command(.leave, seat: .two, at: Instant(milliseconds: 17)),
    .command(.claim, seat: .one, at: Instant(milliseconds: 1_500)),
    .command(.pick([Slot(0), Slot(5), Slot(20)]), seat: .two, at: Instant(milliseconds: 9)),
    .command(.pick([Slot(3)]), seat: .two, at: Instant(milliseconds: 9)),
    .command(.unpick(Slot(2)), seat: .one, at: Instant(milliseconds: 10)),
    .command(.deal, seat: .one, at: Instant(milliseconds: 11)),
    .command(.rematch, seat: .two, at: Instant(milliseconds: 12)),
    .tick(at: Instant(milliseconds: 5_000)),
    .event(seq: 7, .claim(.two, ms: 5000)),
    .event(seq: 8, .said(name: "ann", text: "two  spaces")),
    .tournament(game: 3, round: 2, record: "tournament-20261202-051300-swiss.tournament"),
    .tournament(game: 1, round: nil, record: nil),
  ]

  @Test("every record line survives writing and reading", arguments: lines)
  func roundTrip(_ line: RecordLine) {
    #expect(RecordLine.parse(line.line) == .success(line), "\(line.line)")
  }

  @Test("record lines look as the record format says")
  func exactLines() {
    #expect(RecordLine.tournament(game: 4, round: nil, record: nil).line == "tournament 4 - -")
    #expect(RecordLine.tournament(game: 4, round: 2, record: "t-x.tournament").line == "tournament 4 2 t-x.tournament")
    #expect(RecordLine.magic.line == "SETDUEL-RECORD 1")
    #expect(RecordLine.seed(42).line == "seed 42")
    #expect(
      RecordLine.rules(Rules()).line
        == "rules tableSize=12 claimWindow=5000 passedTurnWindow=10000 needlessDealWindow=7500 resumeGrace=60000"
        + " setReward=1 wrongPickPenalty=1 claimExpiredPenalty=1 needlessDealPenalty=1 pickClaims=1")
    #expect(
      RecordLine.command(.pick([Slot(0), Slot(1), Slot(2)]), seat: .two, at: Instant(milliseconds: 1234)).line
        == "cmd 1234 2 PICK A,B,C")
    #expect(RecordLine.command(.rematch, seat: .one, at: Instant(milliseconds: 5)).line == "cmd 5 1 NEW")
    #expect(RecordLine.tick(at: Instant(milliseconds: 99)).line == "tick 99")
    #expect(RecordLine.event(seq: 3, .open).line == "ev OPEN 3")
  }

  @Test("malformed record lines are refused, saying what kind they are")
  func malformed() {
    let cases: [(String, RecordLine.Malformed)] = [
      ("cmd 10 1", .command), ("cmd x 1 CLAIM", .time), ("cmd 10 3 CLAIM", .command), ("cmd 10 1 FLY", .command),
      ("cmd 10 1 PICK", .command), ("cmd 10 1 PICK A,?", .command), ("cmd 10 1 UNPICK AB", .command),
      ("cmd 10 1 CLAIM A", .command), ("tick", .tick), ("tick 1 2", .tick), ("tick soon", .time), ("ev OPEN", .event),
      ("ev OPEN x", .event), ("ev OPEN 3 4", .event), ("ev SET 3 1 A,B 1RSD,ZZZZ", .event),
      ("cmd 1000000000001 1 CLAIM", .time), ("cmd 5.1234567 1 CLAIM", .time), ("tick 5.", .time), ("seed -1", .seed),
      ("rules tableSize=12", .rules), ("hello", .unknown),
      ("SETDUEL-RECORD 2", .unknown), ("tournament 1 1", .tournament), ("tournament 0 1 t.tournament", .tournament),
      ("tournament 1 0 t.tournament", .tournament), ("tournament 1 x t.tournament", .tournament),
      ("tournament 1 - ../t", .tournament), ("tournament 1 - .t", .tournament),
    ]
    for (line, reason) in cases {
      #expect(RecordLine.parse(line) == .failure(reason), "\(line)")
    }
  }

  @Test("only the host's own events are not derived by the rules")
  func hostEvents() {
    for line in ["JOINED 1 1 ann", "SAY 5 ann hi", "BYE 9 closing", "RATED 4 1 1500 1510 1500 1490"] {
      #expect(EventCodec.decode(line).map { RecordLine.isHostEvent($0.event) } == true, "\(line)")
    }
    for line in ["CLAIM 7 2 5000", "OPEN 3", "REMATCH 8 1 same"] {
      #expect(EventCodec.decode(line).map { RecordLine.isHostEvent($0.event) } == false, "\(line)")
    }
  }

  @Test("the rules' words: every setting, checked")
  func ruleWords() {
    let words = RuleFields.encode(Self.quickRules)
    #expect(RuleFields.decode(words, ignoringUnknownKeys: false) == Self.quickRules)
    #expect(RuleFields.decode(words + ["later=5"], ignoringUnknownKeys: true) == Self.quickRules)
    #expect(RuleFields.decode(words + ["later=5"], ignoringUnknownKeys: false) == nil)
    #expect(RuleFields.decode(words.dropLast(), ignoringUnknownKeys: true) == nil)
    #expect(RuleFields.decode(words + [words[1]], ignoringUnknownKeys: true) == nil)
    for bad in ["tableSize=13", "tableSize=24", "claimWindow=0", "resumeGrace=-5", "claimWindow=fast", "claimWindow"] {
      let key = bad.split(separator: "=")[0]
      let replaced = words.map { $0.hasPrefix(key + "=") ? bad : $0 }
      #expect(RuleFields.decode(replaced, ignoringUnknownKeys: true) == nil, "\(bad)")
    }
  }

  @Test("the RULES line carries the rules in force, and reads back")
  func rulesLine() {
    let line = ServerLine.rules(Self.quickRules).line
    #expect(
      line
        == "RULES tableSize=15 claimWindow=2000 passedTurnWindow=4000 needlessDealWindow=3000 resumeGrace=30000"
        + " setReward=1 wrongPickPenalty=1 claimExpiredPenalty=1 needlessDealPenalty=2 pickClaims=0")
    #expect(ServerLine.decode(line) == .rules(Self.quickRules))
    #expect(ServerLine.decode(line + " spectatorLimit=9") == .rules(Self.quickRules))
    #expect(ServerLine.decode("RULES claimWindow=2000") == nil)
  }
}
