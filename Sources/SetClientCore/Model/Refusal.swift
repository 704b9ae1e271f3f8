import SetCore
import SetProtocol

/// A request the server refused, and when the refusal came.
public struct Refusal: Equatable, Sendable {
  public var error: ProtocolError
  public var at: Instant

  public init(error: ProtocolError, at: Instant) {
    self.error = error
    self.at = at
  }
}
