import SetCore

/// What an `OK` reply says: the verb it answers and that verb's fields.
public enum OKReply: Equatable, Sendable {
  /// `OK NAME <seat> <token>`: a seat and its resume token; `OK NAME 0 -` for a spectator (both nil).
  case name(seat: Seat?, token: String?)
  /// `OK SIT <seat> <token>`: the seat a spectator took and its resume token.
  case sit(seat: Seat, token: String)
  /// `OK RESUME <seat> <name>`: the seat taken back and its player's name.
  case resume(seat: Seat, name: String)
  /// `OK STATE <seq> <game> <phase> <holder> <ms> <selected>`.
  case state(StateSummary)
  /// `OK SCORES <score1> <score2>`.
  case scores(Int, Int)
  /// `OK TABLE`.
  case table
  /// `OK HISTORY <count>`: how many `RESULT` lines came before it.
  case history(count: Int)
  /// `OK REVIEW <game>`: the game reviewed.
  case review(game: Int)
  /// `OK EVENTS <game> <count>`: the game the `EVENT` lines before it belong to, and how many came.
  case events(game: Int, count: Int)
  /// `OK STATS`: after one `STAT` line.
  case stats
  /// `OK TOP <count>`: how many `STAT` lines came before it, best first.
  case top(count: Int)
  /// `OK MODE human|machine`.
  case mode(Presentation)
  /// `OK HELP`.
  case help
  /// `OK QUIT`.
  case quit
  /// `OK SAY`.
  case say
  /// `OK MOOD`.
  case mood
  /// `OK RULES`: after the `RULES` line (in words, the rules' sentences).
  case rules
  /// `OK CLAIM`.
  case claim
  /// `OK PICK`.
  case pick
  /// `OK UNPICK`.
  case unpick
  /// `OK DEAL`.
  case deal
  /// `OK NEW`.
  case new
  /// `OK REMATCH`.
  case rematch
  /// `OK TABLES <count>`: how many `HALL` lines came before it.
  case tables(count: Int)
  /// `OK JOIN <table> <seat> <token>`: the table moved to, and the seat taken there with its resume
  /// token, or seat 0 and `-` (both nil) for a connection that watches or has no name yet.
  case join(table: Int, seat: Seat?, token: String?)
  /// `OK OPEN <table> <seat> <token>`: the table opened and moved to, as `OK JOIN`.
  case open(table: Int, seat: Seat?, token: String?)
  /// `OK WHERE <table> <name>`: the table the connection is at.
  case `where`(table: Int, name: String)
  /// `OK PEEK <table> <seq> <deck> <slot>=<card>...`: another table's cards as its `TABLE` line gives
  /// them (`seq` the table's last event, `deck` the cards left in it, the cards and the chain), without
  /// going there.
  case peek(table: Int, seq: Int, deck: Int, cards: [Card], chain: [Card])
  /// `OK ENTER`.
  case enter
  /// `OK WITHDRAW`.
  case withdraw
  /// `OK PAUSE`.
  case pause
  /// `OK BACK`.
  case back
  /// `OK TOURNAMENT <format> <state> <entrants> <ms>`: the tournament as it stands.
  case tournament(TournamentSummary)
  /// `OK STANDINGS <count>`: how many `STANDING` lines came before it, first place first.
  case standings(count: Int)

  /// The verb the reply answers.
  public var answers: Verb {
    switch self {
    case .name: .name
    case .sit: .sit
    case .resume: .resume
    case .state: .state
    case .scores: .scores
    case .table: .table
    case .history: .history
    case .review: .review
    case .events: .events
    case .stats: .stats
    case .top: .top
    case .mode: .mode
    case .help: .help
    case .quit: .quit
    case .say: .say
    case .mood: .mood
    case .rules: .rules
    case .claim: .claim
    case .pick: .pick
    case .unpick: .unpick
    case .deal: .deal
    case .new: .new
    case .rematch: .rematch
    case .tables: .tables
    case .join: .join
    case .open: .open
    case .where: .where
    case .peek: .peek
    case .enter: .enter
    case .withdraw: .withdraw
    case .pause: .pause
    case .back: .back
    case .tournament: .tournament
    case .standings: .standings
    }
  }

  /// The verb the reply answers, as the wire spells it.
  public var verb: String { answers.spelling }

