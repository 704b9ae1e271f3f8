import SetCore
import SetProtocol
import SetTransport
import Testing

@testable import SetHost

/// The presenters as types: a table's message and a viewer in, lines out, with no host around them.
@Suite("Presenters")
struct PresenterTests {
  static func view(_ seating: Seating, viewer: Seat?, game: Match = Match(rules: Rules(), seed: 7)) -> TableView {
    TableView(match: game, seating: seating, scores: [0, 0], viewer: viewer, seq: 0, now: Instant(milliseconds: 0))
  }

  static var annAndBob: Seating {
    var seating = Seating()
    seating.take(.one, name: "ann", token: "t1", client: ConnectionID(1), afterGame: false)
    seating.take(.two, name: "bob", token: "t2", client: ConnectionID(2), afterGame: false)
    return seating
  }

  @Test("a mood is one line for every program, and in words the second person for the player who shows it")
  func audiences() {
    let machine = MachinePresenter()
    let human = HumanPresenter()
    #expect(machine.audience == .everyone && human.audience == .eachSeat)
    #expect(machine.prompt == nil && human.prompt == "> ")
    let seating = Self.annAndBob
    let mood = TableMessage.mood(.glad, seat: .one)
    #expect(machine.lines(mood, in: Self.view(seating, viewer: .one)) == ["MOOD 1 glad"])
    #expect(machine.lines(mood, in: Self.view(seating, viewer: nil)) == ["MOOD 1 glad"])
    #expect(human.lines(mood, in: Self.view(seating, viewer: .one)) == ["You are glad."])
    #expect(human.lines(mood, in: Self.view(seating, viewer: .two)) == ["ann is glad."])
    // What only a person is told, a program is not: it reads the reply's fields.
    #expect(machine.lines(.resumeHint(token: "t1"), in: Self.view(seating, viewer: .one)) == [])
    #expect(human.lines(.resumeHint(token: "t1"), in: Self.view(seating, viewer: .one)).last == "  RESUME t1")
  }

  @Test("the status line is told again on a change of value: before the first game, a change of seat is one")
  func statusRepeats() throws {
    let human = HumanPresenter()
    var seating = Seating()
    seating.take(.one, name: "ann", token: "t1", client: ConnectionID(1), afterGame: false)
    let alone = try #require(human.status(in: Self.view(seating, viewer: .one))?.told)
    let both = try #require(human.status(in: Self.view(Self.annAndBob, viewer: .one))?.told)
    #expect(alone.repeats(alone, inGame: 0))
    #expect(!both.repeats(alone, inGame: 0), "bob sat down: the line names him")
    #expect(both.repeats(alone, inGame: 3), "in a game the seats are not on the status line")
    let playing = ToldStatus(
      doing: StatusDoing(.open, game: 3, names: ["ann", "bob"], viewer: .one), seated: ["ann", "bob"])
    #expect(!playing.repeats(both, inGame: 3))
    let programs = MachinePresenter().status(in: Self.view(Self.annAndBob, viewer: .one))
    #expect(programs == nil, "a program has no status line")
  }
}
