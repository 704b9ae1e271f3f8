import SetProtocol
import Testing

@testable import SetCore

@Suite("What the status line says can be done, as a value")
struct StatusDoingTests {
  /// Every kind of phase, with each seat holding the windows.
  static let phases: [Phase] =
    [.waiting, .open, .paused(Pause(suspended: nil, remaining: 0, forfeitAt: .repeating(nil)))]
    + Seat.allCases.flatMap { seat in
      [Window.Kind.claim, .passedTurn, .needlessDeal].map { kind in
        Phase.window(Window(holder: seat, kind: kind, deadline: Instant(milliseconds: 5_000)))
      }
    }

  @Test("two connections are told the same words exactly when their values are equal")
  func valuesAndWordsAgree() {
    let namings = [PerSeat(one: "ann", two: "bob"), PerSeat(one: "ann", two: "cy"), PerSeat(one: "bob", two: "ann")]
    var told: [(StatusDoing, String)] = []
    for phase in Self.phases {
      for names in namings {
        for viewer in [Seat.one, .two, nil] as [Seat?] {
          for game in [0, 3] {
            let value = StatusDoing(phase, game: game, names: names, viewer: viewer)
            let words =
              game == 0 ? "before the first game" : HumanText.doing(phase, names: names, viewer: viewer)
            told.append((value, words))
          }
        }
      }
    }
    for (a, aWords) in told {
      for (b, bWords) in told where a == b {
        #expect(aWords == bWords, "\(a) and \(b)")
      }
    }
    // A window running down is the same thing to do; a new holder or a new name is not.
    let early = Phase.window(Window(holder: .one, kind: .claim, deadline: Instant(milliseconds: 1_000)))
    let late = Phase.window(Window(holder: .one, kind: .claim, deadline: Instant(milliseconds: 4_000)))
    let names = PerSeat(one: "ann", two: "bob")
    #expect(
      StatusDoing(early, game: 1, names: names, viewer: nil) == StatusDoing(late, game: 1, names: names, viewer: nil))
    #expect(
      StatusDoing(early, game: 1, names: names, viewer: nil)
        != StatusDoing(early, game: 1, names: PerSeat(one: "cy", two: "bob"), viewer: nil))
  }
}