  /// The fields after the verb.
  public var fields: [String] {
    switch self {
    case .name(let seat, let token): ["\(seat?.rawValue ?? 0)", token ?? "-"]
    case .sit(let seat, let token): ["\(seat.rawValue)", token]
    case .resume(let seat, let name): ["\(seat.rawValue)", name]
    case .state(let summary): summary.fields
    case .scores(let first, let second): ["\(first)", "\(second)"]
    case .history(let count): ["\(count)"]
    case .review(let game): ["\(game)"]
    case .events(let game, let count): ["\(game)", "\(count)"]
    case .top(let count): ["\(count)"]
    case .mode(let presentation): [presentation.rawValue]
    case .tables(let count): ["\(count)"]
    case .join(let table, let seat, let token), .open(let table, let seat, let token):
      ["\(table)", "\(seat?.rawValue ?? 0)", token ?? "-"]
    case .where(let table, let name): ["\(table)", name]
    case .peek(let table, let seq, let deck, let cards, let chain):
      ["\(table)", "\(seq)", "\(deck)"] + EventCodec.tableWords(cards) + EventCodec.chainWords(chain)
    case .tournament(let summary): summary.fields
    case .standings(let count): ["\(count)"]
    case .stats, .help, .quit, .say, .mood, .rules, .claim, .pick, .unpick, .deal, .new, .rematch, .table, .enter,
      .withdraw,
      .pause, .back:
      []
    }
  }

  /// The reply for `verb` and its fields, or nil if they fit no grammar. Fields beyond the grammar's
  /// are ignored, as later versions may add fields at the end.
  public init?(verb: String, fields: ArraySlice<String>) {
    let f = Array(fields)
    guard let answered = Verb(rawValue: verb) else { return nil }
    switch answered {
    case .name:
      guard f.count >= 2, let number = Int(f[0]) else { return nil }
      if number == 0, f[1] == "-" {
        self = .name(seat: nil, token: nil)
      } else if let seat = Seat(rawValue: number), f[1] != "-" {
        self = .name(seat: seat, token: f[1])
      } else {
        return nil
      }
    case .sit:
      guard f.count >= 2, let seat = EventCodec.seat(f[0]), f[1] != "-" else { return nil }
      self = .sit(seat: seat, token: f[1])
    case .resume:
      guard f.count >= 2, let seat = EventCodec.seat(f[0]), PlayerName.isValid(f[1]) else { return nil }
      self = .resume(seat: seat, name: f[1])
    case .state:
      guard let summary = StateSummary(fields: fields) else { return nil }
      self = .state(summary)
    case .scores:
      guard f.count >= 2, let first = Int(f[0]), let second = Int(f[1]) else { return nil }
      self = .scores(first, second)
    case .history:
      guard let count = f.first.flatMap({ Int($0) }), count >= 0 else { return nil }
      self = .history(count: count)
    case .review:
      guard let game = f.first.flatMap({ Int($0) }), game >= 1 else { return nil }
      self = .review(game: game)
    case .events:
      guard f.count >= 2, let game = Int(f[0]), game >= 0, let count = Int(f[1]), count >= 0 else { return nil }
      self = .events(game: game, count: count)
    case .top:
      guard let count = f.first.flatMap({ Int($0) }), count >= 0 else { return nil }
      self = .top(count: count)
    case .tables:
      guard let count = f.first.flatMap({ Int($0) }), count >= 0 else { return nil }
      self = .tables(count: count)
    case .join, .open:
      guard f.count >= 3, let table = Int(f[0]), table >= 1, let number = Int(f[1]) else { return nil }
      let seat: Seat?
      let token: String?
      if number == 0, f[2] == "-" {
        (seat, token) = (nil, nil)
      } else if let taken = Seat(rawValue: number), f[2] != "-" {
        (seat, token) = (taken, f[2])
      } else {
        return nil
      }
      self =
        answered == .join
        ? .join(table: table, seat: seat, token: token) : .open(table: table, seat: seat, token: token)
    case .where:
      guard f.count >= 2, let table = Int(f[0]), table >= 1, TableName.isValid(f[1]) else { return nil }
      self = .where(table: table, name: f[1])
    case .peek:
      guard f.count >= 3, let table = Int(f[0]), table >= 1, let seq = Int(f[1]), seq >= 0, let deck = Int(f[2]),
        deck >= 0, let (cards, chain) = EventCodec.tableAndChain(f.dropFirst(3))
      else { return nil }
      self = .peek(table: table, seq: seq, deck: deck, cards: cards, chain: chain)
    case .tournament:
      guard let summary = TournamentSummary(fields: f) else { return nil }
      self = .tournament(summary)
    case .standings:
      guard let count = f.first.flatMap({ Int($0) }), count >= 0 else { return nil }
      self = .standings(count: count)
    case .mode:
      guard let presentation = f.first.flatMap(Presentation.init(rawValue:)) else { return nil }
      self = .mode(presentation)
    default:
      guard let plain = Self.plain[answered] else { return nil }
      self = plain
    }
  }

  /// The replies with no fields, by verb.
  private static let plain: [Verb: OKReply] = Dictionary(
    uniqueKeysWithValues: [
      OKReply.stats, .help, .quit, .say, .mood, .rules, .claim, .pick, .unpick, .deal, .new, .rematch, .table, .enter,
      .withdraw,
      .pause,
      .back,
    ].map {
      ($0.answers, $0)
    }
  )
}
