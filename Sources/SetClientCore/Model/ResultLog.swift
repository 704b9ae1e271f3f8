import SetCore
import SetProtocol

/// One line of a game's history: a result, a game starting or ending, someone coming or going, chat.
public struct HistoryEntry: Equatable, Sendable {
  /// What the line is about.
  public enum Kind: Equatable, Sendable {
    /// A set, a wrong pick, a window running out, a needless deal, cards dealt, a game's end.
    case result
    /// A game began.
    case game
    /// A player sat down, left, came back, or asked for a rematch.
    case presence
    /// Chat, or the server's farewell.
    case message
  }

  /// The game the line belongs to (0 before the first).
  public var game: Int
  /// What the line is about.
  public var kind: Kind
  /// The words before the cards (all the words, when the line names no cards).
  public var lead: String
  /// The cards the line names, if any, shown between `lead` and `tail`.
  public var cards: [Card]
  /// The words after the cards.
  public var tail: String

  /// The line in plain ASCII words, cards as codes: `You found a set: 1RSD 2GTO 3POS +1`.
  public var text: String {
    cards.isEmpty ? lead + tail : lead + cards.map(\.description).joined(separator: " ") + tail
  }

  public init(game: Int, kind: Kind, text: String, cards: [Card] = [], tail: String = "") {
    self.game = game
    self.kind = kind
    lead = text
    self.cards = cards
    self.tail = tail
  }
}

/// Turns the events of a game into history lines, joining the events of one result into one line:
/// `SET`, `SCORE` becomes `ann found a set: 1RSD 2GTO 3POS +1`, and `NOSET`, `SCORE`, `TURN` becomes
/// `bob picked 1RSD 2GTO 3POS: not a set: shading is solid, solid, open (two the same, one different) -1,
/// turn passes to ann, 10 s`. Told whose seat is this client's, it speaks to the player: `You found a
/// set: ...`, `turn passes to you`.
public struct ResultLog: Equatable, Sendable {
  public static func == (lhs: ResultLog, rhs: ResultLog) -> Bool {
    lhs.entries == rhs.entries && lhs.continuing == rhs.continuing && lhs.toldResults == rhs.toldResults
      && lhs.lastBack?.index == rhs.lastBack?.index && lhs.lastBack?.seat == rhs.lastBack?.seat
      && lhs.lastJoined?.index == rhs.lastJoined?.index && lhs.lastJoined?.seat == rhs.lastJoined?.seat
      && lhs.resumeLine == rhs.resumeLine
  }

  /// Every line so far, oldest first.
  public private(set) var entries: [HistoryEntry] = []
  /// Whether the last line is a result still taking its score and what follows.
  private var continuing = false
  /// The games whose end is told.
  private var toldResults: Set<Int> = []
  /// The last line saying a seat's player is back, and that seat: it may be this client's own.
  private var lastBack: (index: Int, seat: Seat)?
  /// The last line saying someone sat down, and the seat: it may be this client's own.
  private var lastJoined: (index: Int, seat: Seat)?
  /// The line saying this client took its seat back, while the game it belongs to is not yet known.
  private var resumeLine: Int?

  public init() {}

  /// The latest result line, for the last-result line on screen.
  public var lastResult: HistoryEntry? {
    entries.last { $0.kind == .result || $0.kind == .game }
  }

  /// Adds what `event` says, given the players' names by seat, the game it belongs to and
  /// this client's seat (nil for a spectator).
  public mutating func record(_ event: ServerEvent, names: PerSeat<String>, game: Int, me: Seat? = nil) {
    let person = Who(names: names, viewer: me)
    switch event {
    case .started(let number, let deck, let table):
      start(.game, "Game \(number) begins: \(table.count) cards on the table, \(deck) in the deck", game: number)
    case .diff(let deck, let change):
      if change.emptied.isEmpty, !change.filled.isEmpty {
        start(.result, "\(change.filled.count) more cards dealt, \(deck) left in the deck", game: game)
      }
    case .setFound(let seat, _, let cards, let findMs):
      start(.result, "\(person.subject(seat)) found a set: ", game: game, cards: cards, continuing: true)
      if let findMs { append(" in \(HumanText.seconds(findMs))") }
    case .notASet(let seat, _, let cards):
      start(.result, "\(person.subject(seat)) picked ", game: game, cards: cards, continuing: true)
      append(": not a set" + (HumanText.whyNot(cards).map { ": \($0)" } ?? ""))
    case .expired(let seat, let kind):
      let text =
        kind == .claim
        ? "\(person.subject(seat)) ran out of time"
        : "\(person.possessive(seat)) \(words(kind)) ran out, no penalty"
      start(.result, text, game: game, continuing: true)
    case .score(let seat, let delta, _, let reason):
      let points = delta >= 0 ? "+\(delta)" : "\(delta)"
      if reason == .needlessDeal {
        start(.result, "\(person.subject(seat)) asked for cards: needless deal \(points)", game: game)
        continuing = true
      } else if continuing {
        append(" \(points)")
      } else {
        start(.result, "\(person.subject(seat)) \(points) (\(HumanText.words(reason)))", game: game, continuing: true)
      }
    case .turn(let seat, let ms, let kind):
      let text =
        kind == .needlessDeal
        ? "\(person.object(seat)) may look for it, \(HumanText.seconds(ms))"
        : "turn passes to \(person.object(seat)), \(HumanText.seconds(ms))"
      if continuing {
        append(", " + text)
      } else {
        start(.result, text.prefix(1).uppercased() + text.dropFirst(), game: game)
      }
      continuing = false
    case .over(let result):
      toldResults.insert(result.game)
      start(.result, HumanText.outcome(result, names: names), game: result.game)
    case .rated(let number, _, _):
      start(.result, String(HumanText.sentence(for: event, names: names).dropLast()), game: number)
    case .joined(let seat, let who):
      let text = seat == me ? "You sit down in seat \(seat.rawValue)" : "\(who) sits down in seat \(seat.rawValue)"
      start(.presence, text, game: game)
      lastJoined = (entries.count - 1, seat)
    case .left(let seat, let ms):
      let text = ms.map {
        "\(person.names[seat]) left: the game is paused, \(HumanText.seconds($0)) to come back"
      }
      start(.presence, text ?? "\(person.names[seat]) left", game: game)
    case .back(let seat):
      start(.presence, seat == me ? "You're back" : "\(person.names[seat]) is back", game: game)
      lastBack = (entries.count - 1, seat)
    case .rematch(let seat, let sameDeck):
      let deck = sameDeck ? " on the same deck" : ""
      start(
        .presence,
        seat == me ? "You ask for a rematch\(deck)" : "\(person.names[seat]) asks for a rematch\(deck)",
        game: game)
    case .said(let who, let text):
      start(.message, "<\(who)> \(text)", game: game)
    case .bye(let text):
      note(text, game: game)
    case .chain(let cards) where cards.isEmpty:
      start(.result, "The chain is let go: any set counts", game: game)
    case .claim, .open, .picked, .unpicked, .resumed, .chain:
      continuing = false
    }
  }

