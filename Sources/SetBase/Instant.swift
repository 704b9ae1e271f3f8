/// A moment on a monotonic clock, in nanoseconds from an origin the caller chooses: the one time type
/// of the pure modules. Only a shell reads a real clock; everything else takes an `Instant` as a value.
///
/// The rules never read a clock: every command carries the `Instant` it happened at, and the rules
/// answer with the `Instant` of the next deadline. Windows are whole milliseconds long, but instants
/// keep the nanosecond, so a window runs its whole length from the instant its claim was judged.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Nanoseconds since the caller's origin.
  public var nanoseconds: Int64

  /// The instant `nanoseconds` after the origin.
  public init(nanoseconds: Int64) {
    self.nanoseconds = nanoseconds
  }

  /// The instant `milliseconds` after the origin.
  public init(milliseconds: Int64) {
    nanoseconds = milliseconds * 1_000_000
  }

  /// The origin.
  public static let zero = Instant(nanoseconds: 0)

  /// Whole milliseconds since the origin, rounded down (toward minus infinity; a clock's readings,
  /// never before its origin, lose their fraction of a millisecond).
  public var milliseconds: Int64 { nanoseconds.dividedRoundingDown(by: 1_000_000) }

  /// The nanoseconds past the last whole millisecond, 0 to 999,999.
  public var nanosecondsPastMillisecond: Int64 { nanoseconds - milliseconds * 1_000_000 }

  /// This instant moved later by `milliseconds`.
  public func adding(milliseconds: Int64) -> Instant {
    Instant(nanoseconds: nanoseconds + milliseconds * 1_000_000)
  }

  /// Whole milliseconds from `earlier` to this instant, rounded toward zero.
  public func milliseconds(since earlier: Instant) -> Int64 {
    (nanoseconds - earlier.nanoseconds) / 1_000_000
  }

  /// Milliseconds from `earlier` to this instant, rounded up: a wait this long never falls short.
  public func millisecondsRoundedUp(since earlier: Instant) -> Int64 {
    -(earlier.nanoseconds - nanoseconds).dividedRoundingDown(by: 1_000_000)
  }

  /// The instant `duration` later (earlier, if negative), to the whole nanosecond.
  public func advanced(by duration: Duration) -> Instant {
    Instant(nanoseconds: nanoseconds + duration.wholeNanoseconds)
  }

  /// The time from `other` to this instant.
  public func duration(since other: Instant) -> Duration {
    .nanoseconds(nanoseconds - other.nanoseconds)
  }

  public var description: String { "\(nanoseconds)ns" }

  public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

  public static func + (lhs: Instant, rhs: Duration) -> Instant { lhs.advanced(by: rhs) }
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

extension Int64 {
  /// The quotient rounded toward minus infinity (`/` rounds toward zero).
  fileprivate func dividedRoundingDown(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return self % divisor < 0 ? quotient - 1 : quotient
  }
}
