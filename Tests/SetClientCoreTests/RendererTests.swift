import SetCore
import SetProtocol
import Testing

@testable import SetClientCore

/// Models built from the lines a server would send, for the renderer's snapshots.
enum Tables {
  /// `count` distinct cards, spread over the deck.
  static func cards(_ count: Int) -> [Card] {
    (0..<count).map { Card(index: UInt8(($0 * 37 + 5) % 81)) }
  }

  static func table(_ cards: [Card]) -> String {
    cards.enumerated().map { "\(Slot($0.offset).label)=\($0.element)" }.joined(separator: " ")
  }

  /// Ann (seat 1, this client unless it is `watching`) and bob at a table of `count` cards, a few
  /// results in.
  static func model(cards count: Int, deck: Int, extra: [String], watching: Bool = false) -> ClientModel {
    var model = ClientModel()
    let lines =
      [
        "SETDUEL 1 hello", "OK MODE machine", "JOINED 1 1 ann", watching ? "OK NAME 0 -" : "OK NAME 1 secret",
        "JOINED 2 2 bob",
        "START 3 1 \(deck) \(table(cards(count)))", "CLAIM 4 2 5000", "PICK 5 2 A", "PICK 6 2 B", "PICK 7 2 C",
        "NOSET 8 2 A,B,C 1RSD,1RSO,1RSS", "SCORE 9 2 -1 -1 wrong", "TURN 10 1 10000 turn", "EXPIRED 11 1 turn",
        "OPEN 12", "SCORE 13 1 -1 -1 needless", "TURN 14 2 7500 needless", "EXPIRED 15 2 needless", "OPEN 16",
      ] + extra
    for line in lines { _ = model.apply(line: line, at: .zero) }
    return model
  }

  static let now = Instant(milliseconds: 1_800)
}

@Suite("Renderer")
struct RendererTests {
  static let colour = Renderer(options: ScreenOptions())
  static let ascii = Renderer(options: .ascii)

  func frames(_ model: ClientModel, _ state: PlayState = PlayState(), name: String) {
    var state = state
    state.link = .connected
    let colourFrame = Self.colour.frame(model: model, state: state, now: Tables.now, columns: 80, rows: 24)
    Snapshot.check(colourFrame.encoded(color: true), named: name + "-colour")
    let asciiFrame = Self.ascii.frame(model: model, state: state, now: Tables.now, columns: 80, rows: 24)
    Snapshot.check(asciiFrame.encoded(color: false), named: name + "-ascii")
    #expect(asciiFrame.lines.count == 24)
    #expect(asciiFrame.lines.allSatisfy { $0.width <= 80 })
    #expect(asciiFrame.encoded(color: false).allSatisfy { $0.utf8.allSatisfy { $0 < 128 } })
  }

  @Test("12 cards in open play")
  func twelve() {
    frames(Tables.model(cards: 12, deck: 45, extra: []), name: "table12-open")
  }

  @Test("15 cards while the other player picks")
  func fifteen() {
    let model = Tables.model(cards: 15, deck: 30, extra: ["CLAIM 17 2 5000", "PICK 18 2 D", "PICK 19 2 N"])
    frames(model, name: "table15-their-claim")
  }

  @Test("21 cards, an empty deck, this client's turn")
  func twentyOne() {
    let model = Tables.model(
      cards: 21, deck: 0,
      extra: [
        "CLAIM 17 2 5000", "EXPIRED 18 2 claim", "SCORE 19 2 -1 -2 expired", "TURN 20 1 10000 turn", "PICK 21 1 U",
      ])
    frames(model, name: "table21-my-turn")
  }

  @Test("game over, with the other player asking for a rematch")
  func gameOver() {
    let model = Tables.model(cards: 9, deck: 0, extra: ["OVER 17 1 2 -1 4 3 5 completed", "REMATCH 18 2"])
    frames(model, name: "game-over")
    let plain = Self.ascii.frame(model: model, state: PlayState(), now: Tables.now, columns: 80, rows: 24)
      .encoded(color: false).joined(separator: "\n")
    #expect(model.cards.allSatisfy { plain.contains($0.description) }, "the final table stays in view: \(plain)")
  }

