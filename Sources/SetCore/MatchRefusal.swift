/// A command the match refused, with what the passing of time made happen before it was judged.
///
/// A command that arrives at or after the match's deadline finds that deadline handled first (a window
/// running out, a seat forfeited), and is judged on the state that leaves. Refused, it changes nothing
/// more: `due` holds the events time made due, which the caller passes on like any others, so they are
/// neither lost nor handled twice. Before the deadline, `due` holds no events.
public struct MatchRefusal: Error, Equatable, Sendable {
  /// Why the command was refused, true of the match after what was due.
  public var reason: MatchError
  /// What time made due by the command's time, with the next deadline.
  public var due: Outcome

  /// A refusal for `reason`, after `due`.
  public init(_ reason: MatchError, due: Outcome) {
    self.reason = reason
    self.due = due
  }
}
