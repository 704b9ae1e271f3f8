import SetCore

/// One table of a hall as `TABLES` lists it, and as `TABLES WATCH` pushes it when it changes:
///
///     HALL <id> <name> <variant> <firstTo> <scoring> <seat1> <seat2> <score1> <score2> <state> <watching> <bot>
public struct HallListing: Equatable, Sendable {
  /// Where a table's game stands, as a lobby shows it.
  public enum State: String, Equatable, Sendable, CaseIterable {
    /// A seat is free: whoever joins plays.
    case waiting
    /// Both seats are held and a game runs.
    case playing
    /// A game runs, paused while a player is away.
    case paused
    /// Both seats are held and the game is over.
    case over
    /// The table closed: pushed once to those who watch the hall.
    case closed
  }

  /// The table's number in the hall.
  public var id: Int
  /// The table's name.
  public var name: String
  /// The game it plays.
  public var variant: Variant
  /// The sets that win a game at once, or nil when the deck is played out.
  public var firstTo: Int?
  /// How sets score.
  public var scoring: Scoring
  /// The name holding each seat (here or away), nil when free.
  public var seats: PerSeat<String?>
  /// The scores as `SCORES` gives them.
  public var scores: PerSeat<Int>
  public var state: State
  /// How many watch.
  public var watching: Int
  /// The level of a computer player the server seated there, or nil.
  public var bot: BotLevel?

  public init(
    id: Int, name: String, variant: Variant = .normal, firstTo: Int? = nil, scoring: Scoring = .sets,
    seats: PerSeat<String?> = PerSeat(one: nil, two: nil), scores: PerSeat<Int> = PerSeat(one: 0, two: 0),
    state: State = .waiting, watching: Int = 0, bot: BotLevel? = nil
  ) {
    self.id = id
    self.name = name
    self.variant = variant
    self.firstTo = firstTo
    self.scoring = scoring
    self.seats = seats
    self.scores = scores
    self.state = state
    self.watching = watching
    self.bot = bot
  }

  /// The line's word.
  public static let word = "HALL"

  /// The line, without its line end.
  public var line: String {
    [
      Self.word, "\(id)", name, variant.rawValue, firstTo.map { "\($0)" } ?? "-", scoring.rawValue,
      seats.one ?? "-", seats.two ?? "-", "\(scores.one)", "\(scores.two)", state.rawValue, "\(watching)",
      bot?.rawValue ?? "-",
    ].joined(separator: " ")
  }

  /// The listing a line holds, or nil when it is not one. Words after the last field are ignored, as
  /// later versions may add fields.
  public init?(line: String) {
    let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    guard words.count >= 13, words[0] == Self.word, let id = Int(words[1]), id >= 1, TableName.isValid(words[2]),
      let variant = Variant(name: words[3]), let scoring = Scoring(rawValue: words[5]),
      let one = Int(words[8]), let two = Int(words[9]), let state = State(rawValue: words[10]),
      let watching = Int(words[11]), watching >= 0
    else { return nil }
    let firstTo: Int?
    if words[4] == "-" {
      firstTo = nil
    } else {
      guard let count = Int(words[4]), count >= 1 else { return nil }
      firstTo = count
    }
    func seat(_ word: String) -> String?? {
      word == "-" ? .some(nil) : PlayerName.isValid(word) ? .some(word) : nil
    }
    guard let first = seat(words[6]), let second = seat(words[7]) else { return nil }
    let bot: BotLevel?
    if words[12] == "-" {
      bot = nil
    } else {
      guard let level = BotLevel(rawValue: words[12]) else { return nil }
      bot = level
    }
    self.init(
      id: id, name: words[2], variant: variant, firstTo: firstTo, scoring: scoring,
      seats: PerSeat(one: first, two: second),
      scores: PerSeat(one: one, two: two), state: state, watching: watching, bot: bot)
  }
}
