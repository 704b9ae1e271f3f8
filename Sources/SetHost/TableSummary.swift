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
  /// How many tables the hall has open, this one included.
  public var tables = 1
  /// How many of the hall's tables wait for a player (a seat is free), this one included.
  public var tablesWaiting = 0

  public init(stage: Stage, seats: PerSeat<String?>, spectators: Int) {
    self.stage = stage
    self.seats = seats
    self.spectators = spectators
  }
}

extension Hall {
  /// The hall as seen from outside: table 1 as a one-table server would be seen, and how many tables
  /// are open and wait for a player.
  public var summary: TableSummary {
    guard var summary = tables[1]?.host.summary else { preconditionFailure("table 1 never closes") }
    summary.tables = order.count
    summary.tablesWaiting = order.reduce(0) { $0 + (tables[$1]?.host.seating.firstFree != nil ? 1 : 0) }
    return summary
  }
}

extension GameHost {
  /// The table as seen from outside, now.
  public var summary: TableSummary {
    let seats = seating.seated
    let stage: TableSummary.Stage =
      if case .over = match.phase { .over } else if seats.values.contains(nil) { .waiting } else { .playing }
    let spectators = clients.reduce(0) { $0 + ($1.value.name != nil && seating.seat(of: $1.key) == nil ? 1 : 0) }
    return TableSummary(stage: stage, seats: seats, spectators: spectators)
  }
}
