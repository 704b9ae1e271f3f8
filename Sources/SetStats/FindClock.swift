import SetCore
import SetProtocol

/// A set's find time: from the moment the table last changed, which is the start of the open play or
/// window in which the set was found (`START`, `DIFF`, `OPEN`, `TURN` or `GO`), to the claim or first
/// pick that found it (`CLAIM`, or the first `PICK` in a passed turn), in milliseconds.
///
/// Told of each change and move of a game in order with the time it happened, it says how long each set took.
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

  /// Feeds one event that happened at `now` and returns it, a set found stamped with its find time:
  /// the same account the host keeps as it broadcasts and a replay keeps as it derives.
  public mutating func stamp(_ event: ServerEvent, at now: Instant) -> ServerEvent {
    switch event {
    case .started, .diff, .open, .turn, .resumed: tableChanged(at: now)
    case .claim, .picked: moved(at: now)
    case .setFound(let seat, let slots, let cards, _): return .setFound(seat, slots, cards, findMs: findTime(at: now))
    default: break
    }
    return event
  }
}
