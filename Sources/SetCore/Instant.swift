/// A moment on a monotonic clock, in milliseconds from an origin the caller chooses.
///
/// The rules never read a clock: every command carries the `Instant` it happened at, and the rules
/// answer with the `Instant` of the next deadline.
public struct Instant: Hashable, Comparable, Sendable {
  /// Milliseconds since the caller's origin.
  public var milliseconds: Int64

  /// The instant `milliseconds` after the origin.
  public init(milliseconds: Int64) {
    self.milliseconds = milliseconds
  }

  /// The origin.
  public static let zero = Instant(milliseconds: 0)

  /// This instant moved later by `milliseconds`.
  public func adding(milliseconds: Int64) -> Instant {
    Instant(milliseconds: self.milliseconds + milliseconds)
  }

  /// Milliseconds from `earlier` to this instant.
  public func milliseconds(since earlier: Instant) -> Int64 {
    milliseconds - earlier.milliseconds
  }

  public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.milliseconds < rhs.milliseconds }
}
