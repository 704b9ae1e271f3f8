import SetCore
import SetProtocol

/// Where a client's move to another table of the hall stands.
enum TableMove: Equatable, Sendable {
  /// No move is under way.
  case none
  /// `JOIN` or `OPEN` was sent: the old table's events still on their way are not this client's any more.
  case asked
  /// The new table's first line came (its `RULES`): the old table is forgotten, the reply comes next.
  case arriving
}

// The hall: its tables as `HALL` lines list them, and moving from one table to another.
extension ClientModel {
  /// The tables as a list shows them: those where someone waits for a player first, then empty ones,
  /// then the others, each by number.
  public var hallTables: [HallListing] {
    func rank(_ listing: HallListing) -> Int {
      guard listing.state == .waiting else { return 2 }
      return listing.seats.values.contains { $0 != nil } ? 0 : 1
    }
    return hall.values.sorted { a, b in rank(a) != rank(b) ? rank(a) < rank(b) : a.id < b.id }
  }

  /// The listing of the table this client is at, if the hall listed it.
  public var tableListing: HallListing? { table.flatMap { hall[$0] } }

  /// The hall's list is asked for afresh: the tables listed before may have closed since.
  public mutating func forgetHall() {
    hall = [:]
  }

  /// `JOIN` or `OPEN` was sent: until the new table's lines come, the old table's are ignored.
  public mutating func beginMove() {
    move = .asked
  }

  /// The move was refused: this client stays where it was, and asks for the state of that table, whose
  /// events it ignored meanwhile.
  public mutating func cancelMove() -> [ModelAction] {
    guard move != .none else { return [] }
    move = .none
    return isNamed ? askForState() : []
  }

  /// The new table's first line came: what this client knew of the old one goes, but not the hall, its
  /// name and the history it was shown.
  mutating func arriving() {
    var fresh = ClientModel()
    fresh.hall = hall
    fresh.table = table
    fresh.isNamed = isNamed
    fresh.log = log
    fresh.lastError = lastError
    fresh.farewell = farewell
    fresh.playerName = playerName
    fresh.tourney = tourney
    fresh.move = .arriving
    self = fresh
  }

  /// `OK JOIN` or `OK OPEN`: this client is at `table` now, in `seat` with `token`, or watching (or not
  /// named yet) when both are nil.
  mutating func arrived(at table: Int, seat: Seat?, token: String?) -> [ModelAction] {
    // A move this client did not mark (a `JOIN` typed by hand) forgets the old table here.
    if move == .asked || (move == .none && self.table != table) { arriving() }
    move = .none
    self.table = table
    guard isNamed else { return [] }
    self.seat = seat
    self.token = token
    if let seat {
      log.seated(seat)
      ownName = names[seat]
    }
    return askForState()
  }
}
