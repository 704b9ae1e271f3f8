import SetCore
import SetProtocol

/// A client's picture of the table, kept by applying every line the server sends: events, the `TABLE`
/// and `PLAYER` data lines, and replies. Pure: the time comes in with each line, and what the model
/// needs from the server comes out as `ModelAction`s for the shell to send.
///
/// Events carry a sequence number. The model applies them in order; an event whose number is not one
/// more than the last means lines were missed, and the model asks for `STATE` (applying what it can
/// meanwhile). Events numbered at or below the last `TABLE` it applied are already in that table and
/// are ignored.
///
/// The data lines are applied here, events in ClientModel+Events, replies in ClientModel+Replies.
public struct ClientModel: Equatable, Sendable {
  /// The hall's open tables by number, as `TABLES` listed them and `TABLES WATCH` keeps them.
  public internal(set) var hall: [Int: HallListing] = [:]
  /// The number of the hall's table this client is at, once `JOIN`, `OPEN` or `WHERE` said; nil
  /// before (a connection that never moved is at table 1).
  public internal(set) var table: Int?
  /// Where a move to another table stands (ClientModel+Hall).
  var move = TableMove.none
  /// This client's seat, once `NAME` or `RESUME` gave one; nil before, or for a spectator.
  public internal(set) var seat: Seat?
  /// The secret that takes the seat back after a dropped connection.
  public internal(set) var token: String?
  /// Whether `NAME` or `RESUME` succeeded (a spectator is named but has no seat).
  public internal(set) var isNamed = false
  /// Each seat's player's name; nil for an empty seat.
  public internal(set) var names = PerSeat<String?>.repeating(nil)
  /// Whether each seat's player is connected.
  public internal(set) var present = PerSeat.repeating(false)
  /// This game's scores.
  public internal(set) var scores = PerSeat.repeating(0)
  /// Sets each seat took this game.
  public internal(set) var sets = PerSeat.repeating(0)
  /// The cards face up: `cards[i]` is in `Slot(i)`.
  public internal(set) var cards: [Card] = []
  /// In the chain variant, the chain beside the table (slots `X`, `Y`, `Z`); empty otherwise.
  public internal(set) var chain: [Card] = []
  /// Cards left in the deck.
  public internal(set) var deck = 0
  /// The current game's number, 0 before the first.
  public internal(set) var game = 0
  /// Where the game stands.
  public internal(set) var phase = ClientPhase.waiting
  /// The slots the holder of the claim or turn has selected.
  public internal(set) var selection: [Slot] = []
  /// When each absent seat is forfeited, as a local instant.
  public internal(set) var forfeitAt = PerSeat<Instant?>.repeating(nil)
  /// Which seats asked for a rematch.
  public internal(set) var rematchAsked = PerSeat.repeating(false)
  /// The mood each seat last showed (`MOOD`), in this game and under its player; nil for none.
  public internal(set) var moods = PerSeat<Mood?>.repeating(nil)
  /// Each seat's rating after the last game rated at this table (nil before one).
  public internal(set) var ratings: PerSeat<Int>?
  /// How much the last game moved each seat's rating (nil when the ratings came from `STATS` after a
  /// resume, which says no change).
  public internal(set) var ratingChanges: PerSeat<Int>?
  /// After a resume, the ratings `STATS` gave so far, until both seats have one.
  var resumedRatings: PerSeat<Int?>?
  /// The results of the games finished so far, oldest first.
  public internal(set) var results: [GameResult] = []
  /// The names each finished game was played under, by game number, seat 1 first: whoever sits in the
  /// seats now may not be who played it.
  public internal(set) var resultNames: [Int: PerSeat<String>] = [:]
  /// The last finished game's analysis, as `REVIEW` gave it: its sets, then its players.
  public internal(set) var review: [ReviewFields] = []
  /// `REVIEW` lines read before their reply.
  var reviewing: [ReviewFields] = []
  /// The name this client's player sat down with: a `JOINED` with it in the other seat (the seats
  /// swapped for a same-deck rematch) moves this client there.
  var ownName: String?
  /// Every result and happening, in words.
  public internal(set) var log = ResultLog()
  /// The latest refusal from the server, and when it came.
  public internal(set) var lastError: Refusal?
  /// The server's farewell, once it said `BYE`.
  public internal(set) var farewell: String?
  /// The number of the last event applied.
  public internal(set) var lastSeq = 0
  /// The number of the event the last `TABLE` line was as of.
  public internal(set) var tableSeq = 0
  /// Whether a `STATE` was asked for and its reply has not come yet.
  public internal(set) var awaitingState = false
  /// The rules in force, as the server's `RULES` line gave them (the standard rules until it comes).
  public internal(set) var rules = Rules()
  /// The slots whose cards were last dealt or moved, for a moment's highlight.
  public internal(set) var freshSlots: [Slot] = []
  /// When the cards in `freshSlots` were dealt or moved.
  public internal(set) var freshAt = Instant.zero
  /// The name this connection is named with (the session says, as `OK NAME` does not), for the
  /// tournament's lines: nil before.
  public internal(set) var playerName: String?
  /// The hall's tournament, as its lines and answers tell it.
  public internal(set) var tourney = TourneyState()

