/// The settings of a match, each a named rule. `Rules()` is the standard game.
public struct Rules: Equatable, Sendable {
  /// Cards dealt at the start, and the size the table is refilled to after a set.
  public var tableSize = 12
  /// How long a claimer has to pick three cards after calling Set.
  public var claimWindow: Int64 = 5_000
  /// How long the opponent has after a wrong pick or an expired claim (double the claim window).
  public var passedTurnWindow: Int64 = 10_000
  /// How long the opponent has after a needless deal (1.5 times the claim window).
  public var needlessDealWindow: Int64 = 7_500
  /// How long a seat is held for a player who left before the game is forfeited.
  public var resumeGrace: Int64 = 60_000
  /// Points for a set found.
  public var setReward = 1
  /// Points lost for a wrong pick in a claim window or a passed turn.
  public var wrongPickPenalty = 1
  /// Points lost when a claim window runs out.
  public var claimExpiredPenalty = 1
  /// Points lost for asking for cards while a set is on the table.
  public var needlessDealPenalty = 1
  /// How a set found is scored: `.sets` (every set alike) or `.speed` (faster sets score more).
  public var scoring = Scoring.sets
  /// Whether a pick in open play calls Set first, so `PICK A B C` alone is a whole claim.
  public var pickClaims = true
  /// The game played: its deck, table, groups and what follows a group (see `Variant`).
  public var variant = Variant.normal
  /// The number of groups that wins the game at once, or nil to play until the deck is done.
  public var firstTo: Int?

  /// The standard rules.
  public init() {}

  /// The standard rules for `variant`, its table size included, ending at `firstTo` groups if given.
  public init(variant: Variant, firstTo: Int? = nil) {
    self.variant = variant
    self.firstTo = firstTo
    tableSize = variant.tableSize
  }

  /// The standard rules with another claim window; the passed-turn window stays twice and the
  /// needless-deal window one and a half times as long.
  public init(claimWindow: Int64) {
    self.claimWindow = claimWindow
    passedTurnWindow = claimWindow * 2
    needlessDealWindow = claimWindow * 3 / 2
  }
}
