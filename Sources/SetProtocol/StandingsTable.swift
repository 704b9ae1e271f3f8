/// The tournament in the human presentation: `STANDINGS` as a table and `TOURNAMENT` as a sentence,
/// each line within the 79 columns a person's terminal shows (`HumanTable`).
public enum StandingsTable {
  /// The longest name a row shows whole; a longer one (from a record) is cut with `…`.
  static let nameWidth = 16

  /// The standings as a table: a heading, then a row per player, first place first. A Swiss's rows
  /// end with the byes, an arena's with the wins in a row (`fire` from two).
  public static func lines(_ standings: [StandingLine]) -> [String] {
    guard let first = standings.first else { return ["Nobody has entered yet."] }
    let tieBreak = first.tieBreaks.first.map { heading(of: $0.name) } ?? "-"
    let arena = first.streak != nil
    let header = row(
      "#", "player", "points", tieBreak, "games", "W-T-L", arena ? "streak" : "byes", "status")
    return [header]
      + standings.map { s in
        let record = "\(s.wins)-\(s.ties)-\(s.losses)"
        let last = arena ? (s.streak.map { $0 >= 2 ? "\($0) fire" : "\($0)" } ?? "-") : "\(s.byes)"
        return row(
          "\(s.rank).", cut(Harmless.text(s.name)), s.points, s.tieBreaks.first?.value ?? "-", "\(s.games)", record,
          last, s.status)
      }
  }

  /// One row: the columns padded to their widths, at most 79 columns in all.
  static func row(
    _ rank: String, _ name: String, _ points: String, _ tieBreak: String, _ games: String, _ record: String,
    _ last: String, _ status: String
  ) -> String {
    let line =
      right(rank, 4) + "  " + left(name, nameWidth) + "  " + right(points, 6) + "  " + right(tieBreak, 10) + "  "
      + right(games, 5) + "  " + left(record, 8) + "  " + right(last, 6) + "  " + status
    return String(line.prefix(HumanTable.width))
  }

  /// A tie-break's name as a column's heading.
  public static func heading(of name: String) -> String {
    ["buchholzCut1": "Buchholz-1", "performance": "perform.", "buchholz": "Buchholz"][name] ?? String(name.prefix(10))
  }

  static func cut(_ name: String) -> String {
    name.count > nameWidth ? String(name.prefix(nameWidth - 1)) + "…" : name
  }

  static func left(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  static func right(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
  }

  /// `OK TOURNAMENT` in words: the format, its state, the players and the clock.
  public static func sentence(_ summary: TournamentSummary) -> String {
    let format = summary.format == "arena" ? "The arena" : "The Swiss tournament"
    let players = summary.entrants == 1 ? "1 player" : "\(summary.entrants) players"
    let clock = summary.clockMilliseconds >= 0 ? duration(summary.clockMilliseconds) : nil
    switch summary.state {
    case "entering":
      return "\(format) takes entries: \(players) so far"
        + (clock.map { "; it starts in \($0)" } ?? "") + ". ENTER to play in it."
    case "running":
      let left =
        summary.format == "swiss" ? clock.map { "; its next round starts in \($0)" } : clock.map { ", \($0) left" }
      return "\(format) is running with \(players)" + (left ?? "")
        + ". STANDINGS shows the standings."
    default:
      let fastest = summary.fastestMilliseconds.flatMap { ms in
        summary.fastestName.map { " The fastest set: \(Harmless.text($0)), \(HumanText.seconds(ms))." }
      }
      return "\(format) is over.\(fastest ?? "") STANDINGS shows the final standings."
    }
  }

  /// Milliseconds in words: `4 min 5 s`, `1 h 2 min`, `45 s`.
  static func duration(_ milliseconds: Int64) -> String {
    let seconds = (milliseconds + 999) / 1000
    let (h, m, s) = (seconds / 3600, (seconds % 3600) / 60, seconds % 60)
    if h > 0 { return "\(h) h \(m) min" }
    return m > 0 ? "\(m) min \(s) s" : "\(s) s"
  }
}
