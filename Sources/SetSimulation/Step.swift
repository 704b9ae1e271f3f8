import SetCore

/// One call the simulation made on the match, with the match before and after it: what an observer
/// checks invariants on.
public struct Step: Sendable {
  /// What the simulation asked of the match.
  public enum Action: Equatable, Sendable {
    /// `Match.apply(_:by:at:)` with this command from this seat.
    case command(MatchCommand, Seat)
    /// `Match.advance(to:)`, as a shell's timer firing at the deadline.
    case advance
  }

  /// The step's number in the game, from 1.
  public var number: Int
  /// What was asked.
  public var action: Action
  /// The virtual time it was asked at.
  public var time: Instant
  /// For a command sent on purpose to be refused, the error the match must throw; nil for a command
  /// the simulation expects to be carried out.
  public var expectedError: MatchError?
  /// What the match answered.
  public var result: Result<Outcome, MatchRefusal>
  /// The match just before the call.
  public var before: Match
  /// The match just after the call.
  public var after: Match

  /// The events the call caused; for a refused command, only those time made due before it.
  public var events: [MatchEvent] {
    switch result {
    case .success(let outcome): outcome.events
    case .failure(let refusal): refusal.due.events
    }
  }
}
