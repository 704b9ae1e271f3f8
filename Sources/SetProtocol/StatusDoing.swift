import SetCore

/// What the human status line says can be done, as a value: two status lines tell the same thing
/// exactly when their values are equal, so a host tells a connection again only when its value changed,
/// without comparing sentences.
public struct StatusDoing: Equatable, Sendable {
  /// What the phase lets players do.
  public enum Kind: Equatable, Sendable {
    /// Before the first game: the status line says who is seated instead.
    case beforeFirstGame
    /// A table waiting for its players between games (a new pair sat down).
    case waiting
    case open
    /// The holder of a claim picks.
    case picking(Seat, name: String)
    /// The holder of a passed turn picks.
    case turn(Seat, name: String)
    case paused
    case over
  }

  public var kind: Kind
  /// The seat of the connection told, or nil for a spectator: "you" or a name.
  public var viewer: Seat?

  /// What `phase` lets players do, told to `viewer`; before the first game (`game` 0), nothing yet.
  public init(_ phase: Phase, game: Int, names: PerSeat<String>, viewer: Seat?) {
    self.viewer = viewer
    guard game > 0 else {
      kind = .beforeFirstGame
      return
    }
    switch phase {
    case .waiting: kind = .waiting
    case .open: kind = .open
    case .window(let window):
      kind =
        window.kind == .claim
        ? .picking(window.holder, name: names[window.holder]) : .turn(window.holder, name: names[window.holder])
    case .paused: kind = .paused
    case .over: kind = .over
    }
  }
}
