import SetCore
import SetStats

/// The players' names, secrets, ratings and figures, which every table of a hall shares: folded once
/// from the records, and kept up to date by each table's games as they are recorded. The only thing a
/// table's host touches that other tables touch too: a table that ran on another core would reach the
/// hall's players through this one narrow door. Seatings are counted here too, for the whole hall.
public final class HallPlayers {
  /// Every player's figures and rating.
  public var history: History
  /// How often one address may take a seat, at any of the hall's tables together.
  public var seatingLimit = SeatingLimit()

  /// Whether `address` may take a seat at `now`; if so, the seating is counted.
  func allowSeat(_ address: String, at now: Instant) -> Bool {
    seatingLimit.allow(address, at: now)
  }

  public init(history: History = History()) {
    self.history = history
  }
}
