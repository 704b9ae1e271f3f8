import SetCore

/// A command a client sends, parsed from one line.
public enum ClientCommand: Equatable, Sendable {
  /// `HELP [verb]`: the list of commands, or one command's use.
  case help(String?)
  /// `NAME name [secret]`: take a seat if one is free, else watch; with the name's secret, as its owner.
  case name(String, secret: String? = nil)
  /// `SIT`: a spectator takes a seat that became free, under the name it watches with.
  case sit
  /// `MODE HUMAN|MACHINE`: switch presentation.
  case mode(Presentation)
  /// `CLAIM` (or `SET`): call Set.
  case claim
  /// `PICK slot [slot slot]`, `PICK card [card card] [#seq]` or `PICK slot [slot slot] #seq`. A pick
  /// of cards, or of slots as they were at event `seq`, cannot go stale: if the cards are no longer on
  /// the table, or the table changed after event `seq`, it is refused and costs nothing. One case for
  /// every spelling, so that each line reads back as the command it was written from.
  case pick(PickTarget, table: Int? = nil)
  /// `UNPICK slot`.
  case unpick(Slot)
  /// `DEAL`: ask for three more cards.
  case deal
  /// `TABLE` (or `LOOK`): the table as it stands.
  case table
  /// `STATE`: the whole table and game state.
  case state
  /// `RULES`: the table's rules, named or not.
  case rules
  /// `SCORES`.
  case scores
  /// `HISTORY`: the results so far.
  case history
  /// `REVIEW [game]`: a finished game's analysis (the last finished game by default).
  case review(Int?)
  /// `EVENTS`: the events broadcast so far in the game being played (or the one just over).
  case events
  /// `STATS [name]`: a player's figures from the game records (the asker's by default).
  case stats(String?)
  /// `TOP [n]`: the best `n` players by rating (10 by default).
  case top(Int)
  /// `STATS [name] variant`: a player's figures in a variant other than the standard game.
  case variantStats(String?, Variant)
  /// `TOP [n] variant`: the best `n` players of a variant other than the standard game.
  case variantTop(Int, Variant)
  /// `SAY text`: chat to the table.
  case say(String)
  /// `MOOD word`: a seated player shows the table its mood.
  case mood(Mood)
  /// `NEW`: ask for a rematch.
  case new
  /// `REMATCH SAME`: ask for a rematch dealt from the same deck.
  case rematchSame
  /// `TABLES [WATCH]`: the hall's tables; with `WATCH`, each change too until the connection moves.
  case tables(watch: Bool)
  /// `JOIN table`: move to another table of the hall, named by number or name.
  case join(String)
  /// `OPEN [name] [key=value...]`: open a table and move to it.
  case open(TableRequest)
  /// `WHERE`: the table the connection is at.
  case `where`
  /// `PEEK table`: another table's cards, without going there.
  case peek(String)
  /// `ENTER`: enter the hall's tournament.
  case enter
  /// `WITHDRAW`: leave the tournament.
  case withdraw
  /// `PAUSE`: an arena player sits out until `BACK`.
  case pause
  /// `BACK`: an arena player is paired again.
  case back
  /// `TOURNAMENT [order]`: the tournament's state, or the organiser's order.
  case tournament(TournamentOrder?)
  /// `STANDINGS`: the tournament's standings.
  case standings
  /// `PING [token]`.
  case ping(String?)
  /// `RESUME token`: take back a seat after a dropped connection.
  case resume(String)
  /// `QUIT`.
  case quit
}

extension ClientCommand {
  /// The verb this command is a request of.
  public var verb: Verb {
    switch self {
    case .help: .help
    case .name: .name
    case .sit: .sit
    case .mode: .mode
    case .claim: .claim
    case .pick: .pick
    case .unpick: .unpick
    case .deal: .deal
    case .table: .table
    case .state: .state
    case .rules: .rules
    case .scores: .scores
    case .history: .history
    case .review: .review
    case .events: .events
    case .stats, .variantStats: .stats
    case .top, .variantTop: .top
    case .say: .say
    case .mood: .mood
    case .new: .new
    case .rematchSame: .rematch
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
    case .ping: .ping
    case .resume: .resume
    case .quit: .quit
    }
  }

  /// The request line for this command, without its line end: `Request.parse` reads it back as this
  /// command. Slots are written as separate labels (`PICK A B C`), cards by code (`PICK 2RSD 1GOS`).
  public var line: String {
    let arguments: [String] =
      switch self {
      case .help(let topic): topic.map { [$0] } ?? []
      case .name(let name, let secret): [name] + (secret.map { [$0] } ?? [])
      case .mode(let presentation): [presentation.rawValue.uppercased()]
      case .sit, .claim, .deal, .table, .state, .rules, .scores, .history, .events, .new, .quit, .where, .enter,
        .withdraw,
        .pause,
        .back,
        .standings:
        []
      case .tournament(let order): order.map { [$0.rawValue] } ?? []
      case .tables(let watch): watch ? ["WATCH"] : []
      case .join(let table), .peek(let table): [table]
      case .open(let request): request.words
      case .pick(.cards(let cards), let table): cards.map(\.description) + (table.map { ["#\($0)"] } ?? [])
      case .pick(.slots(let slots), let table): slots.map(\.label) + (table.map { ["#\($0)"] } ?? [])
      case .unpick(let slot): [slot.label]
      case .review(let game): game.map { ["\($0)"] } ?? []
      case .rematchSame: ["SAME"]
      case .stats(let name): name.map { [$0] } ?? []
      case .top(let count): ["\(count)"]
      case .variantStats(let name, let variant): (name.map { [$0] } ?? []) + [variant.rawValue]
      case .variantTop(let count, let variant): ["\(count)", variant.rawValue]
      case .say(let text): [text]
      case .mood(let mood): [mood.word]
      case .ping(let token): token.map { [$0] } ?? []
      case .resume(let token): [token]
      }
    return ([verb.spelling] + arguments).joined(separator: " ")
  }

  /// The request line for this command with the id its reply is to echo (`@id VERB ...`).
  public func line(id: String?) -> String {
    id.map { "@\($0) \(line)" } ?? line
  }
}

/// How the server writes to one connection.
public enum Presentation: String, Equatable, Sendable {
  /// Plain words, the table drawn after each change, and a prompt: for people on nc or telnet.
  case human
  /// Every line exactly as protocol.md's grammar says, no prompt: for programs.
  case machine
}

/// What a guarded pick names: cards by code, or slots.
public enum PickTarget: Equatable, Sendable {
  case cards([Card])
  case slots([Slot])
}
