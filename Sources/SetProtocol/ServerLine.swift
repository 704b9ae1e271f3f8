import SetCore

/// Any line the server writes in the machine presentation, read back: what a client library decodes.
public enum ServerLine: Equatable, Sendable {
  /// `SETDUEL version text`: the first line on every connection.
  case banner(version: Int, text: String)
  /// A final reply.
  case reply(Reply)
  /// A broadcast event with its sequence number.
  case event(seq: Int, ServerEvent)
  /// `TABLE seq deck slot=card... [X=card Y=card Z=card]`: the whole table as of event `seq` (before a
  /// reply), and in the chain variant the chain beside it.
  case table(seq: Int, deck: Int, cards: [Card], chain: [Card] = [])
  /// `PLAYER seat name score here|away [ms]`: one seat (before a reply); name `-` for an empty seat;
  /// `forfeitMs`, for a seat away in a paused game, the milliseconds before it is forfeited.
  case player(Seat, name: String?, score: Int, present: Bool, forfeitMs: Int64? = nil)
  /// `RESULT game winner score1 score2 sets1 sets2 ending name1 name2`: one finished game, with the
  /// names its two players played it under (before HISTORY's reply). The names are nil on a line from
  /// a server that did not send them.
  case result(GameResult, names: PerSeat<String>? = nil)
  /// `FOUND game seat ms`: one set found in a finished game, with its find time in milliseconds (after
  /// that game's `RESULT` line, one per set in the order found).
  case found(game: Int, seat: Seat, findMs: Int64)
  /// `EVENT <event line>`: an event broadcast earlier in the game being played, as it was broadcast,
  /// sequence number and all (before EVENTS' reply).
  case pastEvent(seq: Int, ServerEvent)
  /// `STAT name ...`: one player's figures (before the reply to `STATS` or `TOP`).
  case stat(PlayerFigures)
  /// `HELP text`: one line of help (before HELP's reply).
  case help(String)
  /// `RULES key=value...`: the rules in force, in `RuleFields`' words (before the reply to a `NAME` or
  /// `RESUME` that succeeded). Keys this version does not know are ignored.
  case rules(Rules)
  /// `NOTICE topic [fields] text`: something a named connection is told once, outside the game's events
  /// (it has no sequence number); `topic` is one word, such as `records`, and the fields are typed.
  case notice(Notice)
  /// `MOOD seat word`: the mood a seated player showed (`MOOD word`), told to the table outside the
  /// events (no sequence number). A client ignores a word it does not know.
  case mood(Seat, Mood)
  /// `REVIEWSET ...` or `REVIEWPLAYER ...`: a finished game's analysis (before REVIEW's reply).
  case review(ReviewFields)
  /// `HALL id name ...`: one table of the hall (before the reply to `TABLES`, and pushed to a connection
  /// that watches the hall when a table changes).
  case hall(HallListing)
  /// `TOURNEY <kind> <fields>`: what happened in the hall's tournament, told to every entrant.
  case tourney(kind: String, fields: [String])
  /// `STANDING ...`: one player's place in the tournament's standings.
  case standing(StandingLine)

  /// The protocol's name and version, as the banner gives them.
  public static let protocolName = "SETDUEL"
  public static let version = 1

