/// When to try again after a dropped connection: a delay that doubles from `first` up to `longest`,
/// for at most `attempts` tries, or, for a session that holds a seat, as many more as the table holds
/// it (`attempts(holding:)`), so a player whose link comes back in time always gets the seat back. A connection on
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

  /// The delay before try `attempt` (from 1) of `attempts`, or nil when there are no tries left.
  public func delay(before attempt: Int) -> Int64? {
    delay(before: attempt, of: attempts)
  }

  /// The delay before try `attempt` (from 1) of `limit`, or nil when there are no tries left.
  public func delay(before attempt: Int, of limit: Int) -> Int64? {
    guard attempt >= 1, attempt <= limit else { return nil }
    var delay = first
    var doubled = 1
    while doubled < attempt && delay < longest {
      delay = delay > longest / 2 ? longest : delay * 2
      doubled += 1
    }
    return min(delay, longest)
  }

  /// How many tries a session makes for a seat the table holds for `grace` milliseconds (its
  /// `resumeGrace`): enough that the waits between them add up to the whole hold, and never fewer
  /// than `attempts`. So a player whose link comes back while the seat is held gets it back, however
  /// long the table holds it and however quickly the tries fail meanwhile (refused while the link
  /// is down, say). A try that comes after the hold is answered that the seat is gone.
  public func attempts(holding grace: Int64) -> Int {
    guard first > 0, longest > 0 else { return attempts }
    var count = 0
    var waited: Int64 = 0
    // The doubling waits one by one (at most 63 of them), then as many of the longest as it takes.
    while waited < grace, let delay = delay(before: count + 1, of: .max), delay < longest {
      count += 1
      waited += delay
    }
    if waited < grace {
      let remaining = grace - waited
      count += Int(remaining / longest + (remaining % longest == 0 ? 0 : 1))
    }
    return max(attempts, count)
  }
}
