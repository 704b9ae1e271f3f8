/// What a hall says of its tables on the LAN: how many are open, and how many of them wait for a player.
public struct HallCounts: Hashable, Sendable {
  /// The tables open.
  public var tables: Int
  /// The tables with a free seat.
  public var waiting: Int

  public init(tables: Int, waiting: Int) {
    self.tables = tables
    self.waiting = waiting
  }
}
