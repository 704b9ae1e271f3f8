import SetCore

/// How a player finds sets, after what research on Set players describes (Jacob and Hochstein, 2008):
/// every set on the table runs in a "horse race", each found after its own random time, and the player
/// sees whichever comes home first. So more sets on the table mean a quicker find, and a set whose cards
/// share more features (all red, all ovals) is found sooner than one whose cards differ in every feature.
/// A player also overlooks a set now and then, and sometimes calls Set on three cards that are not one.
public struct BotSkill: Equatable, Sendable {
  /// The least time before any set is seen: taking in a table that changed, in milliseconds.
  public var glance: Int64
  /// The mean further time to find one set whose cards differ in every feature, in milliseconds; each
  /// feature the three cards share shortens it (see `sharedFeatureSpeedUp`).
  public var search: Int64
  /// Chance in a thousand that a set on the table is overlooked while the table stays as it is.
  public var overlooks: Int
  /// Chance in a thousand that a claim is of three cards that are not a set.
  public var falseClaims: Int
  /// How long it looks, seeing no set, before asking for cards, in milliseconds.
  public var giveUp: ClosedRange<Int64>
  /// Time between its picks, in milliseconds.
  public var pickStep: Int64

  /// A skill with the given speed and error rates.
  public init(
    glance: Int64, search: Int64, overlooks: Int, falseClaims: Int, giveUp: ClosedRange<Int64>, pickStep: Int64
  ) {
    self.glance = glance
    self.search = search
    self.overlooks = overlooks
    self.falseClaims = falseClaims
    self.giveUp = giveUp
    self.pickStep = pickStep
  }

  /// A player who finds a set exactly `milliseconds` after the table changes, never misses one and
  /// never claims wrongly: the steady person the levels are measured against.
  public static func steady(every milliseconds: Int64) -> BotSkill {
    BotSkill(
      glance: milliseconds, search: 0, overlooks: 0, falseClaims: 0, giveUp: milliseconds...milliseconds,
      pickStep: 300)
  }

  /// The search time, in thousandths, for a set whose three cards share 0, 1, 2 or 3 features.
  public static let sharedFeatureSpeedUp: [Int64] = [1_000, 700, 500, 350]

  /// How many of the four features (number, colour, shading, shape) the three cards share.
  public static func sharedFeatures(_ set: [Card]) -> Int {
    let features: [(Card) -> Int] = [\.number, \.colour, \.shading, \.shape]
    return features.filter { feature in set.allSatisfy { feature($0) == feature(set[0]) } }.count
  }

  /// Runs the race among `sets`: the set found first and after how many milliseconds, or nil when every
  /// one of them was overlooked.
  public func race(_ sets: [[Card]], using random: inout SplitMix64) -> (set: [Card], after: Int64)? {
    var best: (set: [Card], after: Int64)?
    for set in sets {
      let overlooked = overlooks > 0 && random.draw(below: 1_000) < overlooks
      let mean = search * Self.sharedFeatureSpeedUp[Self.sharedFeatures(set)] / 1_000
      let after = glance + Int64(Self.exponential(mean: Double(mean), using: &random))
      if !overlooked, after < best?.after ?? .max { best = (set, after) }
    }
    return best
  }

  /// A draw from the exponential distribution with the given mean: the waiting time of a memoryless
  /// search.
  static func exponential(mean: Double, using random: inout SplitMix64) -> Double {
    // Uniform in (0, 1]: never 0, whose logarithm is infinite.
    let uniform = Double((random.next() >> 11) + 1) / 9_007_199_254_740_992
    return -Elementary.log(uniform) * mean
  }
}
