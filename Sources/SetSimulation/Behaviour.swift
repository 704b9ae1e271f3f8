/// How the two simulated players behave.
///
/// Each chance is out of 1,000 and is drawn from the simulation's own seeded generator whenever the
/// decision comes up, so a seed and a behaviour fix the whole game.
public struct Behaviour: Equatable, Sendable {
  /// Going for cards, the chance of picking three that are not a set.
  public var wrongPick: Int
  /// In open play with no set on the table, the chance of calling Set anyway instead of asking for cards.
  public var blindClaim: Int
  /// The chance of calling Set before picking, rather than letting the first pick claim.
  public var explicitClaim: Int
  /// The chance of picking one card at a time rather than all the needed cards at once.
  public var onePick: Int
  /// Picking one at a time, the chance of first picking a card outside the plan and taking it back.
  public var unpick: Int
  /// The chance that a window's holder lets it run out.
  public var timeout: Int
  /// The chance that a window's holder calls Set only after the window ran out, before a timer fired.
  public var late: Int
  /// In open play with a set on the table, the chance of asking for cards anyway.
  public var needlessDeal: Int
  /// At each turn, the chance that a player leaves the table for a while.
  public var leave: Int
  /// When a player is away, the chance they stay away until the seat is forfeited.
  public var forfeit: Int
  /// At each turn, the chance of also sending a command the match must refuse.
  public var probe: Int
  /// The longest a player thinks before a command, in milliseconds.
  public var maxThink: Int64

  /// A behaviour with the given chances; any left out is 0.
  public init(
    wrongPick: Int = 0, blindClaim: Int = 0, explicitClaim: Int = 0, onePick: Int = 0, unpick: Int = 0,
    timeout: Int = 0, late: Int = 0, needlessDeal: Int = 0, leave: Int = 0, forfeit: Int = 0, probe: Int = 0,
    maxThink: Int64 = 2_000
  ) {
    self.wrongPick = wrongPick
    self.blindClaim = blindClaim
    self.explicitClaim = explicitClaim
    self.onePick = onePick
    self.unpick = unpick
    self.timeout = timeout
    self.late = late
    self.needlessDeal = needlessDeal
    self.leave = leave
    self.forfeit = forfeit
    self.probe = probe
    self.maxThink = maxThink
  }

  /// Players who always see a set at once, pick it in one go and ask for cards only when none is there.
  public static let perfect = Behaviour()

  /// Players who make every kind of move: mostly right, sometimes wrong, slow, needless or away.
  public static let mixed = Behaviour(
    wrongPick: 150, blindClaim: 100, explicitClaim: 400, onePick: 400, unpick: 200, timeout: 80,
    needlessDeal: 80, leave: 15, forfeit: 40, probe: 100)
}
