import SetProtocol
import Testing

@testable import SetCore

@Suite("The human status line")
struct StatusLineTests {
  static let long = PerSeat(one: "abcdefghijklmnop", two: "qrstuvwxyz012345")
  static let over = Phase.over(
    GameResult(
      game: 4, scores: PerSeat(one: 1, two: 2), sets: PerSeat(one: 1, two: 2), winner: .two, ending: .completed))

  @Test("stays one line of at most 77 columns, whatever the names, scores, phase and reader")
  func oneLine() {
    for phase in StatusDoingTests.phases + [Self.over] {
      for names in [PerSeat(one: "nico", two: "bot"), Self.long] {
        for scores in [PerSeat(one: -1, two: 1), PerSeat(one: -99, two: 120)] {
          for viewer in [Seat.one, .two, nil] as [Seat?] {
            for game in [0, 4] {
              let line = HumanText.status(
                game: game, phase: phase, names: names, seated: names.map { $0 }, scores: scores, deck: 66,
                viewer: viewer, groupSize: 4)
              #expect(line.count <= 77, "\(line)")
              #expect(!line.contains("\n"))
            }
          }
        }
      }
    }
  }

  @Test("the case issue 33 found on two lines is one, with the commands")
  func nicoAndBot() {
    let line = HumanText.status(
      game: 1, phase: .open, names: PerSeat(one: "nico", two: "bot-normal"),
      seated: PerSeat(one: "nico", two: "bot-normal"),
      scores: PerSeat(one: -1, two: 1), deck: 66, viewer: .one)
    #expect(line == "[nico -1 | bot-normal 1 | deck 66] open play: SET, PICK A B C or DEAL")
  }

  @Test("a spectator is told what happens, and offered no play commands")
  func spectator() {
    let names = PerSeat(one: "ann", two: "bob")
    for phase in StatusDoingTests.phases + [Self.over] {
      let line = HumanText.status(
        game: 2, phase: phase, names: names, seated: names.map { $0 }, scores: PerSeat(one: 0, two: 0), deck: 9)
      for command in ["SET", "PICK", "DEAL", "NEW"] {
        #expect(!line.split(separator: " ").contains(Substring(command)), "\(line)")
      }
    }
  }

  @Test("while a player picks, only that player is offered PICK")
  func onlyTheHolderPicks() {
    let names = PerSeat(one: "ann", two: "bob")
    let window = Phase.window(Window(holder: .two, kind: .passedTurn, deadline: Instant(milliseconds: 5_000)))
    func line(_ viewer: Seat?) -> String {
      HumanText.status(
        game: 1, phase: window, names: names, seated: names.map { $0 }, scores: PerSeat(one: -1, two: 0), deck: 69,
        viewer: viewer)
    }
    #expect(line(.two) == "[ann -1 | bob 0 | deck 69] you have the turn: PICK three cards")
    #expect(line(.one) == "[ann -1 | bob 0 | deck 69] bob has the turn")
    #expect(line(nil) == "[ann -1 | bob 0 | deck 69] bob has the turn")
  }
}
