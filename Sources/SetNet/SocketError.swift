import Glibc
import SetTransport

/// A socket call that failed, with the `errno` it left.
public struct SocketError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The call or step that failed, such as "bind" or "connect".
  public var operation: String
  /// The `errno` value.
  public var code: Int32

  /// The failure of `operation` with `code`.
  public init(_ operation: String, code: Int32) {
    self.operation = operation
    self.code = code
  }

  /// The failure of `operation` with the current `errno`.
  package static func last(_ operation: String) -> SocketError {
    SocketError(operation, code: errno)
  }

  public var description: String { "\(operation): \(String(cString: strerror(code))) (errno \(code))" }
}
