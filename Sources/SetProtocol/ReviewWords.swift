import SetCore

/// A finished game's review in words, shared by the server's human presentation, `setduel analyse`
/// and the terminal client's game-over screen.
public enum ReviewWords {
  /// The short summary for one player, in sentences, such as `4 sets went to bob or to nobody while
  /// you could have taken them. The longest a set waited for you: 22 s. Your wrong picks broke on
  /// shading 3 times.`: the sets missed (each was found by `other`, the other player, or went unfound),
  /// the longest a set stayed on the table without this player taking it, and the feature that broke
  /// the most wrong picks (`wrongPicksBy` in `Feature` order).
  public static func summary(missed: Int, other: String, longestUnseenMs: Int64?, wrongPicksBy: [Int]) -> String {
    var words =
      missed == 0
      ? "You missed no sets."
      : "\(Counted.of(missed, "set")) went to \(other) or to nobody while you could have taken "
        + (missed == 1 ? "it." : "them.")
    if missed > 0, let longest = longestUnseenMs {
      words += " The longest a set waited for you: \(HumanText.seconds(longest))."
    }
    guard wrongPicksBy.count == Feature.allCases.count else { return words }
    let worst = Feature.allCases.max { wrongPicksBy[$0.rawValue] < wrongPicksBy[$1.rawValue] }
    if let worst, wrongPicksBy[worst.rawValue] > 0 {
      let n = wrongPicksBy[worst.rawValue]
      words += " Your wrong picks broke on \(worst.name) \(n == 1 ? "once" : "\(n) times")."
    }
    return words
  }

  /// Milliseconds from a game's start as `m:ss.s`.
  public static func clock(_ ms: Int64) -> String {
    let tenths = (max(0, ms) + 50) / 100
    let seconds = tenths / 10 % 60
    return "\(tenths / 600):\(seconds < 10 ? "0" : "")\(seconds).\(tenths % 10)"
  }
}