  public init() {}

  // MARK: - Reading

  /// A seat's name for sentences: the player's name, or `seat 1`.
  public func name(of seat: Seat) -> String {
    names[seat] ?? "seat \(seat.rawValue)"
  }

  /// Both seats' names for sentences.
  public var displayNames: PerSeat<String> { PerSeat(name(of:)) }

  /// The names a finished game was played under, seat 1 first (the seats' names now, when the server
  /// did not say).
  public func names(for result: GameResult) -> PerSeat<String> {
    resultNames[result.game] ?? displayNames
  }

  /// This client's seat in a finished game, if the person in it now played that game: nil for a
  /// spectator, and for a player who sat down after it, in a seat someone else played it from.
  public func viewer(of result: GameResult) -> Seat? {
    guard let seat, let mine = names[seat] else { return nil }
    return PlayerName.same(names(for: result)[seat], mine) ? seat : nil
  }

  /// The finished games this client's player played, oldest first.
  public var playedResults: [GameResult] { results.filter { viewer(of: $0) != nil } }

  /// The card in `slot`, or nil.
  public func card(at slot: Slot) -> Card? {
    if let link = slot.chainIndex { return link < chain.count ? chain[link] : nil }
    return slot.index < cards.count ? cards[slot.index] : nil
  }

  /// The milliseconds left in the running window at `now`, or nil when none runs.
  public func remaining(at now: Instant) -> Int64? {
    guard case .window(_, _, let deadline, _) = phase else { return nil }
    return max(0, deadline.milliseconds(since: now))
  }

  /// Whether this client watches: it is named, but both seats were taken.
  public var isSpectator: Bool { isNamed && seat == nil }

  /// Whether a seat is free to sit in, as a spectator sees the table: no game runs, and a seat is
  /// empty or its player has gone (outside a running game the server frees such a seat).
  public var hasFreeSeat: Bool {
    isNamed && !awaitingState && !phase.isRunning
      && Seat.allCases.contains { names[$0] == nil || !present[$0] }
  }

  /// Whether this client holds the claim or turn.
  public var holdsWindow: Bool { seat != nil && phase.holder == seat }

  // MARK: - Applying lines

  /// The connection dropped: a `STATE` asked for on it will never be answered.
  public mutating func connectionLost() {
    awaitingState = false
    tourney.connectionLost()
  }

  /// The session named this connection `name` (`OK NAME` for it, or `OK RESUME`).
  public mutating func named(_ name: String) {
    playerName = name
    tourney.named()
  }

  /// The player wants the tournament's standings: they are asked afresh.
  public mutating func lookAtStandings() {
    tourney.lookAtStandings()
  }

