import SetCore
import SetProtocol
import SetTransport

/// Something the I/O shell must do for the hall, in order: a table's host action, or what only a hall
/// asks for (a table's record line, a table opened or closed, a computer player to seat).
public enum HallAction: Equatable, Sendable {
  /// What a table's host asks, other than recording (see `record`).
  case host(HostAction)
  /// A line for table `table`'s game record, written through at once.
  case record(table: Int, line: String)
  /// A table opened: the shell makes its record, and writes `HallRecordLine.open` to the hall's.
  case opened(HallTableInfo)
  /// A table closed: the shell ends its record, and writes `HallRecordLine.close` to the hall's.
  case closed(table: Int)
  /// Lines for the tournament's record, written through at once.
  case tournamentRecord([String])
  /// Seat a computer player of `level` named `name` at table `table`, as a client of the server.
  case seatBot(table: Int, level: BotLevel, name: String, token: String? = nil)
}

/// What a table of a hall is opened with, as the hall's record keeps it: enough to open it again.
public struct HallTableInfo: Equatable, Sendable {
  public var id: Int
  public var name: String
  public var rules: Rules
  public var seed: UInt64
  /// The computer player the server seats at it, if any.
  public var bot: BotLevel?

  public init(id: Int, name: String, rules: Rules, seed: UInt64, bot: BotLevel? = nil) {
    self.id = id
    self.name = name
    self.rules = rules
    self.seed = seed
    self.bot = bot
  }
}
