/// When to try again after a dropped connection: a delay that doubles from `first` up to `longest`,
/// for at most `attempts` tries. The default keeps trying for a little longer than the server holds a
/// seat (60 s), so a player whose link comes back in time always gets the seat back. A connection on
/// which the table has not said its banner `answerWithin` after it opened counts as dropped: a link that
/// connects and then goes dead, or a server too busy to answer, is tried again rather than waited on for
/// ever. Pure and testable.
public struct ReconnectPolicy: Equatable, Sendable {
  /// The delay before the first try, in milliseconds.
  public var first: Int64
  /// The longest delay between tries, in milliseconds.
  public var longest: Int64
  /// How many tries before giving up.
  public var attempts: Int
  /// How long an open connection waits for the table's banner before it counts as dropped, in
  /// milliseconds.
  public var answerWithin: Int64

  public init(first: Int64 = 250, longest: Int64 = 4_000, attempts: Int = 20, answerWithin: Int64 = 10_000) {
    self.first = first
    self.longest = longest
    self.attempts = attempts
    self.answerWithin = answerWithin
  }

  /// Quick tries for tests: 50 ms apart, a few times; a banner waited for 5 s, as a busy machine may
  /// take a while to answer.
  public static let quick = ReconnectPolicy(first: 50, longest: 200, attempts: 6, answerWithin: 5_000)

  /// The delay before try `attempt` (from 1), or nil when there are no tries left.
  public func delay(before attempt: Int) -> Int64? {
    guard attempt >= 1, attempt <= attempts else { return nil }
    var delay = first
    for _ in 1..<attempt where delay < longest { delay *= 2 }
    return min(delay, longest)
  }
}
