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
  /// The line, in plain ASCII words: `ann found a set: 1RSD 2GTO 3POS +1`.
  public var text: String

  public init(game: Int, kind: Kind, text: String) {
    self.game = game
    self.kind = kind
    self.text = text
  }
}

/// Turns the events of a game into history lines, joining the events of one result into one line:
/// `SET`, `SCORE` becomes `ann found a set: 1RSD 2GTO 3POS +1`, and `NOSET`, `SCORE`, `TURN` becomes
/// `bob picked 1RSD 2GTO 3POS: not a set -1, turn passes to ann, 10 s`.
public struct ResultLog: Equatable, Sendable {
  /// Every line so far, oldest first.
  public private(set) var entries: [HistoryEntry] = []
  /// Whether the last line is a result still taking its score and what follows.
  private var continuing = false

  public init() {}

  /// The latest result line, for the last-result line on screen.
  public var lastResult: HistoryEntry? {
    entries.last { $0.kind == .result || $0.kind == .game }
  }

  /// Adds what `event` says, given the players' names by seat offset and the game it belongs to.
  public mutating func record(_ event: ServerEvent, names: [String], game: Int) {
    func name(_ seat: Seat) -> String { names[seat.offset] }
    switch event {
    case .started(let number, let deck, let table):
      start(.game, "Game \(number) begins: \(table.count) cards on the table, \(deck) in the deck", game: number)
    case .diff(let deck, let change):
      if change.emptied.isEmpty, !change.filled.isEmpty {
        start(.result, "\(change.filled.count) more cards dealt, \(deck) left in the deck", game: game)
      }
    case .setFound(let seat, _, let cards, let findMs):
      let time = findMs.map { " in \(HumanText.seconds($0))" } ?? ""
      start(.result, "\(name(seat)) found a set: \(codes(cards))\(time)", game: game, continuing: true)
    case .notASet(let seat, _, let cards):
      start(.result, "\(name(seat)) picked \(codes(cards)): not a set", game: game, continuing: true)
    case .expired(let seat, let kind):
      let text =
        kind == .claim ? "\(name(seat)) ran out of time" : "\(name(seat))'s \(words(kind)) ran out, no penalty"
      start(.result, text, game: game, continuing: true)
    case .score(let seat, let delta, _, let reason):
      let points = delta >= 0 ? "+\(delta)" : "\(delta)"
      if reason == .needlessDeal {
        start(.result, "\(name(seat)) asked for cards: needless deal \(points)", game: game)
        continuing = true
      } else if continuing {
        append(" \(points)")
      } else {
        start(.result, "\(name(seat)) \(points) (\(HumanText.words(reason)))", game: game, continuing: true)
      }
    case .turn(let seat, let ms, let kind):
      let text =
        kind == .needlessDeal
        ? "\(name(seat)) may look for it, \(HumanText.seconds(ms))"
        : "turn passes to \(name(seat)), \(HumanText.seconds(ms))"
      if continuing {
        append(", " + text)
      } else {
        start(.result, text.prefix(1).uppercased() + text.dropFirst(), game: game)
      }
      continuing = false
    case .over(let result):
      start(.result, HumanText.outcome(result, names: names), game: result.game)
    case .rated(let number, _, _):
      start(.result, String(HumanText.sentence(for: event, names: names).dropLast()), game: number)
    case .joined(let seat, let who):
      start(.presence, "\(who) sits down in seat \(seat.rawValue)", game: game)
    case .left(let seat, let ms):
      let text = ms.map { "\(name(seat)) left: the game is paused, \(HumanText.seconds($0)) to come back" }
      start(.presence, text ?? "\(name(seat)) left", game: game)
    case .back(let seat):
      start(.presence, "\(name(seat)) is back", game: game)
    case .rematch(let seat):
      start(.presence, "\(name(seat)) asks for a rematch", game: game)
    case .said(let who, let text):
      start(.message, "<\(who)> \(text)", game: game)
    case .bye(let text):
      start(.message, "server: \(text)", game: game)
    case .claim, .open, .picked, .unpicked, .resumed:
      continuing = false
    }
  }

  private mutating func start(_ kind: HistoryEntry.Kind, _ text: String, game: Int, continuing: Bool = false) {
    entries.append(HistoryEntry(game: game, kind: kind, text: text))
    self.continuing = continuing
  }

  private mutating func append(_ text: String) {
    guard !entries.isEmpty else { return }
    entries[entries.count - 1].text += text
  }

  private func codes(_ cards: [Card]) -> String {
    cards.map(\.description).joined(separator: " ")
  }

  private func words(_ kind: Window.Kind) -> String {
    switch kind {
    case .claim: "claim"
    case .passedTurn: "turn"
    case .needlessDeal: "look"
    }
  }
}