  /// The tournament's requests due at `now` (see `TourneyState`), to be sent tagged with their ids.
  public mutating func tourneyRequests(at now: Instant) -> [SessionRequest] {
    guard isNamed else { return [] }
    return tourney.requests(at: now)
  }

  /// Applies a line as the server wrote it; lines that fit no grammar are ignored.
  public mutating func apply(line: String, at now: Instant) -> [ModelAction] {
    guard let decoded = ServerLine.decode(line) else { return [] }
    return apply(decoded, at: now)
  }

  /// Applies one line from the server, read at `now`.
  public mutating func apply(_ line: ServerLine, at now: Instant) -> [ModelAction] {
    switch line {
    case .tourney(let kind, let fields):
      tourney.told(kind, fields, me: playerName)
      return kind == "moved" ? moved(fields) : []
    case .standing(let standing):
      tourney.reading.append(standing)
      return []
    case .stat(let figures):
      resumedRating(figures)
      return []
    case .banner, .help, .found, .pastEvent:
      return []
    case .hall(let listing):
      if listing.state == .closed {
        hall[listing.id] = nil
      } else {
        hall[listing.id] = listing
      }
      return []
    case .review(let fields):
      reviewing.append(fields)
      return []
    case .rules(let rules):
      if move == .asked { arriving() }
      self.rules = rules
      if case .window(let holder, let kind, let deadline, _) = phase {
        let left = max(0, deadline.milliseconds(since: now))
        phase = .window(holder: holder, kind: kind, deadline: deadline, length: windowLength(kind, atLeast: left))
      }
      return []
    case .event(let seq, let event):
      // The old table's last events, on their way while the move was asked for.
      guard move != .asked else { return [] }
      guard seq > tableSeq, seq > lastSeq else { return [] }
      var actions: [ModelAction] = []
      if seq != lastSeq + 1 { actions += askForState() }
      lastSeq = seq
      return actions + apply(event, at: now)
    case .table(let seq, let deck, let cards, let chain):
      self.cards = cards
      self.chain = chain
      self.deck = deck
      tableSeq = seq
      lastSeq = seq
      return []
    case .player(let seat, let name, let score, let present, let forfeitMs):
      names[seat] = name
      scores[seat] = score
      self.present[seat] = present
      // Away in a paused game: when the seat is forfeited, for a client that came back during the pause.
      if let forfeitMs {
        forfeitAt[seat] = now.adding(milliseconds: forfeitMs)
      } else if present {
        forfeitAt[seat] = nil
      }
      return []
    case .result(let result, let playedBy):
      if let playedBy { resultNames[result.game] = playedBy }
      record(result)
      log.past(result, names: names(for: result))
      if case .over(nil) = phase, result.game == game { phase = .over(result) }
      return []
    case .reply(let reply):
      return apply(reply, at: now)
    case .notice(let notice):
      log.note(notice.text, game: game)
      return []
    case .mood(let seat, let mood):
      moods[seat] = mood
      return []
    }
  }

  /// `TOURNEY moved <table> <seat> <token>`: the server moved this client to its tournament game's
  /// table. The table it left is forgotten; the new one's state is asked for.
  mutating func moved(_ fields: [String]) -> [ModelAction] {
    guard fields.count >= 3 else { return [] }
    // What the old table left (its ratings, results, scores) goes, as on a move of the client's own;
    // the new table's RULES came before this line, and stay.
    let rules = rules
    arriving()
    (move, self.rules) = (.none, rules)
    if let table = Int(fields[0]) { self.table = table }
    seat = Int(fields[1]).flatMap(Seat.init(rawValue:))
    token = fields[2] == "-" ? nil : fields[2]
    if let seat { log.seated(seat) }
    return askForState()
  }

  mutating func askForState() -> [ModelAction] {
    guard !awaitingState else { return [] }
    awaitingState = true
    return [.requestState]
  }

  mutating func record(_ result: GameResult) {
    if let index = results.firstIndex(where: { $0.game == result.game }) {
      results[index] = result
    } else {
      results.append(result)
      results.sort { $0.game < $1.game }
    }
  }
}
