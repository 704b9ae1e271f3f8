import SetCore
import SetProtocol

/// The review of a finished game in the terminal client: the short summary on the game-over screen,
/// and the review view the `v` key opens, from the lines `REVIEW` gave.
extension Renderer {
  /// The summary for this client's player (`ReviewWords.summary`), or nil before the review arrives
  /// (or for a spectator).
  static func reviewSummary(_ model: ClientModel, game: Int) -> String? {
    guard let seat = model.seat else { return nil }
    for case .player(let player) in model.review where player.game == game && player.seat == seat {
      return ReviewWords.summary(
        missed: player.missed, other: model.displayNames[seat.opponent], longestUnseenMs: player.longestUnseenMs,
        wrongPicksBy: player.wrongPicksBy)
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
      let you = player.seat == model.seat
      let name = you ? "You" : names[player.seat]
      let other = player.seat.opponent == model.seat ? "you" : names[player.seat.opponent]
      let broken = zip(features, player.wrongPicksBy).filter { $0.1 > 0 }.map { "\($0.0) \($0.1)" }
      let sentences = [
        "\(name) found \(Counted.of(player.found, "set")) and missed "
          + (player.missed == 0
            ? "none."
            : "\(player.missed), found by \(other) or by nobody while \(you ? "you" : names[player.seat]) "
              + "could have taken \(player.missed == 1 ? "it" : "them")."),
        player.wrongPicks == 0
          ? "No wrong picks."
          : "\(Counted.of(player.wrongPicks, "wrong pick"))"
            + (broken.isEmpty ? "." : ", broken on " + broken.joined(separator: ", ") + "."),
      ]
      all += StyledLine(" " + sentences.joined(separator: " "), TextStyle(bold: true)).wrapped(
        to: max(20, columns - 1), indent: " ")
      let times = player.finds.enumerated().compactMap { index, find -> String? in
        guard find.count > 0, let median = find.medianMs else { return nil }
        let differ = index == 0 ? "1 feature differs" : "\(index + 1) differ"
        return "\(Counted.of(find.count, "set")) where \(differ) in \(HumanText.seconds(median))"
      }
      var figures: [String] = []
      if !times.isEmpty { figures.append("Median find: " + times.joined(separator: "; ") + ".") }
      if let longest = player.longestUnseenMs {
        figures.append(
          "The longest a set waited for \(you ? "you" : names[player.seat]): \(HumanText.seconds(longest)).")
      }
      if !figures.isEmpty {
        all += StyledLine("   " + figures.joined(separator: " "), TextStyle(dim: true)).wrapped(
          to: max(20, columns - 1), indent: "   ")
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
