import SetCore
import SetProtocol

/// Players' figures in words for people: the leaderboard, one player's figures, and a chart of their
/// find times. The terminal command and the server's human presentation both print these lines, made
/// harmless (`Harmless`).
public enum StatsText {
  /// The mark after a computer player's name.
  public static let botMark = "*"

  /// The leaderboard: a heading, then one line per player, best first.
  public static func leaderboard(_ players: [PlayerStats]) -> [String] {
    let heading =
      pad("#", 3) + "  " + pad("player", 17) + pad("rating", 7, right: true) + pad("±", 6, right: true)
      + pad("games", 7, right: true) + "  " + pad("won-lost-tied", 14) + pad("sets", 5, right: true)
      + pad("median find", 13, right: true)
    var lines = [heading]
    for (index, player) in players.enumerated() {
      let name = player.name + (player.isBot ? botMark : "")
      let median = player.medianFindTime.map(HumanText.seconds) ?? "-"
      lines.append(
        pad("\(index + 1)", 3, right: true) + "  " + pad(name, 17) + pad(rating(player), 7, right: true)
          + pad("\(Int(player.rating.deviation.rounded()))", 6, right: true) + pad("\(player.games)", 7, right: true)
          + "  " + pad("\(player.wins)-\(player.losses)-\(player.ties)", 14) + pad("\(player.sets)", 5, right: true)
          + pad(median, 13, right: true))
    }
    if players.contains(where: \.isBot) { lines.append("\(botMark) a computer player") }
    return lines.map(Harmless.text)  // Names come from record files.
  }

  /// One player's figures, their recent games and a chart of their find times.
  public static func player(
    _ player: PlayerStats, variant: Variant = .normal, played: [(variant: Variant, stats: PlayerStats)] = []
  ) -> [String] {
    let name =
      player.name + (player.isBot ? " (a computer player)" : "") + (variant == .normal ? "" : " in \(variant.rawValue)")
    var lines = [
      "\(name): rating \(rating(player)) ± \(Int(player.rating.deviation.rounded()))",
      "games \(player.games): won \(player.wins), lost \(player.losses), tied \(player.ties), "
        + "forfeited \(player.forfeits)",
      "sets \(player.sets), wrong picks \(player.wrongPicks), expired claims \(player.expiredClaims), "
        + "needless deals \(player.needlessDeals)",
    ]
    if let median = player.medianFindTime, let fastest = player.fastestFindTime {
      lines.append("find time: median \(HumanText.seconds(median)), fastest \(HumanText.seconds(fastest))")
      lines += histogram(player.findTimes)
    }
    if !player.recentGames.isEmpty {
      lines.append("last games, most recent first:")
      for game in player.recentGames.reversed() {
        let change = Int((game.ratingAfter - game.ratingBefore).rounded())
        lines.append(
          "  \(game.outcome.rawValue) \(game.score) : \(game.opponentScore) against \(game.opponent)"
            + (game.forfeit ? " (forfeit)" : "") + ", rating \(change >= 0 ? "+" : "")\(change)")
      }
    }
    if played.count > 1 || played.contains(where: { $0.variant != .normal }) {
      lines.append(
        "variants played: "
          + played.map { "\($0.variant.rawValue) \(Counted.of($0.stats.games, "game")), rating \(rating($0.stats))" }
          .joined(separator: "; "))
    }
    return lines.map(Harmless.text)  // Names come from record files.
  }

  /// Find times as a histogram: one bar per half second (the last bar holds everything slower), the
  /// longest bar `width` characters wide.
  public static func histogram(_ times: [Int64], bucket: Int64 = 500, buckets: Int = 10, width: Int = 30)
    -> [String]
  {
    guard !times.isEmpty else { return [] }
    var counts = [Int](repeating: 0, count: buckets)
    for time in times { counts[min(buckets - 1, Int(max(0, time) / bucket))] += 1 }
    let most = counts.max() ?? 1
    return counts.enumerated().map { index, count in
      let low = HumanText.seconds(Int64(index) * bucket)
      let label = index == buckets - 1 ? "\(low)+" : "\(low)-\(HumanText.seconds(Int64(index + 1) * bucket))"
      let bar = String(repeating: "█", count: count == 0 ? 0 : max(1, count * width / most))
      return "  " + pad(label, 12) + pad("\(count)", 5, right: true) + (bar.isEmpty ? "" : " " + bar)
    }
  }

  /// A rating as a whole number.
  public static func rating(_ player: PlayerStats) -> String {
    "\(Int(player.rating.rating.rounded()))"
  }

  private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return right ? fill + text : text + fill
  }
}
