import SetCore

/// An event as it goes over the wire: one event, one line. Times are milliseconds remaining when the
/// line was written, never clock readings, so the client needs no shared clock.
public enum ServerEvent: Equatable, Sendable {
  /// `JOINED seq seat name`: a player took a seat.
  case joined(Seat, name: String)
  /// `START seq game deck slot=card...`: a game began with this table.
  case started(game: Int, deck: Int, table: [Card])
  /// `DIFF seq deck slots op...`: the table changed.
  case diff(deck: Int, TableChange)
  /// `CLAIM seq seat ms`: a player called Set and alone may pick for `ms`.
  case claim(Seat, ms: Int64)
  /// `TURN seq seat ms kind`: the turn passed to a player, for `ms`; kind `turn` or `needless`.
  case turn(Seat, ms: Int64, kind: Window.Kind)
  /// `PICK seq seat slot`.
  case picked(Seat, Slot)
  /// `UNPICK seq seat slot`.
  case unpicked(Seat, Slot)
  /// `SET seq seat slots cards [ms]`: a set found, and its find time in milliseconds when the server
  /// measured it (see protocol.md, Players' history).
  case setFound(Seat, [Slot], [Card], findMs: Int64? = nil)
  /// `NOSET seq seat slots cards`: three cards that are not a set.
  case notASet(Seat, [Slot], [Card])
  /// `EXPIRED seq seat kind`: a window ran out.
  case expired(Seat, kind: Window.Kind)
  /// `SCORE seq seat delta total reason`.
  case score(Seat, delta: Int, total: Int, reason: ScoreReason)
  /// `CHAIN seq X=card Y=card Z=card`: in the chain variant, the chain beside the table; `CHAIN seq`
  /// alone when it was let go.
  case chain([Card])
  /// `OPEN seq`: open play.
  case open
  /// `LEFT seq seat ms`: a player left; forfeited in `ms` unless back (nil when no game runs).
  case left(Seat, ms: Int64?)
  /// `BACK seq seat`: a player who left is back.
  case back(Seat)
  /// `GO seq open` (nil) or `GO seq kind seat ms`: play goes on after a pause, in open play or in a window.
  case resumed(WindowLeft?)
  /// `OVER seq game winner score1 score2 sets1 sets2 ending`.
  case over(GameResult)
  /// `RATED seq game before1 after1 before2 after2`: each seat's rating before and after the game that
  /// just ended, right after its `OVER`.
  case rated(game: Int, before: PerSeat<Int>, after: PerSeat<Int>)
  /// `REMATCH seq seat [same]`: a player asked for a new game (`same`: dealt from the same deck).
  case rematch(Seat, sameDeck: Bool = false)
  /// `SAY seq name text`: chat.
  case said(name: String, text: String)
  /// `BYE seq text`: the server is closing.
  case bye(String)

  /// The wire form of a rules event, or nil for one the server tells in its own words (`joined`).
  /// `now` turns deadlines into milliseconds remaining.
  public init?(_ event: MatchEvent, now: Instant) {
    func remaining(_ instant: Instant) -> Int64 { max(0, instant.milliseconds(since: now)) }
    switch event {
    case .joined: return nil
    case .gameStarted(let game, let table, let deck): self = .started(game: game, deck: deck, table: table)
    case .tableChanged(let change, let deck): self = .diff(deck: deck, change)
    case .windowOpened(let window):
      self =
        window.kind == .claim
        ? .claim(window.holder, ms: remaining(window.deadline))
        : .turn(window.holder, ms: remaining(window.deadline), kind: window.kind)
    case .windowExpired(let window): self = .expired(window.holder, kind: window.kind)
    case .picked(let seat, let slot): self = .picked(seat, slot)
    case .unpicked(let seat, let slot): self = .unpicked(seat, slot)
    case .setFound(let seat, let slots, let cards, let findMs): self = .setFound(seat, slots, cards, findMs: findMs)
    case .notASet(let seat, let slots, let cards): self = .notASet(seat, slots, cards)
    case .scoreChanged(let seat, let delta, let total, let reason):
      self = .score(seat, delta: delta, total: total, reason: reason)
    case .chainChanged(let cards): self = .chain(cards)
    case .openPlay: self = .open
    case .left(let seat, let forfeitAt): self = .left(seat, ms: forfeitAt.map(remaining))
    case .returned(let seat): self = .back(seat)
    case .resumed(let window):
      self = .resumed(window.map { WindowLeft(kind: $0.kind, holder: $0.holder, ms: remaining($0.deadline)) })
    case .gameOver(let result): self = .over(result)
    case .rematchAsked(let seat): self = .rematch(seat)
    case .sameDeckAsked(let seat): self = .rematch(seat, sameDeck: true)
    }
  }
}

extension ServerEvent {
  /// A window as the wire tells it: its kind, who holds it and the milliseconds it has left.
  public struct WindowLeft: Equatable, Sendable {
    public var kind: Window.Kind
    public var holder: Seat
    public var ms: Int64

    public init(kind: Window.Kind, holder: Seat, ms: Int64) {
      self.kind = kind
      self.holder = holder
      self.ms = ms
    }
  }
}
