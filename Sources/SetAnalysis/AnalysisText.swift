import SetCore
import SetProtocol

/// The analysis in words: a report per game for `setduel analyse`, and the short summary the terminal
/// client shows at game over.
public enum AnalysisText {
  /// A game's report: the result, each player's figures, then every set that was on the table.
  public static func report(_ game: GameAnalysis) -> [String] {
    var lines = ["Game \(game.game): " + outcome(game)]
    if let earlier = game.sameDeckAs { lines.append("Dealt from the same deck as game \(earlier).") }
    lines.append(
      "\(Counted.of(game.sets.count, "set")) \(game.sets.count == 1 ? "was" : "were") on the table over \(clock(game.durationMs))"
        + (game.medianFindMs.map { "; the median find took \(HumanText.seconds($0))" } ?? "") + ".")
    for player in game.players {
      lines.append("")
      lines += self.player(player, in: game)
    }
    lines.append("")
    lines.append("Sets, as they appeared (on the table from - to, m:ss.s from the start):")
    for set in game.sets { lines.append("  " + describe(set, in: game)) }
    return lines
  }

  /// One player's figures.
  static func player(_ player: PlayerAnalysis, in game: GameAnalysis) -> [String] {
    var lines = ["\(player.name)\(player.isBot ? " (computer)" : "") in seat \(player.seat.rawValue):"]
    lines.append("  found \(Counted.of(player.setsFound, "set")), missed \(player.setsMissed)")
    let times = (1...4).compactMap { differing -> String? in
      let list = player.findTimes[differing - 1]
      guard let median = median(list) else { return nil }
      let features = differing == 1 ? "1 feature differs" : "\(differing) features differ"
      return "\(features): \(Counted.of(list.count, "set")), median \(HumanText.seconds(median))"
    }
    if !times.isEmpty { lines.append("  find times: " + times.joined(separator: "; ")) }
    if player.wrongPicks > 0 {
      let by = Feature.allCases.compactMap { feature -> String? in
        let n = player.wrongPicksBy[feature.rawValue]
        return n > 0 ? "\(feature.name) \(n)" : nil
      }
      lines.append("  \(Counted.of(player.wrongPicks, "wrong pick")), broken on " + by.joined(separator: ", "))
    }
    if let ms = player.longestUnseenMs, let index = player.longestUnseenSet {
      let set = game.sets[index]
      lines.append(
        "  longest unseen: \(codes(set.cards)) stayed \(HumanText.seconds(ms)) from \(clock(set.appearedMs))")
    }
    return lines
  }

  /// The short summary for the player in `seat` at game over (`ReviewWords.summary`).
  public static func summary(_ game: GameAnalysis, seat: Seat) -> String {
    let player = game.players[seat.offset]
    return ReviewWords.summary(
      missed: player.setsMissed, other: game.players[seat.opponent.offset].name,
      longestUnseenMs: player.longestUnseenMs, wrongPicksBy: player.wrongPicksBy)
  }

  /// A set in one line: its cards, how many features differ, when it was on the table, its fate.
  static func describe(_ set: SetOnTable, in game: GameAnalysis) -> String {
    let span = "\(clock(set.appearedMs)) - " + (set.goneMs.map(clock) ?? "end")
    let fate =
      switch set.fate {
      case .found(let seat):
        "found by \(game.players[seat.offset].name)" + (set.findMs.map { " in \(HumanText.seconds($0))" } ?? "")
      case .broken: "broken by another set"
      case .stillThere: "still there"
      }
    return
      "\(codes(set.cards))  \(set.differing) differ  \(span) (\(HumanText.seconds(set.duration(endMs: game.durationMs))))  \(fate)"
  }

  private static func outcome(_ game: GameAnalysis) -> String {
    let names = game.players.map(\.name)
    guard let result = game.result else { return "\(names[0]) against \(names[1]), not finished in the record." }
    let scores = "\(names[0]) \(result.scores.one), \(names[1]) \(result.scores.two)"
    guard let winner = result.winner else { return scores + ": a tie." }
    if case .forfeit = result.ending { return scores + ": \(names[winner.offset]) wins by forfeit." }
    return scores + ": \(names[winner.offset]) wins."
  }

  /// Milliseconds as `m:ss.s`.
  public static func clock(_ ms: Int64) -> String { ReviewWords.clock(ms) }

  static func codes(_ cards: [Card]) -> String { cards.map(\.description).joined(separator: " ") }

  /// The median (the lower of the middle two), or nil for none.
  public static func median(_ values: [Int64]) -> Int64? {
    let sorted = values.sorted()
    return sorted.isEmpty ? nil : sorted[(sorted.count - 1) / 2]
  }
}
