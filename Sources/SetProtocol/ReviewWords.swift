import SetCore

/// A finished game's review in words, shared by the server's human presentation, `setduel analyse`
/// and the terminal client's game-over screen.
public enum ReviewWords {
  /// The short summary for one player, such as `You missed 4 sets; one sat there 22 s. Your wrong
  /// picks broke on shading 3 times.`: sets missed, the longest a set stayed unseen, and the feature
  /// that broke the most wrong picks (`wrongPicksBy` in `Feature` order).
  public static func summary(missed: Int, longestUnseenMs: Int64?, wrongPicksBy: [Int]) -> String {
    var words =
      missed == 0
      ? "You missed no sets."
      : "You missed \(missed) set\(missed == 1 ? "" : "s")"
        + (longestUnseenMs.map { "; one sat there \(HumanText.seconds($0))." } ?? ".")
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
