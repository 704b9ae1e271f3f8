/// A connection as the game host knows it: a number the I/O shell hands out.
public struct ClientID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let value: Int

  public init(_ value: Int) {
    self.value = value
  }

  public static func < (lhs: ClientID, rhs: ClientID) -> Bool { lhs.value < rhs.value }

  public var description: String { "#\(value)" }
}

/// Something the I/O shell must do for the game host, in order.
public enum HostAction: Equatable, Sendable {
  /// Write a line (the shell adds the line end).
  case send(ClientID, String)
  /// Write text with no line end: the human prompt.
  case prompt(ClientID, String)
  /// The connection has named itself: it is no longer idle.
  case identified(ClientID)
  /// Flush what is queued for the connection, then close it.
  case close(ClientID)
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
