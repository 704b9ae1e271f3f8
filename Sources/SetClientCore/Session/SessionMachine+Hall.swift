import SetCore
import SetProtocol

// The hall: listing its tables, choosing one, moving from table to table.
extension SessionMachine {
  /// The table a resume token is for: `3-...` is table 3's; a token without a number is table 1's.
  public static func table(ofToken token: String) -> Int? {
    guard let dash = token.firstIndex(of: "-"), let table = Int(token[..<dash]), table >= 1 else { return nil }
    return table
  }

  /// What a connection without a seat to take back asks, after the presentation: the hall's list in
  /// a lobby, then `JOIN` to the table wanted (and `NAME` once there), or `NAME` at once.
  mutating func enterHall() -> [SessionAction] {
    var actions: [SessionAction] = []
    if lobby { actions += watchHall() }
    if let destination {
      moving = true
      actions.append(.send(.join(destination), id: .join))
    } else if !lobby {
      actions.append(askForName())
    }
    return actions
  }

  /// The seat was taken back at the table its token names (`3-...`, or table 1): the session is at that
  /// table now, and in a lobby asks for the hall's tables, for the list a key away.
  mutating func resumedAtTable() -> [SessionAction] {
    let table = token.flatMap(Self.table(ofToken:)) ?? 1
    model.table = table
    if table > 1 { destination = "\(table)" }
    guard lobby else { return [] }
    model.forgetHall()
    return [.send(.tables(watch: false), id: .tables)]
  }

  /// Moves to `table` (a number or a name): before sitting down, `NAME` follows once there; with a
  /// name, the seat or the watchers there are taken at once. Nothing while disconnected.
  public mutating func join(_ table: String) -> [SessionAction] {
    guard connection == .open, !moving else { return [] }
    moving = true
    if model.isNamed { model.beginMove() }
    return [.send(.join(table), id: .join)]
  }

  /// Opens a table as `request` asks and moves to it, as `join` does. Nothing while disconnected.
  public mutating func open(_ request: TableRequest) -> [SessionAction] {
    guard connection == .open, !moving else { return [] }
    moving = true
    if model.isNamed { model.beginMove() }
    return [.send(.open(request), id: .open)]
  }

  /// Shows the hall's list from the table: asked afresh, and kept up to date while it is shown.
  public mutating func showHall() -> [SessionAction] {
    guard connection == .open, model.isNamed, !choosing else { return [] }
    choosing = true
    return watchHall()
  }

  /// Back from the list to the table the session is at (only once it has sat down at one).
  public mutating func leaveHall() {
    guard model.isNamed else { return }
    choosing = false
  }

  private mutating func watchHall() -> [SessionAction] {
    watchingHall = true
    model.forgetHall()
    return [.send(.tables(watch: true), id: .tables)]
  }

  /// Follows up the replies to `TABLES`, `JOIN` and `OPEN`.
  mutating func answeredHall(_ reply: Reply, request: SessionRequest) -> [SessionAction] {
    switch (request, reply.kind) {
    case (.tables, .ok(.tables(let count))):
      // Sitting down waits for the player's choice when there is one to make (not once a table was
      // reached: a list asked for after that only names the table).
      guard !model.isNamed, !moving, destination == nil else { return [] }
      if count > 1 || choosing {
        choosing = true
        return []
      }
      // A hall of one table: a connection that never moved is at table 1.
      if model.table == nil { model.table = 1 }
      return [askForName()]
    case (.tables, .error):
      // A server of one table, which knows no hall.
      watchingHall = false
      choosing = false
      return model.isNamed || moving ? [] : [askForName()]
    case (.join, .ok(.join(let table, _, _))), (.open, .ok(.open(let table, _, _))):
      (moving, watchingHall, choosing) = (false, false, false)
      destination = "\(table)"
      // A table opened since the hall was listed: its listing, for its name on the screen.
      let look: [SessionAction] = lobby && model.hall[table] == nil ? [.send(.tables(watch: false), id: .tables)] : []
      return (model.isNamed ? [] : [askForName()]) + look
    case (.join, .error(let error)), (.open, .error(let error)):
      moving = false
      let actions = model.cancelMove().map { SessionAction.send($0.command, id: nil) }
      guard !model.isNamed else { return actions }
      destination = nil
      guard lobby else { return end(.tableRefused(error.text)) }
      choosing = true
      return actions + (watchingHall ? [] : watchHall())
    default:
      return []
    }
  }
}
