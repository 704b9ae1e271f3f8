import SetCore
import SetProtocol

/// The review of a finished game in the terminal client: the short summary on the game-over screen,
/// and the review view the `v` key opens, from the lines `REVIEW` gave.
extension Renderer {
  /// The summary for this client's player, such as `You missed 4 sets; one sat there 22 s. Your wrong
  /// picks broke on shading 3 times.`, or nil before the review arrives (or for a spectator).
  static func reviewSummary(_ model: ClientModel, game: Int) -> String? {
    guard let seat = model.seat else { return nil }
    for case .player(let player) in model.review where player.game == game && player.seat == seat {
      return ReviewWords.summary(
        missed: player.missed, longestUnseenMs: player.longestUnseenMs, wrongPicksBy: player.wrongPicksBy)
    }
    return nil
  }

  /// The review view: each player's figures, then every set with when it was on the table and its fate,
  /// scrolled `scroll` lines down.
  func review(_ model: ClientModel, scroll: Int, rows: Int, columns: Int) -> [StyledLine] {
    let names = model.displayNames
    guard let game = model.review.first?.game else {
      return [StyledLine(" Review", TextStyle(bold: true)), StyledLine(" asking the server for the review...")]
    }
    var all: [StyledLine] = []
    let features = ["number", "colour", "shading", "shape"]
    for case .player(let player) in model.review {
      let name = player.seat == model.seat ? "You" : names[player.seat]
      var text = " \(name): found \(player.found), missed \(player.missed), wrong picks \(player.wrongPicks)"
      let broken = zip(features, player.wrongPicksBy).filter { $0.1 > 0 }.map { "\($0.0) \($0.1)" }
      if !broken.isEmpty { text += " (" + broken.joined(separator: ", ") + ")" }
      for part in HumanTable.wrap(text, width: max(20, columns - 1)) {
        all.append(StyledLine(part, TextStyle(bold: true)))
      }
      let times = player.finds.enumerated().compactMap { index, find -> String? in
        guard find.count > 0, let median = find.medianMs else { return nil }
        return "\(index + 1) differing: \(find.count) in \(HumanText.seconds(median))"
      }
      if !times.isEmpty {
        all.append(StyledLine("   median find: " + times.joined(separator: "; "), TextStyle(dim: true)))
      }
      if let longest = player.longestUnseenMs {
        all.append(StyledLine("   longest a set stayed unseen: \(HumanText.seconds(longest))", TextStyle(dim: true)))
      }
    }
    all.append(StyledLine())
    all.append(StyledLine(" Every set on the table (from - to, m:ss.s):", TextStyle(bold: true)))
    for case .set(let set) in model.review {
      let gone = set.goneMs.map(ReviewWords.clock) ?? "end"
      let span = " \(ReviewWords.clock(set.appearedMs))-" + gone + String(repeating: " ", count: max(0, 8 - gone.count))
      let fate: String
      switch set.fate {
      case .found:
        let who = set.foundBy.map { $0 == model.seat ? "you" : names[$0] } ?? "?"
        fate = "found by \(who)" + (set.findMs.map { " in \(HumanText.seconds($0))" } ?? "")
      case .broken: fate = "broken by another set"
      case .there: fate = "still there"
      }
      let entry = HistoryEntry(game: game, kind: .result, text: span, cards: set.cards, tail: "  " + fate)
      all.append(line(entry, indent: " ", style: set.fate == .found ? .plain : TextStyle(dim: true)))
    }
    let visible = max(1, rows - 1)
    let start = min(scroll, max(0, all.count - visible))
    let end = min(all.count, start + visible)
    var title = StyledLine(" Review of game \(game)", TextStyle(foreground: options.palette.accent, bold: true))
    title.add("  (lines \(start + 1)-\(end) of \(all.count))", TextStyle(dim: true))
    return [title] + all[start..<end]
  }
}
