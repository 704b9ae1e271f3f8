import SetTransport

/// Something the I/O shell must do for the game host, in order. Lines are grouped already: the shell
/// encodes and writes them, and never regroups or compares them.
public enum HostAction: Equatable, Sendable {
  /// Write these lines to the connection, in order, each with its line end: everything the host has
  /// for it in a row (a reply, the lines before it, an event in words and the status after it).
  case lines(ConnectionID, [String])
  /// Write the same lines to each of the connections, in the order given: the machine-presentation
  /// clients of one broadcast, written in a row. The shell encodes the lines once for all of them.
  case broadcast([ConnectionID], [String])
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

extension HostAction {
  /// Each connection this action writes lines to, with its lines, in the order they are written: none
  /// unless the action is `.lines` or `.broadcast`.
  public var deliveries: [(to: ConnectionID, lines: [String])] {
    switch self {
    case .lines(let id, let lines): [(id, lines)]
    case .broadcast(let ids, let lines): ids.map { ($0, lines) }
    default: []
    }
  }

  /// The lines this action writes to `id`, in order: none unless it is `.lines` or `.broadcast` for `id`.
  public func lines(to id: ConnectionID) -> [String] {
    switch self {
    case .lines(id, let lines): lines
    case .broadcast(let ids, let lines) where ids.contains(id): lines
    default: []
    }
  }
}
