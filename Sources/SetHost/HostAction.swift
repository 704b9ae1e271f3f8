import SetTransport

/// Something the I/O shell must do for the game host, in order.
public enum HostAction: Equatable, Sendable {
  /// Write a line (the shell adds the line end).
  case send(ConnectionID, String)
  /// Write text with no line end: the human prompt.
  case prompt(ConnectionID, String)
  /// The connection has named itself: it is no longer idle.
  case identified(ConnectionID)
  /// Flush what is queued for the connection, then close it.
  case close(ConnectionID)
  /// Flush what is queued, then end the connection at once: the peer asked to leave (`QUIT`).
  case hangUp(ConnectionID)
  /// A log line.
  case log(LogLevel, String)
  /// A line for the game record (see `GameRecord`), to be written through at once.
  case record(String)
}

/// How much the server logs, from most to least.
public enum LogLevel: Int, Comparable, CaseIterable, Sendable {
  case debug, info, warning, error

  public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The level a name (`debug`, `info`, `warning`, `error`) stands for.
  public init?(name: String) {
    guard let level = Self.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
    self = level
  }

  /// The level's name.
  public var name: String { ["debug", "info", "warning", "error"][rawValue] }
}