  @Test("after more than one game, the games each player won")
  func gamesWon() {
    let model = Tables.model(
      cards: 9, deck: 0,
      extra: [
        "OVER 17 1 2 -1 4 3 5 completed", "START 18 2 0 \(Tables.table(Tables.cards(9)))",
        "OVER 19 2 1 4 -1 5 3 completed",
      ])
    let plain = Self.ascii.frame(model: model, state: PlayState(), now: Tables.now, columns: 80, rows: 24)
      .encoded(color: false).joined(separator: "\n")
    #expect(model.results.count == 2)
    #expect(plain.contains("games won: ann 1, bob 1"), "\(plain)")
  }

  @Test("game over by forfeit: the seat of the player who left is free, and a rematch waits for a newcomer")
  func rematchAfterForfeit() {
    var table = ModelDriver(seed: 7)
    table.join(1, name: "ann")
    table.join(2, name: "bob")
    table.leave(2)
    table.advance(to: table.now.adding(milliseconds: Rules().resumeGrace + 1))
    let before = Self.ascii.frame(
      model: table.model(1), state: PlayState(), now: table.now, columns: 80, rows: 24
    ).encoded(color: false).joined(separator: "\n")
    #expect(before.contains("bob has left: their seat is free for the next player"), "\(before)")
    #expect(before.contains("Press Enter for a rematch with the next player"))
    table.send(.new, from: 1)
    let asked = Self.ascii.frame(
      model: table.model(1), state: PlayState(), now: table.now, columns: 80, rows: 24
    ).encoded(color: false).joined(separator: "\n")
    #expect(asked.contains("You asked for a rematch: it starts when a new player sits down and asks too"))
    #expect(!asked.contains("waiting for bob"))
  }

