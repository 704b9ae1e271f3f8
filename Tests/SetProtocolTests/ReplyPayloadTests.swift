import SetCore
import Testing

@testable import SetProtocol

@Suite("OK reply payloads")
struct ReplyPayloadTests {
  static let payloads: [OKReply] = [
    .name(seat: .one, token: "9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
    .name(seat: nil, token: nil),
    .resume(seat: .two, name: "bob"),
    .state(StateSummary(seq: 3, game: 1, phase: .open, holder: nil, ms: 0, selected: [])),
    .state(StateSummary(seq: 40, game: 2, phase: .turn, holder: .two, ms: 9_250, selected: [Slot(0), Slot(20)])),
    .state(StateSummary(seq: 41, game: 2, phase: .paused, holder: .one, ms: 1_200, selected: [Slot(4)])),
    .scores(-2, 7),
    .history(count: 3),
    .mode(.machine),
    .mode(.human),
    .help, .quit, .say, .claim, .pick, .unpick, .deal, .new,
  ]

  @Test("every payload survives encoding and decoding", arguments: payloads)
  func roundTrip(_ payload: OKReply) {
    for id in [nil, "r1"] {
      let reply = Reply(id: id, .ok(payload))
      #expect(Reply.decode(reply.line) == reply, "\(reply.line)")
      #expect(ServerLine.decode(reply.line) == .reply(reply))
    }
  }

  @Test("the replies in protocol.md read as their values")
  func protocolExamples() {
    let examples: [(String, Reply)] = [
      ("OK MODE machine", Reply(id: nil, .ok(.mode(.machine)))),
      ("OK NAME 1 abc123", Reply(id: nil, .ok(.name(seat: .one, token: "abc123")))),
      ("OK @b1 NAME 2 xyz", Reply(id: "b1", .ok(.name(seat: .two, token: "xyz")))),
      ("OK NAME 0 -", Reply(id: nil, .ok(.name(seat: nil, token: nil)))),
      ("OK RESUME 1 ann", Reply(id: nil, .ok(.resume(seat: .one, name: "ann")))),
      (
        "OK STATE 3 1 open 0 0 -",
        Reply(id: nil, .ok(.state(StateSummary(seq: 3, game: 1, phase: .open, holder: nil, ms: 0, selected: []))))
      ),
      (
        "OK STATE 9 1 claim 2 4120 A,C",
        Reply(
          id: nil,
          .ok(
            .state(StateSummary(seq: 9, game: 1, phase: .claim, holder: .two, ms: 4120, selected: [Slot(0), Slot(2)])))
        )
      ),
      ("OK SCORES 1 -1", Reply(id: nil, .ok(.scores(1, -1)))),
      ("OK HISTORY 2", Reply(id: nil, .ok(.history(count: 2)))),
      ("OK PICK", Reply(id: nil, .ok(.pick))),
      ("OK HELP", Reply(id: nil, .ok(.help))),
      ("OK QUIT", Reply(id: nil, .ok(.quit))),
    ]
    for (line, reply) in examples {
      #expect(Reply.decode(line) == reply, "\(line)")
      #expect(reply.line == line)
    }
  }

  @Test("fields added at the end by a later version are ignored")
  func extraFields() {
    #expect(Reply.decode("OK NAME 2 tok extra") == Reply(id: nil, .ok(.name(seat: .two, token: "tok"))))
    #expect(Reply.decode("OK DEAL 5") == Reply(id: nil, .ok(.deal)))
  }

  @Test("malformed OK lines are refused")
  func malformed() {
    for line in [
      "OK", "OK FLY", "OK NAME", "OK NAME 1", "OK NAME 3 tok", "OK NAME 1 -", "OK NAME 0 tok", "OK NAME x tok",
      "OK RESUME 0 ann", "OK RESUME 1 a=b", "OK STATE 3 1 open 0 0", "OK STATE 3 1 sleeping 0 0 -",
      "OK STATE 3 1 claim 3 10 -", "OK STATE 3 1 claim 1 -5 -", "OK STATE 3 1 claim 1 10 A,?", "OK SCORES 1",
      "OK SCORES a b", "OK HISTORY", "OK HISTORY -1", "OK MODE loud",
    ] {
      #expect(Reply.decode(line) == nil, "\(line)")
    }
  }

  @Test("phase names are the wire's, and name the windows")
  func phaseNames() {
    #expect(PhaseName.allCases.map(\.rawValue) == ["waiting", "open", "claim", "turn", "needless", "paused", "over"])
    for kind in [Window.Kind.claim, .passedTurn, .needlessDeal] {
      #expect(PhaseName(kind).windowKind == kind)
      #expect(PhaseName(kind).rawValue == kind.rawValue)
    }
    #expect(PhaseName.open.windowKind == nil)
    #expect(PhaseName(Match(seed: 1).phase) == .waiting)
  }

  @Test("a name is 1 to 16 letters, digits, - or _, the same in any case")
  func names() {
    for name in ["a", "ann", "Bob_2", "x-y", String(repeating: "z", count: 16)] {
      #expect(PlayerName.isValid(name), "\(name)")
      #expect(Request.parse("NAME \(name)")?.command == .success(.name(name)))
    }
    for name in ["", String(repeating: "z", count: 17), "an n", "é", "a=b", "a,b"] {
      #expect(!PlayerName.isValid(name), "\(name)")
    }
    #expect(Request.parse("NAME a=b")?.command.failureCode == .badName)
    #expect(PlayerName.fitted("jean.dupré") == "jeandupr")
    #expect(PlayerName.fitted("a_very-long-login-name") == "a_very-long-logi")
    #expect(PlayerName.fitted("..é") == nil)
    #expect(PlayerName.same("Ann", "aNN"))
    #expect(!PlayerName.same("ann", "anna"))
  }
}