  /// A finished game learnt from `HISTORY` (a client that joined or came back after it ended), told
  /// under the names it was played under, in its place among the games; nothing if it is told already.
  mutating func past(_ result: GameResult, names: PerSeat<String>) {
    guard toldResults.insert(result.game).inserted else { return }
    let entry = HistoryEntry(game: result.game, kind: .result, text: HumanText.outcome(result, names: names))
    // Before any later game's lines, and before the line saying this client came back, which the
    // games it learnt of afterwards preceded.
    var index = entries.firstIndex { $0.game > result.game } ?? entries.count
    if let resumed = resumeLine { index = min(index, resumed) }
    entries.insert(entry, at: index)
    if let resumed = resumeLine, resumed >= index { resumeLine = resumed + 1 }
    if let back = lastBack, back.index >= index { lastBack = (back.index + 1, back.seat) }
    if let joined = lastJoined, joined.index >= index { lastJoined = (joined.index + 1, joined.seat) }
  }

  /// This client took its seat back: the line the server's `BACK` made, which came before the client
  /// knew the seat was its own, speaks to the player.
  mutating func resumed(_ seat: Seat, game: Int) {
    if let back = lastBack, back.seat == seat, back.index < entries.count {
      entries[back.index] = HistoryEntry(game: entries[back.index].game, kind: .presence, text: "You're back")
      resumeLine = back.index
    } else {
      start(.presence, "You're back", game: game)
      resumeLine = entries.count - 1
    }
    lastBack = nil
  }

  /// The game this client came back to, once known: its line is told in that game, after a line
  /// saying how that game stood (`standing`, when it is being played), as the lines before the coming
  /// back were not seen.
  mutating func cameBack(to game: Int, standing: String?) {
    guard let index = resumeLine, index < entries.count else { return }
    entries[index].game = game
    resumeLine = nil
    guard let standing else { return }
    entries.insert(HistoryEntry(game: game, kind: .game, text: "Game \(game) under way: \(standing)"), at: index)
    if let back = lastBack, back.index >= index { lastBack = (back.index + 1, back.seat) }
    if let joined = lastJoined, joined.index >= index { lastJoined = (joined.index + 1, joined.seat) }
  }

  /// This client took a seat: the line its own `JOINED` made, which came before the client knew the
  /// seat was its own, speaks to the player.
  mutating func seated(_ seat: Seat) {
    guard let joined = lastJoined, joined.seat == seat, joined.index < entries.count else { return }
    entries[joined.index] = HistoryEntry(
      game: entries[joined.index].game, kind: .presence, text: "You sit down in seat \(seat.rawValue)")
    lastJoined = nil
  }

  /// The rule of a game other than standard Set, said as the game begins.
  mutating func rule(_ text: String, game: Int) {
    start(.game, text, game: game)
  }

  /// A `NOTICE` from the server (a record that could not be written, say), as the server's words.
  mutating func note(_ text: String, game: Int) {
    start(.message, "server: \(text)", game: game)
  }

  private mutating func start(
    _ kind: HistoryEntry.Kind, _ text: String, game: Int, cards: [Card] = [], continuing: Bool = false
  ) {
    entries.append(HistoryEntry(game: game, kind: kind, text: text, cards: cards))
    self.continuing = continuing
  }

  private mutating func append(_ text: String) {
    guard !entries.isEmpty else { return }
    if entries[entries.count - 1].cards.isEmpty {
      entries[entries.count - 1].lead += text
    } else {
      entries[entries.count - 1].tail += text
    }
  }

  private func words(_ kind: Window.Kind) -> String {
    switch kind {
    case .claim: "claim"
    case .passedTurn: "turn"
    case .needlessDeal: "look"
    }
  }
}
