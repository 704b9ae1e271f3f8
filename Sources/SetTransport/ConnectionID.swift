/// Names one connection for its whole life, from the transport to the game host. Never reused within a server.
public struct ConnectionID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The number, counting up from 1 in the order connections were accepted.
  public let rawValue: UInt64

  /// The ID numbered `rawValue` (for test doubles; a server makes its own).
  public init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// The ID numbered `rawValue`: `ConnectionID(1)` in tests and hosts.
  public init(_ rawValue: UInt64) {
    self.rawValue = rawValue
  }

  public var description: String { "#\(rawValue)" }

  public static func < (lhs: ConnectionID, rhs: ConnectionID) -> Bool { lhs.rawValue < rhs.rawValue }
}