  @Test("a spectator's own status and key bar: no play keys, no instructions to play")
  func spectator() {
    let open = Tables.model(cards: 12, deck: 45, extra: [], watching: true)
    frames(open, name: "spectator-open")
    let claim = Tables.model(cards: 12, deck: 45, extra: ["CLAIM 17 1 5000", "PICK 18 1 B"], watching: true)
    frames(claim, name: "spectator-claim")
    let over = Tables.model(
      cards: 9, deck: 0, extra: ["OVER 17 1 2 -1 4 3 5 completed", "REMATCH 18 2"], watching: true)
    frames(over, name: "spectator-over")
    for model in [open, claim, over] {
      let lines = Self.ascii.frame(model: model, state: PlayState(), now: Tables.now, columns: 80, rows: 24)
        .encoded(color: false)
      let keyBar = lines.last ?? ""
      for playing in ["space", "pick", "deal", "rematch"] {
        #expect(!keyBar.contains(playing), "\(playing) in the key bar: \(keyBar)")
      }
      #expect(keyBar.contains("Esc quit"))
      #expect(!lines.contains { $0.contains("press space") || $0.contains("Press Enter") })
    }
    #expect(
      Self.ascii.frame(model: claim, state: PlayState(), now: Tables.now, columns: 80, rows: 24)
        .encoded(color: false).contains { $0.contains("ann holds the claim") && $0.contains("3.2 s") })
  }

  @Test("an open chat line shows what is typed, and the key bar says how to send or cancel it")
  func chatLine() {
    var state = PlayState()
    state.link = .connected
    state.chat = "good game"
    let plain = Self.ascii.frame(
      model: Tables.model(cards: 12, deck: 45, extra: []), state: state, now: Tables.now, columns: 80, rows: 24
    ).encoded(color: false)
    #expect(plain.contains { $0.contains("Say: good game_") })
    #expect(plain.last?.contains("Enter send") == true && plain.last?.contains("Esc cancel") == true)
  }

  @Test("printed line by line (TERM=dumb): cards one to a line, and only the lines that changed")
  func lineByLine() {
    let dumb = Renderer(options: ScreenOptions(unicode: false, color: false, fullScreen: false))
    var state = PlayState()
    state.link = .connected
    let before = dumb.frame(
      model: Tables.model(cards: 12, deck: 45, extra: []), state: state, now: Tables.now, columns: 80, rows: 24
    ).encoded(color: false)
    #expect(before.contains { $0.contains("a 1RTS") && $0.contains("d 2ROS") }, "\(before)")
    #expect(!before.contains { $0.contains("+ a ----+") })
    let first = Frame.changedLines(before, since: [])
    #expect(first.count == before.filter { !$0.allSatisfy { $0 == " " } }.count, "the first frame prints whole")
    let after = dumb.frame(
      model: Tables.model(cards: 12, deck: 45, extra: ["CLAIM 17 2 5000"]), state: state, now: Tables.now,
      columns: 80, rows: 24
    ).encoded(color: false)
    let changed = Frame.changedLines(after, since: before)
    #expect(changed.contains { $0.contains("bob called Set") }, "\(changed)")
    #expect(!changed.contains { $0.contains("1RTS") }, "the cards did not change")
    #expect(changed.count <= 3, "\(changed)")
    #expect(Frame.changedLines(["x", "x", " "], since: ["x"]) == ["x"])
  }

  @Test("cards just dealt light up for a moment")
  func freshCards() {
    let model = Tables.model(cards: 12, deck: 45, extra: ["DIFF 17 42 15 +M=1PSD +N=1PSO +O=1PSS"])
    #expect(model.freshSlots == [Slot(12), Slot(13), Slot(14)])
    var state = PlayState()
    state.link = .connected
    func accentBorders(at now: Instant) -> Int {
      Self.colour.frame(model: model, state: state, now: now, columns: 80, rows: 24).lines.flatMap(\.spans)
        .filter { $0.text.hasPrefix("╭") && $0.style.foreground == Self.colour.options.palette.accent }.count
    }
    #expect(accentBorders(at: Instant.zero.adding(milliseconds: 1_000)) == 3)
    #expect(accentBorders(at: Instant.zero.adding(milliseconds: 2_000)) == 0)
    // Without colour, the word says it.
    func marked(at now: Instant) -> [String] {
      Self.ascii.frame(model: model, state: state, now: now, columns: 80, rows: 24).encoded(color: false)
        .filter { $0.contains("-new+") }
    }
    #expect(marked(at: Instant.zero.adding(milliseconds: 1_000)).joined().components(separatedBy: "-new+").count == 4)
    #expect(marked(at: Instant.zero.adding(milliseconds: 2_000)).isEmpty)
  }

  @Test("the history view and the help view")
  func overlays() {
    let model = Tables.model(cards: 12, deck: 45, extra: ["SAY 17 bob good luck"])
    var state = PlayState()
    state.view = .history(scroll: 1)
    frames(model, state, name: "history")
    state.view = .help
    frames(model, state, name: "help")
  }

  @Test(
    "at every size the cards, whose turn it is, the seconds left and the quit key show",
    arguments: [(40, 12), (60, 20), (80, 24), (120, 40)])
  func sizes(columns: Int, rows: Int) {
    let turn = Tables.model(
      cards: 21, deck: 0,
      extra: [
        "CLAIM 17 2 5000", "EXPIRED 18 2 claim", "SCORE 19 2 -1 -2 expired", "TURN 20 1 10000 turn", "PICK 21 1 U",
      ])
    let watched = Tables.model(cards: 12, deck: 45, extra: ["CLAIM 17 1 5000", "PICK 18 1 B"], watching: true)
    for (name, model, whose) in [("player", turn, "Your turn"), ("spectator", watched, "ann holds the claim")] {
      for (style, renderer) in [("colour", Self.colour), ("ascii", Self.ascii)] {
        var state = PlayState()
        state.link = .connected
        let frame = renderer.frame(model: model, state: state, now: Tables.now, columns: columns, rows: rows)
        let lines = frame.encoded(color: style == "colour")
        Snapshot.check(lines, named: "size-\(columns)x\(rows)-\(name)-\(style)")
        #expect(frame.lines.count == rows)
        #expect(frame.lines.allSatisfy { $0.width <= columns })
        let plain = frame.encoded(color: false)
        #expect(plain.last?.contains("Esc") == true, "the quit key: \(plain.last ?? "")")
        let status = plain.first { $0.contains(whose) }
        #expect(status?.contains(" s") == true, "whose turn and the seconds left: \(plain)")
        if style == "ascii" {
          let text = plain.joined(separator: "\n")
          #expect(model.cards.allSatisfy { text.contains($0.description) }, "every card shows: \(text)")
        }
      }
    }
  }

  @Test("below the smallest size the frame says what size is needed, and still shows whose turn and quit")
  func tooSmall() {
    let model = Tables.model(cards: 21, deck: 0, extra: ["CLAIM 17 1 5000"])
    var state = PlayState()
    state.link = .connected
    let frame = Self.ascii.frame(model: model, state: state, now: Tables.now, columns: 40, rows: 7)
    let plain = frame.encoded(color: false)
    #expect(plain.count == 7)
    #expect(plain.contains { $0.contains("terminal too small: 54x6 needed") }, "\(plain)")
    #expect(plain.contains { $0.contains("You called Set") && $0.contains("3.2 s") })
    #expect(plain.last?.contains("Esc") == true)
  }
}
