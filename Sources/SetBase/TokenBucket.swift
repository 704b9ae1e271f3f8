/// A rate limiter over an injected clock: a bucket of `burst` tokens refilled at `linesPerSecond`.
///
/// Each line takes a token; a line that finds the bucket empty is refused. The bucket also tells a
/// sustained flood from a burst: more than `floodRefusals` refusals within `floodWindowMilliseconds`
/// sets `isFlooding`, for good. A pure value: time only moves when the caller passes a later `now`.
public struct TokenBucket: Sendable {
  /// How fast lines may come, and how many refusals make a flood.
  public struct Configuration: Sendable, Equatable {
    /// Tokens added per second: the sustained rate allowed. Default 20.
    public var linesPerSecond: Int
    /// The most tokens the bucket holds, and what it starts with: the burst allowed. Default 40.
    public var burst: Int
    /// More refusals than this within `floodWindowMilliseconds` make a flood. Default 100.
    public var floodRefusals: Int
    /// The span over which refusals are counted, starting at the first refusal. Default 10 000.
    public var floodWindowMilliseconds: Int64

    /// A configuration; every value must be positive.
    public init(
      linesPerSecond: Int = 20, burst: Int = 40, floodRefusals: Int = 100, floodWindowMilliseconds: Int64 = 10_000
    ) {
      precondition(linesPerSecond > 0 && burst > 0 && floodRefusals > 0 && floodWindowMilliseconds > 0)
      self.linesPerSecond = linesPerSecond
      self.burst = burst
      self.floodRefusals = floodRefusals
      self.floodWindowMilliseconds = floodWindowMilliseconds
    }
  }

  /// The limits in force.
  public let configuration: Configuration
  /// Whether the refusals amount to a sustained flood. Once set, stays set.
  public private(set) var isFlooding = false

  /// Tokens in thousandths: a refill of `linesPerSecond` per second is that many thousandths per millisecond.
  private var milliTokens: Int64
  private var lastRefill: Int64?
  private var refusals = 0
  private var windowStart: Int64 = 0

  /// A full bucket.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
    milliTokens = Int64(configuration.burst) * 1000
  }

  /// Takes a token at `now` (milliseconds on a monotonic clock): true if there was one.
  public mutating func take(now: Int64) -> Bool {
    refill(now: now)
    if milliTokens >= 1000 {
      milliTokens -= 1000
      return true
    }
    if refusals == 0 || now - windowStart >= configuration.floodWindowMilliseconds {
      windowStart = now
      refusals = 0
    }
    refusals += 1
    if refusals > configuration.floodRefusals {
      isFlooding = true
    }
    return false
  }

  /// Whole tokens left at `now`.
  public mutating func tokens(now: Int64) -> Int {
    refill(now: now)
    return Int(milliTokens / 1000)
  }

  private mutating func refill(now: Int64) {
    guard let last = lastRefill else {
      lastRefill = now
      return
    }
    guard now > last else {
      return  // The clock did not move (or went back): nothing to add.
    }
    lastRefill = now
    let capacity = Int64(configuration.burst) * 1000
    let elapsed = min(now - last, 1 << 32)
    milliTokens = min(capacity, milliTokens + elapsed * Int64(configuration.linesPerSecond))
  }
}
