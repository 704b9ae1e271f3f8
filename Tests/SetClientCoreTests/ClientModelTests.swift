import SetCore
import SetProtocol
import Testing

@testable import SetClientCore

@Suite("Client model")
struct ClientModelTests {
  static func card(_ code: String) -> Card { CardCode.card(from: code)! }

  /// A model that read `lines`, all at `now`, and the actions it asked for.
  static func apply(_ lines: [String], to model: inout ClientModel, at now: Instant = .zero) -> [ModelAction] {
    lines.flatMap { model.apply(line: $0, at: now) }
  }

  static let start = [
    "JOINED 1 1 ann", "OK NAME 1 tok", "JOINED 2 2 bob",
    "START 3 1 69 A=1RSD B=1RSO C=1RSS D=2GTD E=2GTO F=2GTS G=3POD H=3POO I=3POS J=1GSD K=2PTO L=3ROS",
  ]

  @Test("seat, token and table from the start of a game")
  func start() {
    var model = ClientModel()
    let actions = Self.apply(Self.start, to: &model)
    #expect(actions == [.requestState])  // after NAME, to learn the phase
    #expect(model.seat == .one)
    #expect(model.token == "tok")
    #expect(model.names == ["ann", "bob"])
    #expect(model.cards.count == 12)
    #expect(model.cards[11] == Self.card("3ROS"))
    #expect(model.deck == 69)
    #expect(model.game == 1)
    #expect(model.phase == .open)
    #expect(model.log.lastResult?.text == "Game 1 begins: 12 cards on the table, 69 in the deck")
  }

  @Test("a claim, picks, a set, its score, and the refill")
  func setFound() {
    var model = ClientModel()
    _ = Self.apply(Self.start, to: &model)
    _ = Self.apply(
      ["CLAIM 4 2 5000", "PICK 5 2 A", "PICK 6 2 B", "UNPICK 7 2 A"], to: &model, at: Instant(milliseconds: 100))
    #expect(model.phase == .window(holder: .two, kind: .claim, deadline: Instant(milliseconds: 5100), length: 5000))
    #expect(model.selection == [Slot(1)])
    #expect(model.remaining(at: Instant(milliseconds: 1100)) == 4000)
    _ = Self.apply(
      [
        "PICK 8 2 C", "PICK 9 2 A", "SET 10 2 A,B,C 1RSD,1RSO,1RSS", "SCORE 11 2 +1 1 set",
        "DIFF 12 66 12 -A -B -C +A=2RSD +B=2RSO +C=2RSS", "OPEN 13",
      ], to: &model)
    #expect(model.scores == [0, 1])
    #expect(model.sets == [0, 1])
    #expect(model.cards.prefix(3) == [Self.card("2RSD"), Self.card("2RSO"), Self.card("2RSS")])
    #expect(model.deck == 66)
    #expect(model.phase == .open)
    #expect(model.selection.isEmpty)
    #expect(model.log.lastResult?.text == "bob found a set: 1RSD 1RSO 1RSS +1")
  }

  @Test("three more cards, then a set that closes the table up")
  func dealAndCloseUp() {
    var model = ClientModel()
    _ = Self.apply(Self.start, to: &model)
    _ = Self.apply(["DIFF 4 66 15 +M=1PSD +N=1PSO +O=1PSS"], to: &model)
    #expect(model.cards.count == 15)
    #expect(model.log.lastResult?.text == "3 more cards dealt, 66 left in the deck")
    _ = Self.apply(
      [
        "CLAIM 5 1 5000", "PICK 6 1 A", "PICK 7 1 N", "PICK 8 1 B", "SET 9 1 A,B,N 1RSD,1RSO,1PSO",
        "SCORE 10 1 +1 1 set", "DIFF 11 66 12 -A -B -N M>A=1PSD O>B=1PSS", "OPEN 12",
      ], to: &model)
    #expect(model.cards.count == 12)
    #expect(model.cards[0] == Self.card("1PSD"))
    #expect(model.cards[1] == Self.card("1PSS"))
    #expect(model.awaitingState == true)  // still waiting for the STATE asked for after NAME
  }

