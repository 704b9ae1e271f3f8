import SetCore
import SetProtocol

extension FindClock {
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
