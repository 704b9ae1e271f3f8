/// An exclusive time in which one player alone may pick.
public struct Window: Equatable, Sendable {
  /// Why the window is open; it decides what failing costs.
  public enum Kind: String, Equatable, Sendable {
    /// The holder called Set. A wrong pick or running out costs a point and passes the turn.
    case claim
    /// The opponent failed; the holder has double time. A wrong pick costs a point, running out nothing.
    case passedTurn = "turn"
    /// The opponent asked for a needless deal; the holder may look for a set, with no penalty for failing.
    case needlessDeal = "needless"
  }

  /// Who may pick.
  public var holder: Seat
  /// Why the window is open.
  public var kind: Kind
  /// When it runs out.
  public var deadline: Instant
}
