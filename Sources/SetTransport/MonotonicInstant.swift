/// A point on a monotonic clock, in nanoseconds from an arbitrary origin: the time the transport's
/// state machines take as a value. Only a shell reads a real clock; tests make their own instants.
public struct MonotonicInstant: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// Nanoseconds since the clock's origin.
  public var nanoseconds: Int64

  /// The instant `nanoseconds` after the clock's origin.
  public init(nanoseconds: Int64) {
    self.nanoseconds = nanoseconds
  }

  /// The clock's origin.
  public static let zero = MonotonicInstant(nanoseconds: 0)

  /// Whole milliseconds since the origin, rounded down (what `TokenBucket` counts in).
  public var milliseconds: Int64 { nanoseconds / 1_000_000 }

  /// The instant `duration` later (earlier, if negative).
  public func advanced(by duration: Duration) -> MonotonicInstant {
    MonotonicInstant(nanoseconds: nanoseconds + duration.wholeNanoseconds)
  }

  /// The time from `other` to this instant.
  public func duration(since other: MonotonicInstant) -> Duration {
    .nanoseconds(nanoseconds - other.nanoseconds)
  }

  public var description: String { "\(nanoseconds)ns" }

  public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

  public static func + (lhs: MonotonicInstant, rhs: Duration) -> MonotonicInstant { lhs.advanced(by: rhs) }
}

extension Duration {
  /// This duration in whole nanoseconds, rounded toward zero.
  package var wholeNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }

  /// This duration in whole milliseconds, rounded toward zero.
  package var wholeMilliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }
}
