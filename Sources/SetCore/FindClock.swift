/// A set's find time as the rules see it: from the moment the table last changed (a game started,
/// cards came or went, open play began, a passed turn or needless-deal window opened, or play went on
/// after a pause: on the wire `START`, `DIFF`, `OPEN`, `TURN` or `GO`) to the claim or first pick that
/// found it (`CLAIM`, or the first `PICK` in a passed turn), in milliseconds.
///
/// Told of each change and move of a game in order with the time it happened, it says how long each set
/// took. The match keeps one from its own events (`note`), and its `SET` events carry the find time it
/// gives. The players' history and a game's analysis take that time from `SET`; they keep one of their
/// own from a record's events (`tableChanged`, `moved`) only for records written before `SET` carried it.
public struct FindClock: Equatable, Sendable {
  private var since = Instant.zero
  private var firstMove: Instant?

  public init() {}

  /// A new open play or window began at `now`: the table as players see it changed.
  public mutating func tableChanged(at now: Instant) {
    since = now
    firstMove = nil
  }

  /// A player called Set or picked a card at `now`; only the first move since the change counts.
  public mutating func moved(at now: Instant) {
    if firstMove == nil { firstMove = now }
  }

  /// The find time of a set found at `now`, in milliseconds.
  public func findTime(at now: Instant) -> Int64 {
    max(0, (firstMove ?? now).milliseconds(since: since))
  }

  /// Takes account of the rules' `events`, all of which happened at `now`.
  public mutating func note(_ events: some Sequence<MatchEvent>, at now: Instant) {
    for event in events {
      switch event {
      case .gameStarted, .tableChanged, .openPlay, .resumed:
        tableChanged(at: now)
      case .windowOpened(let window) where window.kind != .claim:
        tableChanged(at: now)
      case .windowOpened, .picked:
        moved(at: now)
      default:
        break
      }
    }
  }
}
