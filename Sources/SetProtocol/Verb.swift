/// The request verbs: each one's spelling on the wire, its other names, its use and its meaning, once.
/// `Request` parses by this table, `ClientCommand.line` writes by it, and `HELP`, usage errors and
/// did-you-mean read it. The cases are in the order `HELP` lists them.
public enum Verb: String, CaseIterable, Sendable {
  case name = "NAME"
  case sit = "SIT"
  case claim = "CLAIM"
  case pick = "PICK"
  case unpick = "UNPICK"
  case deal = "DEAL"
  case table = "TABLE"
  case state = "STATE"
  case rules = "RULES"
  case scores = "SCORES"
  case history = "HISTORY"
  case review = "REVIEW"
  case events = "EVENTS"
  case stats = "STATS"
  case top = "TOP"
  case say = "SAY"
  case mood = "MOOD"
  case tables = "TABLES"
  case join = "JOIN"
  case open = "OPEN"
  case `where` = "WHERE"
  case peek = "PEEK"
  case enter = "ENTER"
  case withdraw = "WITHDRAW"
  case pause = "PAUSE"
  case back = "BACK"
  case tournament = "TOURNAMENT"
  case standings = "STANDINGS"
  case new = "NEW"
  case rematch = "REMATCH"
  case ping = "PING"
  case resume = "RESUME"
  case mode = "MODE"
  case help = "HELP"
  case quit = "QUIT"

  /// The verb as the wire spells it, in capitals.
  public var spelling: String { rawValue }

  /// The verb's other names, which mean the same request.
  public var aliases: [String] {
    switch self {
    case .claim: ["SET"]
    case .table: ["LOOK"]
    default: []
    }
  }

  /// How the verb is written at a table whose groups hold `groupSize` cards: a pick names that many
  /// slots at most (four in the ultra variants).
  public func usage(groupSize: Int) -> String {
    guard self == .pick, groupSize >= 2 else { return usage }
    let more = Array(repeating: "<slot>", count: groupSize - 1).joined(separator: " ")
    return "\(spelling) <slot> [\(more)]"
  }

  /// How the verb is written with its arguments, at any table.
  public var usage: String {
    switch self {
    case .name: "NAME <name> [<secret>]"
    case .sit: "SIT"
    case .claim: "CLAIM"
    case .pick: "PICK <slot> [<slot> <slot> [<slot>]]"
    case .unpick: "UNPICK <slot>"
    case .deal: "DEAL"
    case .table: "TABLE"
    case .state: "STATE"
    case .rules: "RULES"
    case .scores: "SCORES"
    case .history: "HISTORY"
    case .review: "REVIEW [<game>]"
    case .events: "EVENTS"
    case .stats: "STATS [<name>] [<variant>]"
    case .top: "TOP [<count>] [<variant>]"
    case .say: "SAY <text>"
    case .mood: "MOOD \(Mood.choices)"
    case .tables: "TABLES [WATCH]"
    case .join: "JOIN <table>"
    case .open: "OPEN [<name>] [variant=<name>] [firstTo=<n>] [scoring=speed] [bot=<level>]"
    case .where: "WHERE"
    case .peek: "PEEK <table>"
    case .enter: "ENTER"
    case .withdraw: "WITHDRAW"
    case .pause: "PAUSE"
    case .back: "BACK"
    case .tournament: "TOURNAMENT [START|NEXT|PAUSE|RESUME|END]"
    case .standings: "STANDINGS"
    case .new: "NEW"
    case .rematch: "REMATCH SAME"
    case .ping: "PING [<token>]"
    case .resume: "RESUME <token>"
    case .mode: "MODE HUMAN|MACHINE"
    case .help: "HELP [<command>|CARDS]"
    case .quit: "QUIT"
    }
  }

  /// What the verb does, in a few words.
  public var meaning: String {
    switch self {
    case .name: "take a seat (the first two names play, later ones watch)"
    case .sit: "a spectator takes a seat that became free, under the same name"
    case .claim: "call Set: you alone may pick for a few seconds (SET works too)"
    case .pick: "pick cards by slot letter; PICK A B C picks three (four in ultra) and claims"
    case .unpick: "take back a pick"
    case .deal: "ask for three more cards (-1 if a set is on the table)"
    case .table: "show the table and whose turn it is (LOOK works too)"
    case .state: "show the whole table, scores and whose turn it is"
    case .rules: "the table's rules: its windows, points and game (no name needed)"
    case .scores: "show the scores"
    case .history: "show the results of the games so far"
    case .review: "every set a finished game had, and what each player missed (the last game by default)"
    case .events: "the events of the game so far, as they were told (for a page reloaded mid-game)"
    case .stats: "a player's record, rating and find times (yours by default)"
    case .top: "the best players by rating (\(Request.defaultTop) by default, at most \(Request.maxTop))"
    case .say: "chat to everyone at the table"
    case .mood: "show the table your mood (the computer players do)"
    case .tables: "list the hall's tables; WATCH keeps the list coming as tables change"
    case .join: "move to another table, by number or name; you sit if a seat is free"
    case .open: "open a new table with its own rules, and move to it"
    case .where: "say which table you are at"
    case .peek: "see another table's cards without going there"
    case .enter: "enter the hall's tournament: you are paired and moved to your games"
    case .withdraw: "leave the tournament (a game you are playing is lost by forfeit)"
    case .pause: "in an arena, sit out for a while: you are not paired until BACK"
    case .back: "in an arena, be paired again after a PAUSE"
    case .tournament: "the tournament's state and clock; the organiser may START, NEXT, PAUSE, RESUME, END"
    case .standings: "the tournament's standings, a line per player"
    case .new: "ask for a rematch once the game is over"
    case .rematch: "ask for a rematch dealt from the same deck (played when both ask)"
    case .ping: "check the connection; answered with PONG"
    case .resume: "take back your seat after a dropped connection"
    case .mode: "switch between readable text and the machine grammar"
    case .help: "list commands, explain one, or explain the card codes"
    case .quit: "leave"
    }
  }

  /// The verb a word names, by its spelling or an alias, in capitals; nil for none. One hash lookup:
  /// this runs for every line a client sends.
  public init?(word: String) {
    guard let verb = Self.words[word] else { return nil }
    self = verb
  }

  /// Every spelling and alias, each with its verb.
  public static let words: [String: Verb] = {
    var table: [String: Verb] = [:]
    for verb in allCases {
      table[verb.spelling] = verb
      for alias in verb.aliases { table[alias] = verb }
    }
    return table
  }()
}