  @Test("a wrong pick, the passed turn, running out, a needless deal")
  func failures() {
    var model = ClientModel()
    _ = Self.apply(Self.start + ["OK STATE 3 1 open 0 0 -"], to: &model)
    _ = Self.apply(
      [
        "CLAIM 4 1 5000", "PICK 5 1 A,B", "PICK 6 1 D", "NOSET 7 1 A,B,D 1RSD,1RSO,2GTD", "SCORE 8 1 -1 -1 wrong",
        "TURN 9 2 10000 turn",
      ], to: &model)
    #expect(
      model.log.lastResult?.text
        == "You picked 1RSD 1RSO 2GTD: not a set: number is one, one, two; colour is red, red, green; shading is "
        + "solid, solid, striped; shape is diamond, oval, diamond (each two the same, one different) -1, "
        + "turn passes to bob, 10 s")
    #expect(model.phase.holder == .two)
    _ = Self.apply(["EXPIRED 10 2 turn", "OPEN 11"], to: &model)
    #expect(model.log.lastResult?.text == "bob's turn ran out, no penalty")
    _ = Self.apply(
      ["CLAIM 12 2 5000", "EXPIRED 13 2 claim", "SCORE 14 2 -1 -1 expired", "TURN 15 1 10000 turn"], to: &model)
    #expect(model.log.lastResult?.text == "bob ran out of time -1, turn passes to you, 10 s")
    #expect(model.holdsWindow)
    _ = Self.apply(
      ["EXPIRED 16 1 turn", "OPEN 17", "SCORE 18 2 -1 -2 needless", "TURN 19 1 7500 needless"], to: &model)
    #expect(model.log.lastResult?.text == "bob asked for cards: needless deal -1, you may look for it, 7.5 s")
    #expect(model.scores == [-1, -2])
    _ = Self.apply(["EXPIRED 20 1 needless", "OPEN 21"], to: &model)
    #expect(model.log.lastResult?.text == "Your look ran out, no penalty")
    let spoken = model.log.entries.last { $0.text.hasPrefix("You picked") }
    #expect(spoken?.lead == "You picked ")
    #expect(spoken?.cards.map(\.description) == ["1RSD", "1RSO", "2GTD"])
  }

  @Test("a player leaves and comes back: paused, then the window goes on")
  func pauseAndResume() {
    var model = ClientModel()
    _ = Self.apply(Self.start + ["OK STATE 3 1 open 0 0 -", "CLAIM 4 1 5000"], to: &model)
    _ = Self.apply(["LEFT 5 2 60000"], to: &model, at: Instant(milliseconds: 1000))
    #expect(model.phase == .paused(holder: .one, kind: .claim, remaining: 4000))
    #expect(model.present == [true, false])
    #expect(model.forfeitAt.two == Instant(milliseconds: 61000))
    _ = Self.apply(["BACK 6 2", "GO 7 claim 1 4000"], to: &model, at: Instant(milliseconds: 9000))
    #expect(model.phase == .window(holder: .one, kind: .claim, deadline: Instant(milliseconds: 13000), length: 5000))
    #expect(model.present == [true, true])
    #expect(model.forfeitAt == [nil, nil])
    _ = Self.apply(["LEFT 8 2 60000", "BACK 9 2", "GO 10 open"], to: &model)
    #expect(model.phase == .open)
  }

  @Test("back during a pause, the away seat's PLAYER line says when it is forfeited")
  func forfeitFromThePlayerLine() {
    var model = ClientModel()
    let state = ["TABLE 5 69 A=1RSD B=1RSO C=1RSS", "PLAYER 1 ann 0 here", "PLAYER 2 bob 0 away 41250"]
    _ = Self.apply(state + ["OK STATE 5 1 paused 0 0 -"], to: &model, at: Instant(milliseconds: 2_000))
    #expect(model.forfeitAt == [nil, Instant(milliseconds: 43_250)])
    _ = Self.apply(["PLAYER 2 bob 0 here"], to: &model)
    #expect(model.forfeitAt == [nil, nil])
  }

  @Test("a NOTICE from the server is shown in the history, in the server's words")
  func notice() {
    var model = ClientModel()
    _ = Self.apply(Self.start + ["NOTICE records the game record could not be written: disk full"], to: &model)
    #expect(model.log.entries.last?.text == "server: the game record could not be written: disk full")
  }

  @Test("a notice's fields are read as fields: the history shows only its words")
  func typedNotice() {
    var model = ClientModel()
    _ = Self.apply(
      Self.start + [
        "NOTICE rating rated ann Rated: ann is yours; only your games change its rating.",
        "NOTICE seat 2 Seat 2 is free: type SIT to play in it.",
      ], to: &model)
    let texts = model.log.entries.suffix(2).map(\.text)
    #expect(
      texts == [
        "server: Rated: ann is yours; only your games change its rating.",
        "server: Seat 2 is free: type SIT to play in it.",
      ], "\(texts)")
  }

  @Test("game over, rematch, chat and farewell")
  func overAndRematch() {
    var model = ClientModel()
    _ = Self.apply(Self.start + ["OK STATE 3 1 open 0 0 -"], to: &model)
    _ = Self.apply(["OVER 4 1 2 3 5 3 5 completed", "REMATCH 5 2", "SAY 6 bob good game", "BYE 7 closing"], to: &model)
    let result = GameResult(game: 1, scores: [3, 5], sets: [3, 5], winner: .two, ending: .completed)
    #expect(model.phase == .over(result))
    #expect(model.results == [result])
    #expect(model.rematchAsked == [false, true])
    #expect(model.farewell == "closing")
    #expect(
      model.log.entries.suffix(3).map(\.text) == ["bob asks for a rematch", "<bob> good game", "server: closing"])
    #expect(model.log.lastResult?.text == "Game 1 over: bob wins 5 to 3.")
    _ = Self.apply(["REMATCH 8 1", "START 9 2 69 A=1RSD B=1RSO C=1RSS"], to: &model)
    #expect(model.game == 2)
    #expect(model.scores == [0, 0])
    #expect(model.rematchAsked == [false, false])
  }

  @Test("a sequence gap asks for STATE once; events already in a TABLE are ignored")
  func gaps() {
    var model = ClientModel()
    _ = Self.apply(Self.start + ["OK STATE 3 1 open 0 0 -"], to: &model)
    #expect(model.awaitingState == false)
    #expect(Self.apply(["CLAIM 5 1 5000"], to: &model) == [.requestState])
    #expect(Self.apply(["EXPIRED 7 1 claim"], to: &model) == [])  // asked already
    let table = "TABLE 9 66 A=3GOS B=1RSO C=1RSS D=2GTD E=2GTO F=2GTS G=3POD H=3POO I=3POS J=1GSD K=2PTO L=3ROS"
    _ = Self.apply([table, "PLAYER 1 ann -1 here", "PLAYER 2 bob 0 here", "OK STATE 9 1 open 0 0 -"], to: &model)
    #expect(model.awaitingState == false)
    #expect(model.cards[0] == Self.card("3GOS"))
    #expect(model.deck == 66)
    #expect(model.scores == [-1, 0])
    #expect(Self.apply(["DIFF 8 63 15 +M=1PSD +N=1PSO +O=1PSS"], to: &model) == [])  // before the table: ignored
    #expect(model.cards.count == 12)
    #expect(Self.apply(["CLAIM 10 2 5000"], to: &model) == [])
    #expect(model.phase.holder == .two)
  }

  @Test("a DIFF that does not fit the table asks for STATE")
  func badDiff() {
    var model = ClientModel()
    _ = Self.apply(Self.start + ["OK STATE 3 1 open 0 0 -"], to: &model)
    let before = model.cards
    #expect(Self.apply(["DIFF 4 66 12 -Q +Q=2RSD"], to: &model) == [.requestState])
    #expect(model.cards == before)
    #expect(Self.apply(["DIFF 5 63 15 -A +M=1PSD +N=1PSO +O=1PSS"], to: &model) == [])  // asked already
    #expect(model.cards == before)
  }

  @Test("joining late: the model asks for STATE and takes the phase from its reply")
  func lateJoin() {
    var model = ClientModel()
    let actions = Self.apply(
      ["JOINED 2 2 bob", "START 3 1 69 A=1RSD B=1RSO C=1RSS", "OK NAME 2 tok2"], to: &model)
    #expect(actions == [.requestState])
    _ = Self.apply(
      [
        "TABLE 4 69 A=1RSD B=1RSO C=1RSS", "PLAYER 1 ann 0 here", "PLAYER 2 bob 0 here",
        "OK STATE 4 1 claim 1 3000 A",
      ], to: &model, at: Instant(milliseconds: 500))
    #expect(model.names == ["ann", "bob"])
    #expect(model.phase == .window(holder: .one, kind: .claim, deadline: Instant(milliseconds: 3500), length: 5000))
    #expect(model.selection == [Slot(0)])
  }

  @Test("a spectator after game over asks for the history to learn the result")
  func spectatorAfterOver() {
    var model = ClientModel()
    var actions = Self.apply(
      ["TABLE 40 0 A=1RSD", "PLAYER 1 ann 3 here", "PLAYER 2 bob 5 here", "OK NAME 0 -"], to: &model)
    #expect(model.seat == nil)
    #expect(model.isNamed)
    #expect(actions == [.requestState])
    actions = Self.apply(["TABLE 40 0 A=1RSD", "OK STATE 40 1 over 0 0 -"], to: &model)
    #expect(actions == [.requestHistory])
    _ = Self.apply(["RESULT 1 2 3 5 3 5 completed", "OK HISTORY 1"], to: &model)
    #expect(model.phase == .over(GameResult(game: 1, scores: [3, 5], sets: [3, 5], winner: .two, ending: .completed)))
  }

  @Test("refusals are kept with their time")
  func refusals() {
    var model = ClientModel()
    _ = Self.apply(["ERR NOT_YOUR_TURN bob holds the claim"], to: &model, at: Instant(milliseconds: 7))
    #expect(
      model.lastError
        == Refusal(error: ProtocolError(.notYourTurn, "bob holds the claim"), at: Instant(milliseconds: 7)))
  }
}
