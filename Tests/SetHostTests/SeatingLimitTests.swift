import SetCore
import SetHost
import Testing

@Suite("How often one address may take a seat")
struct SeatingLimitTests {
  /// Whether `limit` lets `address` sit at `ms`, counting it if so.
  static func allow(_ limit: inout SeatingLimit, _ address: String, at ms: Int64) -> Bool {
    limit.allow(address, at: Instant(milliseconds: ms))
  }

  @Test("two limits are equal only when their windows began at the same time too")
  func equalityCountsTheWindowStarts() {
    var early = SeatingLimit(perMinute: 2)
    var late = SeatingLimit(perMinute: 2)
    var same = SeatingLimit(perMinute: 2)
    let seated = [
      Self.allow(&early, "10.0.0.1", at: 0), Self.allow(&late, "10.0.0.1", at: 50_000),
      Self.allow(&same, "10.0.0.1", at: 0),
    ]
    #expect(seated == [true, true, true])
    #expect(early != late, "the same count, but early's window ends 50 s sooner")
    #expect(same == early)
  }

  @Test("at most perMinute seatings in a window that begins with one; a new window after a minute")
  func windows() {
    var limit = SeatingLimit(perMinute: 2)
    let answers = [
      Self.allow(&limit, "a", at: 0), Self.allow(&limit, "a", at: 59_000), Self.allow(&limit, "a", at: 59_999),
      Self.allow(&limit, "b", at: 59_999), Self.allow(&limit, "a", at: 60_000),
    ]
    #expect(answers == [true, true, false, true, true])
    var none = SeatingLimit(perMinute: 0)
    #expect(!Self.allow(&none, "a", at: 0))
  }
}
