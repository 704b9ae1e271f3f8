extension ConnectionStateMachine {
  /// One server's `Limits`, made once and held by reference by each of its connections' machines: ten
  /// thousand idle connections share one copy rather than holding 80 bytes of it each.
  public final class SharedLimits: Sendable {
    public let limits: Limits

    public init(_ limits: Limits) {
      self.limits = limits
    }
  }
}