  /// The line for this value.
  public var line: String {
    switch self {
    case .banner(let version, let text): "\(Self.protocolName) \(version) \(text)"
    case .reply(let reply): reply.line
    case .event(let seq, let event): EventCodec.encode(event, seq: seq)
    case .table(let seq, let deck, let cards, let chain):
      (["TABLE", "\(seq)", "\(deck)"] + EventCodec.tableWords(cards) + EventCodec.chainWords(chain))
        .joined(separator: " ")
    case .player(let seat, let name, let score, let present, let forfeitMs):
      "PLAYER \(seat.rawValue) \(name ?? "-") \(score) \(present ? "here" : "away")"
        + (forfeitMs.map { " \($0)" } ?? "")
    case .result(let result, let names):
      (["RESULT"] + EventCodec.resultWords(result) + (names?.values ?? [])).joined(separator: " ")
    case .found(let game, let seat, let findMs): "FOUND \(game) \(seat.rawValue) \(findMs)"
    case .pastEvent(let seq, let event): "EVENT " + EventCodec.encode(event, seq: seq)
    case .stat(let figures): (["STAT"] + figures.fields).joined(separator: " ")
    case .help(let text): "HELP \(text)"
    case .rules(let rules): (["RULES"] + RuleFields.encode(rules)).joined(separator: " ")
    case .notice(let notice): notice.line
    case .mood(let seat, let mood): "MOOD \(seat.rawValue) \(mood.word)"
    case .review(let fields): fields.line
    case .hall(let listing): listing.line
    case .tourney(let kind, let fields): (["TOURNEY", kind] + fields).joined(separator: " ")
    case .standing(let standing): standing.line
    }
  }

  /// The value of a line, or nil for a line that fits no grammar.
  public static func decode(_ line: String) -> ServerLine? {
    if let reply = Reply.decode(line) { return .reply(reply) }
    let words = line.split(separator: " ").map(String.init)
    guard let first = words.first else { return nil }
    switch first {
    case protocolName:
      guard words.count >= 2, let version = Int(words[1]) else { return nil }
      return .banner(version: version, text: EventCodec.text(after: 2, in: line))
    case "TABLE":
      guard words.count >= 3, let seq = Int(words[1]), let deck = Int(words[2]),
        let (cards, chain) = EventCodec.tableAndChain(words.dropFirst(3))
      else { return nil }
      return .table(seq: seq, deck: deck, cards: cards, chain: chain)
    case "PLAYER":
      guard words.count >= 5, let seat = EventCodec.seat(words[1]), let score = Int(words[3]),
        ["here", "away"].contains(words[4])
      else { return nil }
      let forfeitMs = words.count >= 6 && words[4] == "away" ? Int64(words[5]).flatMap { $0 >= 0 ? $0 : nil } : nil
      return .player(
        seat, name: words[2] == "-" ? nil : words[2], score: score, present: words[4] == "here", forfeitMs: forfeitMs)
    case "RESULT":
      let fields = Array(words.dropFirst())
      let names = fields.count >= 9 ? PerSeat(one: fields[7], two: fields[8]) : nil
      return EventCodec.result(Array(fields.prefix(7))).map { .result($0, names: names) }
    case "FOUND":
      guard words.count >= 4, let game = Int(words[1]), let seat = EventCodec.seat(words[2]),
        let findMs = Int64(words[3]), findMs >= 0
      else { return nil }
      return .found(game: game, seat: seat, findMs: findMs)
    case "EVENT":
      guard words.count >= 2, let past = EventCodec.decode(EventCodec.text(after: 1, in: line)) else { return nil }
      return .pastEvent(seq: past.seq, past.event)
    case "STAT":
      return PlayerFigures(fields: words.dropFirst()).map { .stat($0) }
    case "HELP":
      return .help(EventCodec.text(after: 1, in: line))
    case "RULES":
      return RuleFields.decode(words.dropFirst(), ignoringUnknownKeys: true).map { .rules($0) }
    case HallListing.word:
      return HallListing(line: line).map { .hall($0) }
    case "REVIEWSET", "REVIEWPLAYER":
      return ReviewFields.decode(words).map { .review($0) }
    case "TOURNEY":
      guard words.count >= 2 else { return nil }
      return .tourney(kind: words[1], fields: Array(words.dropFirst(2)))
    case StandingLine.tag:
      return StandingLine(line: line).map { .standing($0) }
    case "MOOD":
      guard words.count >= 3, let seat = EventCodec.seat(words[1]), let mood = Mood(rawValue: words[2]) else {
        return nil
      }
      return .mood(seat, mood)
    case Notice.tag:
      return Notice(line: line).map { .notice($0) }
    default:
      return EventCodec.decode(line).map { .event(seq: $0.seq, $0.event) }
    }
  }
}
