import SetTransport
import Testing

@Suite struct TokenBucketTests {
  private let configuration = TokenBucket.Configuration(
    linesPerSecond: 10, burst: 5, floodRefusals: 3, floodWindowMilliseconds: 1000)

  @Test func startsFullAndRefusesPastTheBurst() {
    var bucket = TokenBucket(configuration: configuration)
    let taken = (0..<6).map { _ in bucket.take(now: 1000) }
    #expect(taken == [true, true, true, true, true, false])
  }

  @Test func refillsAtTheRate() {
    var bucket = TokenBucket(configuration: configuration)
    for _ in 0..<5 {
      _ = bucket.take(now: 0)
    }
    // 10 per second: one every 100 ms.
    let taken = [bucket.take(now: 99), bucket.take(now: 100), bucket.take(now: 100)]
    #expect(taken == [false, true, false])
    let tokens = bucket.tokens(now: 350)
    #expect(tokens == 2)
  }

  @Test func neverHoldsMoreThanTheBurst() {
    var bucket = TokenBucket(configuration: configuration)
    _ = bucket.take(now: 0)
    let tokens = bucket.tokens(now: 1_000_000_000)
    #expect(tokens == 5)
  }

  @Test func aClockGoingBackAddsNothing() {
    var bucket = TokenBucket(configuration: configuration)
    for _ in 0..<5 {
      _ = bucket.take(now: 10_000)
    }
    let taken = bucket.take(now: 5_000)
    let tokens = bucket.tokens(now: 10_000)
    #expect(!taken)
    #expect(tokens == 0)
  }

  @Test func manyRefusalsWithinTheWindowAreAFlood() {
    var bucket = TokenBucket(configuration: configuration)
    for _ in 0..<5 {
      _ = bucket.take(now: 0)
    }
    let refused = (0..<3).map { _ in bucket.take(now: 0) }
    #expect(refused == [false, false, false])
    #expect(!bucket.isFlooding)
    let taken = bucket.take(now: 50)
    #expect(!taken)
    #expect(bucket.isFlooding)
  }

  @Test func refusalsSpreadOverTimeAreNotAFlood() {
    var bucket = TokenBucket(configuration: configuration)
    var now: Int64 = 0
    for _ in 0..<5 {
      _ = bucket.take(now: now)
    }
    // One refusal every half second, for a minute: past the rate, but never 4 refusals in one window.
    var refusals = 0
    for _ in 0..<120 {
      now += 500
      for _ in 0..<6 where !bucket.take(now: now) {
        refusals += 1
      }
    }
    #expect(refusals == 120)
    #expect(!bucket.isFlooding)
  }
}
