import SetCore
import SetProtocol

// Past 300 lines because every line the server sends lands here: splitting the events from the data
// lines and replies would split one state, the model, across files that all mutate it.

/// A client's picture of the table, kept by applying every line the server sends: events, the `TABLE`
/// and `PLAYER` data lines, and replies. Pure: the time comes in with each line, and what the model
/// needs from the server comes out as `ModelAction`s for the shell to send.
///
/// Events carry a sequence number. The model applies them in order; an event whose number is not one
/// more than the last means lines were missed, and the model asks for `STATE` (applying what it can
/// meanwhile). Events numbered at or below the last `TABLE` it applied are already in that table and
/// are ignored.
public struct ClientModel: Equatable, Sendable {
  /// This client's seat, once `NAME` or `RESUME` gave one; nil before, or for a spectator.
  public private(set) var seat: Seat?
  /// The secret that takes the seat back after a dropped connection.
  public private(set) var token: String?
  /// Whether `NAME` or `RESUME` succeeded (a spectator is named but has no seat).
  public private(set) var isNamed = false
  /// Each seat's player's name; nil for an empty seat.
  public private(set) var names = PerSeat<String?>.repeating(nil)
  /// Whether each seat's player is connected.
  public private(set) var present = PerSeat.repeating(false)
  /// This game's scores.
  public private(set) var scores = PerSeat.repeating(0)
  /// Sets each seat took this game.
  public private(set) var sets = PerSeat.repeating(0)
  /// The cards face up: `cards[i]` is in `Slot(i)`.
  public private(set) var cards: [Card] = []
  /// In the chain variant, the chain beside the table (slots `X`, `Y`, `Z`); empty otherwise.
  public private(set) var chain: [Card] = []
  /// Cards left in the deck.
  public private(set) var deck = 0
  /// The current game's number, 0 before the first.
  public private(set) var game = 0
  /// Where the game stands.
  public private(set) var phase = ClientPhase.waiting
  /// The slots the holder of the claim or turn has selected.
  public private(set) var selection: [Slot] = []
  /// When each absent seat is forfeited, as a local instant.
  public private(set) var forfeitAt = PerSeat<Instant?>.repeating(nil)
  /// Which seats asked for a rematch.
  public private(set) var rematchAsked = PerSeat.repeating(false)
  /// Each seat's rating after the last game rated at this table (nil before one).
  public private(set) var ratings: PerSeat<Int>?
  /// How much the last game moved each seat's rating.
  public private(set) var ratingChanges: PerSeat<Int>?
  /// The results of the games finished so far, oldest first.
  public private(set) var results: [GameResult] = []
  /// The names each finished game was played under, by game number, seat 1 first: whoever sits in the
  /// seats now may not be who played it.
  public private(set) var resultNames: [Int: PerSeat<String>] = [:]
  /// The last finished game's analysis, as `REVIEW` gave it: its sets, then its players.
  public private(set) var review: [ReviewFields] = []
  /// `REVIEW` lines read before their reply.
  private var reviewing: [ReviewFields] = []
  /// The name this client's player sat down with: a `JOINED` with it in the other seat (the seats
  /// swapped for a same-deck rematch) moves this client there.
  private var ownName: String?
  /// Every result and happening, in words.
  public private(set) var log = ResultLog()
  /// The latest refusal from the server, and when it came.
  public private(set) var lastError: Refusal?
  /// The server's farewell, once it said `BYE`.
  public private(set) var farewell: String?
  /// The number of the last event applied.
  public private(set) var lastSeq = 0
  /// The number of the event the last `TABLE` line was as of.
  public private(set) var tableSeq = 0
  /// Whether a `STATE` was asked for and its reply has not come yet.
  public private(set) var awaitingState = false
  /// The rules in force, as the server's `RULES` line gave them (the standard rules until it comes).
  public private(set) var rules = Rules()
  /// The slots whose cards were last dealt or moved, for a moment's highlight.
  public private(set) var freshSlots: [Slot] = []
  /// When the cards in `freshSlots` were dealt or moved.
  public private(set) var freshAt = Instant.zero

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
  }

  /// Applies a line as the server wrote it; lines that fit no grammar are ignored.
  public mutating func apply(line: String, at now: Instant) -> [ModelAction] {
    guard let decoded = ServerLine.decode(line) else { return [] }
    return apply(decoded, at: now)
  }

  /// Applies one line from the server, read at `now`.
  public mutating func apply(_ line: ServerLine, at now: Instant) -> [ModelAction] {
    switch line {
    case .banner, .help, .stat, .found:
      return []
    case .review(let fields):
      reviewing.append(fields)
      return []
    case .rules(let rules):
      self.rules = rules
      if case .window(let holder, let kind, let deadline, _) = phase {
        let left = max(0, deadline.milliseconds(since: now))
        phase = .window(holder: holder, kind: kind, deadline: deadline, length: windowLength(kind, atLeast: left))
      }
      return []
    case .event(let seq, let event):
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
    case .player(let seat, let name, let score, let present):
      names[seat] = name
      scores[seat] = score
      self.present[seat] = present
      return []
    case .result(let result, let playedBy):
      if let playedBy { resultNames[result.game] = playedBy }
      record(result)
      log.past(result, names: names(for: result))
      if case .over(nil) = phase, result.game == game { phase = .over(result) }
      return []
    case .reply(let reply):
      return apply(reply, at: now)
    case .notice(_, let text):
      log.note(text, game: game)
      return []
    }
  }

  private mutating func askForState() -> [ModelAction] {
    guard !awaitingState else { return [] }
    awaitingState = true
    return [.requestState]
  }

  private mutating func record(_ result: GameResult) {
    if let index = results.firstIndex(where: { $0.game == result.game }) {
      results[index] = result
    } else {
      results.append(result)
      results.sort { $0.game < $1.game }
    }
  }

  // MARK: - Events

  private mutating func apply(_ event: ServerEvent, at now: Instant) -> [ModelAction] {
    var actions: [ModelAction] = []
    switch event {
    case .joined(let seat, let name):
      if let own = ownName, PlayerName.same(own, name) { self.seat = seat }
      if case .over = phase, names[seat].map({ !PlayerName.same($0, name) }) ?? true {
        // A newcomer in a seat after a game ended starts at 0, as the server counts it, not with the
        // score the seat's last player left.
        scores[seat] = 0
        sets[seat] = 0
      }
      names[seat] = name
      (ratings, ratingChanges) = (nil, nil)  // The ratings shown were the last game's pair.
      present[seat] = true
    case .started(let number, let deck, let table):
      game = number
      self.deck = deck
      cards = table
      chain = []
      scores = PerSeat.repeating(0)
      sets = PerSeat.repeating(0)
      selection = []
      rematchAsked = PerSeat.repeating(false)
      phase = .open
    case .diff(let deck, let change):
      self.deck = deck
      selection = []
      freshSlots = change.filled.map(\.slot) + change.moved.map(\.to)
      freshAt = now
      var table = Table(cards: cards)
      do throws(TableMisfit) {
        try table.apply(change)
        cards = table.cards
      } catch {
        // A missed line: the table stays as it was until the state the model asks for replaces it.
        actions += askForState()
      }
    case .chain(let cards):
      chain = cards
    case .claim(let seat, let ms):
      openWindow(seat, .claim, ms: ms, at: now)
    case .turn(let seat, let ms, let kind):
      openWindow(seat, kind, ms: ms, at: now)
    case .picked(_, let slot):
      if !selection.contains(slot) { selection.append(slot) }
    case .unpicked(_, let slot):
      selection.removeAll { $0 == slot }
    case .setFound(let seat, _, _, _):
      sets[seat] += 1
      selection = []
    case .notASet, .expired:
      selection = []
    case .score(let seat, _, let total, _):
      scores[seat] = total
    case .open:
      phase = .open
      selection = []
    case .left(let seat, let ms):
      present[seat] = false
      rematchAsked[seat] = false
      if let ms {
        forfeitAt[seat] = now.adding(milliseconds: ms)
        pause(at: now)
      }
    case .back(let seat):
      present[seat] = true
      forfeitAt[seat] = nil
    case .resumed(let window):
      forfeitAt = PerSeat.repeating(nil)
      if let window {
        let (kind, ms) = (window.kind, window.ms)
        phase = .window(
          holder: window.holder, kind: kind, deadline: now.adding(milliseconds: ms),
          length: windowLength(kind, atLeast: ms))
      } else {
        phase = .open
      }
    case .over(let result):
      resultNames[result.game] = displayNames
      phase = .over(result)
      scores = result.scores
      sets = result.sets
      selection = []
      forfeitAt = PerSeat.repeating(nil)
      record(result)
      // A player is shown what they missed at once; a spectator asks with the review key.
      // The analysis covers standard Set: a variant's game is not reviewed.
      if seat != nil, rules.variant == .normal { actions.append(.requestReview) }
    case .rated(_, let before, let after):
      ratings = after
      ratingChanges = PerSeat { after[$0] - before[$0] }
    case .rematch(let seat, _):
      rematchAsked[seat] = true
    case .said:
      break
    case .bye(let text):
      farewell = text
    }
    log.record(event, names: displayNames, game: game, me: seat)
    if case .started = event, let rule = HumanText.variantRule(rules) { log.rule(rule, game: game) }
    return actions
  }

  private mutating func openWindow(_ seat: Seat, _ kind: Window.Kind, ms: Int64, at now: Instant) {
    phase = .window(
      holder: seat, kind: kind, deadline: now.adding(milliseconds: ms), length: windowLength(kind, atLeast: ms))
    selection = []
  }

  /// The length of a window under the rules in force, for the countdown bar, or `ms` if the window
  /// is longer.
  private func windowLength(_ kind: Window.Kind, atLeast ms: Int64) -> Int64 {
    let standard =
      switch kind {
      case .claim: rules.claimWindow
      case .passedTurn: rules.passedTurnWindow
      case .needlessDeal: rules.needlessDealWindow
      }
    return max(standard, ms)
  }

  private mutating func pause(at now: Instant) {
    switch phase {
    case .window(let holder, let kind, let deadline, _):
      phase = .paused(holder: holder, kind: kind, remaining: max(0, deadline.milliseconds(since: now)))
    case .open:
      phase = .paused(holder: nil, kind: nil, remaining: 0)
    case .paused, .waiting, .over:
      break
    }
  }

  // MARK: - Replies

  private mutating func apply(_ reply: Reply, at now: Instant) -> [ModelAction] {
    if case .ok(.review) = reply.kind { (review, reviewing) = (reviewing, []) }
    if case .error = reply.kind { reviewing = [] }
    switch reply.kind {
    case .pong:
      return []
    case .error(let error):
      lastError = Refusal(error: error, at: now)
      // The seat went to another connection with this one's token: this one must not take it back.
      if error.code == .resumedElsewhere { farewell = error.code.text }
      return []
    case .ok(.name(let seat, let token)):
      isNamed = true
      self.seat = seat
      if let seat { log.seated(seat) }
      self.token = token
      ownName = seat.flatMap { names[$0] }
      return askForState()
    case .ok(.sit(let seat, let token)):
      // A spectator sat down in a seat that became free, on the same connection.
      self.seat = seat
      log.seated(seat)
      self.token = token
      ownName = names[seat]
      return askForState()
    case .ok(.resume(let seat, let name)):
      isNamed = true
      self.seat = seat
      ownName = name
      log.resumed(seat, game: game)
      // A relaunched client starts with nothing: the finished games come with HISTORY.
      return askForState() + [.requestHistory]
    case .ok(.state(let summary)):
      return applyState(summary, at: now)
    case .ok(.scores(let first, let second)):
      scores = [first, second]
      return []
    case .ok:
      return []
    }
  }

  /// `OK STATE seq game phase holder ms selected`.
  private mutating func applyState(_ state: StateSummary, at now: Instant) -> [ModelAction] {
    awaitingState = false
    let running = [PhaseName.open, .claim, .turn, .needless, .paused].contains(state.phase)
    log.cameBack(
      to: state.game,
      standing: running ? "\(Renderer.scoreLine(displayNames, scores)), \(deck) cards left in the deck" : nil)
    lastSeq = max(lastSeq, state.seq)
    if state.game != game {
      sets = [0, 0]
      rematchAsked = [false, false]
    }
    game = state.game
    selection = state.selected
    switch state.phase {
    case .waiting: phase = .waiting
    case .open: phase = .open
    case .paused: phase = .paused(holder: state.holder, kind: nil, remaining: state.ms)
    case .over:
      let result = results.last { $0.game == state.game }
      phase = .over(result)
      return result == nil ? [.requestHistory] : []
    case .claim, .turn, .needless:
      if let kind = state.phase.windowKind, let holder = state.holder {
        phase = .window(
          holder: holder, kind: kind, deadline: now.adding(milliseconds: state.ms),
          length: windowLength(kind, atLeast: state.ms))
      }
    }
    return []
  }
}

/// A request the server refused, and when the refusal came.
public struct Refusal: Equatable, Sendable {
  public var error: ProtocolError
  public var at: Instant

  public init(error: ProtocolError, at: Instant) {
    self.error = error
    self.at = at
  }
}
