/// A set's find time as the rules see it: from the moment the table last changed (a game started,
/// cards came or went, open play began, a passed turn or needless-deal window opened, or play went on
/// after a pause) to the claim or first pick that found it, in milliseconds.
///
/// Fed each event of the match in order with the time it happened.
struct FindTimer: Equatable, Sendable {
  private var since = Instant.zero
  private var firstMove: Instant?

  /// Takes account of `events`, all of which happened at `now`.
  mutating func note(_ events: some Sequence<MatchEvent>, at now: Instant) {
    for event in events {
      switch event {
      case .gameStarted, .tableChanged, .openPlay, .resumed:
        since = now
        firstMove = nil
      case .windowOpened(let window) where window.kind != .claim:
        since = now
        firstMove = nil
      case .windowOpened, .picked:
        if firstMove == nil { firstMove = now }
      default:
        break
      }
    }
  }

  /// The find time of a set found at `now`, in milliseconds.
  func findTime(at now: Instant) -> Int64 {
    max(0, (firstMove ?? now).milliseconds(since: since))
  }
}
