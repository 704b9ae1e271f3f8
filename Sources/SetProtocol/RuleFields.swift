import SetCore

/// A match's rules as `key=value` words, times in milliseconds and `pickClaims` 1 or 0:
///
///     tableSize=12 claimWindow=5000 passedTurnWindow=10000 needlessDealWindow=7500 resumeGrace=60000
///     setReward=1 wrongPickPenalty=1 claimExpiredPenalty=1 needlessDealPenalty=1 pickClaims=1
///
/// and `speedScoring=1` when a set scores more the faster it was found, `variant=NAME` for a game other
/// than `normal` and `firstTo=N` when the first to find N groups wins (each written only then).
///
/// The one spelling of the rules, used by the `RULES` data line and by a game record's `rules` line.
public enum RuleFields {
  /// Each key with how to read it from and write it to the rules.
  private static let fields:
    [(key: String, get: @Sendable (Rules) -> Int64, set: @Sendable (inout Rules, Int64) -> Void)] = [
      ("tableSize", { Int64($0.tableSize) }, { $0.tableSize = Int($1) }),
      ("claimWindow", { $0.claimWindow }, { $0.claimWindow = $1 }),
      ("passedTurnWindow", { $0.passedTurnWindow }, { $0.passedTurnWindow = $1 }),
      ("needlessDealWindow", { $0.needlessDealWindow }, { $0.needlessDealWindow = $1 }),
      ("resumeGrace", { $0.resumeGrace }, { $0.resumeGrace = $1 }),
      ("setReward", { Int64($0.setReward) }, { $0.setReward = Int($1) }),
      ("wrongPickPenalty", { Int64($0.wrongPickPenalty) }, { $0.wrongPickPenalty = Int($1) }),
      ("claimExpiredPenalty", { Int64($0.claimExpiredPenalty) }, { $0.claimExpiredPenalty = Int($1) }),
      ("needlessDealPenalty", { Int64($0.needlessDealPenalty) }, { $0.needlessDealPenalty = Int($1) }),
      ("pickClaims", { $0.pickClaims ? 1 : 0 }, { $0.pickClaims = $1 != 0 }),
      ("speedScoring", { $0.scoring == .speed ? 1 : 0 }, { $0.scoring = $1 != 0 ? .speed : .sets }),
    ]
  /// Keys written only when their value is not the standard one, and read as standard when missing,
  /// so words written before they existed still read.
  private static let optionalKeys: Set<String> = ["speedScoring"]
  /// The standard rules' values of the optional keys.
  private static let standard = Rules()

  /// The keys, in the order they are written.
  public static var keys: [String] { fields.map(\.key) + ["variant", "firstTo"] }

  /// The words for `rules`, one per key, in order.
  public static func encode(_ rules: Rules) -> [String] {
    fields.filter { !optionalKeys.contains($0.key) || $0.get(rules) != $0.get(standard) }
      .map { "\($0.key)=\($0.get(rules))" }
      + (rules.variant == .normal ? [] : ["variant=\(rules.variant.rawValue)"])
      + (rules.firstTo.map { ["firstTo=\($0)"] } ?? [])
  }

  /// The longest time a rule may set, in milliseconds (about 31 years): longer than any game, and short
  /// enough that a time plus a window can never overflow.
  public static let maxMilliseconds: Int64 = 1_000_000_000_000
  /// The most points a rule may give or take, so that no score can overflow.
  public static let maxPoints: Int64 = 1_000_000

  /// The rules in `words`, or nil when a key is missing or repeated, a value is not a whole number,
  /// the table size is not 3 to 21 in threes, a time is not 1 to `maxMilliseconds`, or points are past
  /// `maxPoints` either way. A key this version does not know refuses the words unless
  /// `ignoringUnknownKeys` (as a client reading a later server does).
  public static func decode(_ words: some Sequence<some StringProtocol>, ignoringUnknownKeys: Bool) -> Rules? {
    // By the fields' order: every game record has a rules line, and ten thousand are read at a start.
    var values = [Int64?](repeating: nil, count: fields.count)
    var variant: Variant?
    var firstTo: Int?
    for word in words {
      let parts = word.split(separator: "=", omittingEmptySubsequences: false)
      if parts.count == 2, parts[0] == "variant" {
        // A game this version does not know cannot be played or replayed, so it refuses the words.
        guard variant == nil, let named = Variant(rawValue: String(parts[1])) else { return nil }
        variant = named
        continue
      }
      if parts.count == 2, parts[0] == "firstTo" {
        guard firstTo == nil, let value = Int(parts[1]), value >= 1 else { return nil }
        firstTo = value
        continue
      }
      guard parts.count == 2, let value = Int64(parts[1]) else { return nil }
      guard let index = fields.firstIndex(where: { $0.key == parts[0] }) else {
        if ignoringUnknownKeys { continue } else { return nil }
      }
      guard values[index] == nil else { return nil }
      values[index] = value
    }
    var rules = Rules()
    for (index, field) in fields.enumerated() {
      guard let value = values[index] ?? (optionalKeys.contains(field.key) ? field.get(standard) : nil) else {
        return nil
      }
      field.set(&rules, value)
    }
    guard (3...21).contains(rules.tableSize), rules.tableSize % 3 == 0,
      [rules.claimWindow, rules.passedTurnWindow, rules.needlessDealWindow, rules.resumeGrace].allSatisfy({
        (1...maxMilliseconds).contains($0)
      }),
      [rules.setReward, rules.wrongPickPenalty, rules.claimExpiredPenalty, rules.needlessDealPenalty].allSatisfy({
        (-maxPoints...maxPoints).contains(Int64($0))
      })
    else { return nil }
    rules.variant = variant ?? .normal
    guard firstTo.map({ $0 <= rules.variant.maxGroups }) ?? true else { return nil }
    rules.firstTo = firstTo
    return rules
  }
}
