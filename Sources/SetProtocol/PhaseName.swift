import SetCore

/// Where a game stands, by the name the wire gives it in `OK STATE`: `waiting`, `open`, `claim`,
/// `turn`, `needless`, `paused` or `over`.
public enum PhaseName: String, CaseIterable, Equatable, Sendable {
  case waiting
  case open
  case claim
  case turn
  case needless
  case paused
  case over

  /// The name of a running window of `kind`.
  public init(_ kind: Window.Kind) {
    self =
      switch kind {
      case .claim: .claim
      case .passedTurn: .turn
      case .needlessDeal: .needless
      }
  }

  /// The name of a match's phase.
  public init(_ phase: Phase) {
    switch phase {
    case .waiting: self = .waiting
    case .open: self = .open
    case .window(let window): self.init(window.kind)
    case .paused: self = .paused
    case .over: self = .over
    }
  }

  /// The kind of window this phase names, or nil when it names no window.
  public var windowKind: Window.Kind? {
    switch self {
    case .claim: .claim
    case .turn: .passedTurn
    case .needless: .needlessDeal
    case .waiting, .open, .paused, .over: nil
    }
  }
}
