import SetBase

/// A tournament's standings as JSON or CSV, written by hand.
///
/// JSON: `format` (`arena` or `swiss`), `state` (`entering`, `running`, `finished`), `players` (each
/// `name`, `rank`, `points`, `tiebreaks`, `games`, `wins`, `ties`, `losses`, `byes`, `status`); a Swiss
/// adds `rounds` (each `round`, `pairings` of `table`, `seat1`, `seat2`, `result` — `seat1`, `seat2`,
/// `tie`, `forfeit1`, `forfeit2`, `forfeit-both` or `playing` — then `bye`, a name or null, and
/// `absent`), an arena `games` in the order they ended (`seat1`, `seat2`, `result`, `points1`,
/// `points2`, `endedMs`). A Swiss's tie-breaks are `buchholzCut1`, `buchholz`, `sonnebornBerger` and
/// `wins`; an arena's `performance` (null before a game) and `games`.
extension Tournament {
  /// The standings as one JSON object.
  public func standingsJSON() -> String {
    var players: [String] = []
    let extra: String
    if isArena {
      for line in arena.standings() {
        let tiebreaks =
          "{\"performance\":" + (line.performance.map(String.init) ?? "null") + ",\"games\":\(line.games)}"
        players.append(
          Self.player(
            line.name, line.rank, "\(line.points)", tiebreaks, [line.games, line.wins, line.ties, line.losses, 0])
            + ",\"status\":" + JSONText.string(line.status.rawValue) + "}")
      }
      let games = arena.games.map { game in
        let seats = "\"seat1\":\(JSONText.string(game.seats.one)),\"seat2\":\(JSONText.string(game.seats.two))"
        let points = "\"points1\":\(game.points.one),\"points2\":\(game.points.two)"
        return
          "{\(seats),\"result\":\(JSONText.string(game.result.rawValue)),\(points),\"endedMs\":\(game.endedMilliseconds)}"
      }
      extra = "\"games\":[" + games.joined(separator: ",") + "]"
    } else {
      for line in swiss.standings() {
        let t = line.tieBreaks
        let tiebreaks =
          "{\"buchholzCut1\":\(Points.text(halves: t.buchholzCut1)),\"buchholz\":\(Points.text(halves: t.buchholz)),"
          + "\"sonnebornBerger\":\(Points.text(quarters: t.sonnebornBerger)),\"wins\":\(t.wins)}"
        players.append(
          Self.player(
            line.name, line.rank, Points.text(halves: line.halves), tiebreaks,
            [line.games, line.wins, line.ties, line.losses, line.byes])
            + ",\"status\":" + JSONText.string(line.active ? "active" : "withdrawn") + "}")
      }
      let rounds = swiss.rounds.map { round in
        let pairings = round.games.map { game in
          let result = JSONText.string(game.result?.rawValue ?? "playing")
          let seats = "\"seat1\":\(JSONText.string(game.seats.one)),\"seat2\":\(JSONText.string(game.seats.two))"
          return "{\"table\":\(game.table),\(seats),\"result\":\(result)}"
        }
        let bye = round.bye.map(JSONText.string) ?? "null"
        let absent = round.absent.map(JSONText.string).joined(separator: ",")
        return
          "{\"round\":\(round.number),\"pairings\":[\(pairings.joined(separator: ","))],\"bye\":\(bye),\"absent\":[\(absent)]}"
      }
      extra = "\"rounds\":[" + rounds.joined(separator: ",") + "]"
    }
    let head = "\"format\":\(JSONText.string(settings.formatName)),\"state\":\(JSONText.string(state.rawValue))"
    return "{\(head),\"players\":[\(players.joined(separator: ","))],\(extra)}"
  }

  /// A player's object up to its status (the caller closes it).
  static func player(_ name: String, _ rank: Int, _ points: String, _ tiebreaks: String, _ counts: [Int]) -> String {
    "{\"name\":\(JSONText.string(name)),\"rank\":\(rank),\"points\":\(points),\"tiebreaks\":\(tiebreaks),"
      + "\"games\":\(counts[0]),\"wins\":\(counts[1]),\"ties\":\(counts[2]),\"losses\":\(counts[3]),\"byes\":\(counts[4])"
  }

  /// The standings as CSV (RFC 4180): a header row, then a row per player in order.
  public func standingsCSV() -> String {
    var rows: [[String]]
    if isArena {
      rows = [["rank", "name", "points", "performance", "games", "wins", "ties", "losses", "streak", "status"]]
      for line in arena.standings() {
        rows.append(
          [
            "\(line.rank)", line.name, "\(line.points)", line.performance.map(String.init) ?? "", "\(line.games)",
            "\(line.wins)", "\(line.ties)", "\(line.losses)", "\(line.streak)", line.status.rawValue,
          ])
      }
    } else {
      rows = [
        [
          "rank", "name", "points", "buchholzCut1", "buchholz", "sonnebornBerger", "wins", "games", "ties", "losses",
          "byes", "status",
        ]
      ]
      for line in swiss.standings() {
        let t = line.tieBreaks
        rows.append(
          [
            "\(line.rank)", line.name, Points.text(halves: line.halves), Points.text(halves: t.buchholzCut1),
            Points.text(halves: t.buchholz), Points.text(quarters: t.sonnebornBerger), "\(line.wins)",
            "\(line.games)", "\(line.ties)", "\(line.losses)", "\(line.byes)", line.active ? "active" : "withdrawn",
          ])
      }
    }
    return rows.map { $0.map(CSV.field).joined(separator: ",") + "\r\n" }.joined()
  }
}

/// CSV fields (RFC 4180).
enum CSV {
  /// `value` quoted if it holds a comma, a quote or a line break (quotes doubled), else as it is.
  static func field(_ value: String) -> String {
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
    return "\"" + value.replacing("\"", with: "\"\"") + "\""
  }
}
