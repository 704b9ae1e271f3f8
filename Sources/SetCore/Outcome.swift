/// What a call to the match caused: its events in order, and the next deadline if one runs.
public struct Outcome: Equatable, Sendable {
  /// The events, in the order they happened: first those time made due by the call's time (a window
  /// that ran out, a seat forfeited), then those the command itself caused.
  public var events: [MatchEvent]
  /// How many of `events`, from the first, time made due before the command was judged.
  public var dueCount: Int
  /// When `Match.advance(to:)` should next be called, or nil.
  public var deadline: Instant?

  /// An outcome of `events`, the first `dueCount` of them made due by time.
  public init(events: [MatchEvent], dueCount: Int = 0, deadline: Instant?) {
    self.events = events
    self.dueCount = dueCount
    self.deadline = deadline
  }

  /// The events time made due before the command was judged.
  public var due: ArraySlice<MatchEvent> { events[..<dueCount] }

  /// The events the command itself caused.
  public var caused: ArraySlice<MatchEvent> { events[dueCount...] }
}
