import SetCore
import SetProtocol
import Testing

@testable import SetClientCore

@Suite("The review of a finished game in the terminal client")
struct ReviewScreenTests {
  static let over = ["OVER 17 1 2 -1 4 3 5 completed"]
  static let review = [
    "REVIEWSET 1 1RSD,2GTO,3POS 4 3 0 19 6200 found 1 2100",
    "REVIEWSET 1 1RSD,1GSD,1PSD 1 3 0 19 6200 broken 0 -",
    "REVIEWSET 1 1GSD,2GTO,3GOS 3 20 6200 25 28200 found 2 14000",
    "REVIEWSET 1 2ROD,2GOD,2POD 1 20 6200 - - there 0 -",
    "REVIEWPLAYER 1 1 1 2 3 0,1,3,0 22000 0/-,0/-,0/-,1/2100",
    "REVIEWPLAYER 1 2 1 2 1 1,1,0,0 6200 0/-,0/-,1/14000,0/-",
    "OK REVIEW 1",
  ]

  @Test("a player's game over asks for the review, and shows its summary once it comes")
  func summary() {
    var model = Tables.model(cards: 9, deck: 0, extra: [])
    #expect(model.apply(line: Self.over[0], at: .zero) == [.requestReview])
    for line in Self.review { _ = model.apply(line: line, at: .zero) }
    #expect(model.review.count == 6)
    let plain = Renderer(options: .ascii).frame(
      model: model, state: PlayState(), now: Tables.now, columns: 80, rows: 24
    ).encoded(color: false).joined(separator: "\n")
    // What "missed" counts is said: the sets went to the other player or to nobody.
    let flowing = plain.split(separator: "\n").map { $0.trimmingPrefix(while: { $0 == " " }) }.joined(separator: " ")
    #expect(
      flowing.contains(
        "2 sets went to bob or to nobody while you could have taken them. The longest a set waited for you: 22 s."
          + " Your wrong picks broke on shading 3 times."), "\(plain)")
    #expect(plain.contains("v review"))
  }

  @Test("* asks for the same deck; a JOINED with this client's own name in the other seat moves it there")
  func seatsSwapped() {
    var model = Tables.model(cards: 9, deck: 0, extra: Self.over)
    #expect(model.seat == .one)
    var state = PlayState()
    #expect(state.handle(.character("*"), model: model, now: .zero) == [.send(.rematchSame)])
    #expect(state.handle(.enter, model: model, now: .zero) == [.send(.new)])
    _ = model.apply(line: "JOINED 18 1 bob", at: .zero)
    #expect(model.seat == .one, "another player's name moves nothing")
    _ = model.apply(line: "JOINED 19 2 ANN", at: .zero)
    #expect(model.seat == .two && model.displayNames.one == "bob")
  }

  @Test("a spectator's game over asks for nothing; v asks for the review and opens it")
  func spectator() {
    var model = Tables.model(cards: 9, deck: 0, extra: [], watching: true)
    #expect(model.apply(line: Self.over[0], at: .zero).isEmpty)
    var state = PlayState()
    #expect(state.handle(.character("v"), model: model, now: .zero) == [.send(.review(nil))])
    #expect(state.view == .review(scroll: 0))
    #expect(state.handle(.character("v"), model: model, now: .zero).isEmpty)
    #expect(state.view == .table)
  }

  @Test("the review view at 60x20, 80x24 and 120x40: every set, each player, and the way back")
  func views() {
    var model = Tables.model(cards: 9, deck: 0, extra: Self.over)
    for line in Self.review { _ = model.apply(line: line, at: .zero) }
    var state = PlayState()
    state.link = .connected
    #expect(state.handle(.character("v"), model: model, now: .zero).isEmpty, "the review is here already")
    for (columns, rows) in [(60, 20), (80, 24), (120, 40)] {
      let frame = Renderer(options: .ascii).frame(
        model: model, state: state, now: Tables.now, columns: columns, rows: rows)
      let lines = frame.encoded(color: false)
      Snapshot.check(lines, named: "review-\(columns)x\(rows)-ascii")
      #expect(frame.lines.count == rows && frame.lines.allSatisfy { $0.width <= columns })
      let colour = Renderer(options: ScreenOptions()).frame(
        model: model, state: state, now: Tables.now, columns: columns, rows: rows)
      Snapshot.check(colour.encoded(color: true), named: "review-\(columns)x\(rows)-colour")
    }
    #expect(state.handle(.down, model: model, now: .zero).isEmpty)
    #expect(state.view == .review(scroll: 1))
    _ = state.handle(.escape, model: model, now: .zero)
    #expect(state.view == .table)
  }
}
