import SetProtocol

extension Mood {
  /// The face the terminal client draws beside a player's name (`MOOD`), in plain ASCII so that every
  /// terminal gives it five columns: looking `(o.o)`, sure `(*_*)`, glad `(^_^)`, beaten `(;_;)`.
  public var face: String {
    switch self {
    case .looking: "(o.o)"
    case .sure: "(*_*)"
    case .glad: "(^_^)"
    case .beaten: "(;_;)"
    }
  }
}
