import SetCore

/// What a table looks like from outside, for telling the LAN about it: where the game stands, who
/// sits in each seat, and how many watch.
public struct TableSummary: Equatable, Sendable {
  public enum Stage: Equatable, Sendable {
    /// A seat is free: a newcomer would play.
    case waiting
    case playing
    case over
  }

  public var stage: Stage
  /// The name in each seat (its player here or away), nil when free.
  public var seats: PerSeat<String?>
  /// Connections that have named themselves and sit in no seat.
  public var spectators: Int

  public init(stage: Stage, seats: PerSeat<String?>, spectators: Int) {
    self.stage = stage
    self.seats = seats
    self.spectators = spectators
  }
}

extension GameHost {
  /// The table as seen from outside, now.
  public var summary: TableSummary {
    let seats = seating.seated
    let stage: TableSummary.Stage =
      if case .over = match.phase { .over } else if seats.values.contains(nil) { .waiting } else { .playing }
    let spectators = clients.values.reduce(0) { $0 + ($1.name != nil && $1.seat == nil ? 1 : 0) }
    return TableSummary(stage: stage, seats: seats, spectators: spectators)
  }
}
