import SetCore
import SetProtocol

// The hall's tournament on the terminal: a line at the table (the clock, your game and opponent, your
// place and points, your place at the end) and the standings view (`s`) with a Swiss's pairings.
extension Renderer {
  /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`.
  static func ordinal(_ n: Int) -> String {
    let teen = (11...13).contains(n % 100)
    let suffix = teen ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
    return "\(n)\(suffix)"
  }

  /// Points in words: `1 point`, `2.5 points`.
  static func points(_ points: String) -> String { points == "1" ? "1 point" : "\(points) points" }

  /// Milliseconds as a clock: `4:05`, or `1:02:03` past an hour.
  static func clock(_ milliseconds: Int64) -> String {
    let seconds = (max(0, milliseconds) + 999) / 1000
    let (h, m, s) = (seconds / 3600, (seconds % 3600) / 60, seconds % 60)
    let two = { (n: Int64) in n < 10 ? "0\(n)" : "\(n)" }
    return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
  }

  /// The tournament's name and clock: `Swiss, round 2 of 3`, `round 3 in 0:25`, `Arena 12:04 left`.
  func tourneyClock(_ tourney: TourneyState, now: Instant) -> String {
    guard let summary = tourney.summary else { return "" }
    let format = summary.format == "arena" ? "Arena" : "Swiss"
    // Line by line, a ticking clock would print its line again every few seconds: it is left out.
    let left = options.fullScreen ? tourney.clockLeft(at: now).map(Self.clock) : nil
    switch summary.state {
    case "entering":
      let players = summary.entrants == 1 ? "1 player" : "\(summary.entrants) players"
      return "\(format): \(players) entered" + (left.map { ", starts in \($0)" } ?? "")
    case "finished":
      return "\(format): finished"
    default:
      guard summary.format == "swiss" else { return left.map { "\(format): \($0) left" } ?? "\(format): last games" }
      let of = tourney.rounds.map { " of \($0)" } ?? ""
      if let left, tourney.isBetweenRounds { return "Swiss: round \(tourney.round)\(of) starts in \(left)" }
      return "Swiss: round \(max(1, tourney.round))\(of)"
    }
  }

  /// The player's place: `you 2nd of 8, 3.5 points`; nil when not listed.
  func tourneyPlace(_ model: ClientModel) -> String? {
    let tourney = model.tourney
    guard let mine = tourney.standing(of: model.playerName), tourney.summary?.state != "entering" else { return nil }
    return "you \(Self.ordinal(mine.rank)) of \(tourney.standings.count), \(Self.points(mine.points))"
  }

  /// What comes next for the player: the opponent and table, the wait, or the place at the end.
  func tourneyNext(_ model: ClientModel) -> String {
    let tourney = model.tourney
    guard let summary = tourney.summary else { return "" }
    if summary.state == "finished" {
      guard let mine = tourney.standing(of: model.playerName) else { return "the tournament is over" }
      return "you finished \(Self.ordinal(mine.rank)) of \(tourney.standings.count) with \(Self.points(mine.points))"
    }
    guard tourney.entered else { return summary.state == "entering" ? "s, e to enter" : "s, e to join it" }
    if let next = tourney.next, let me = model.playerName {
      let other = next.opponent(of: me)
      let rank = tourney.standing(of: other).map { " (\(Self.ordinal($0.rank)))" } ?? ""
      let table = next.table.map { $0 == model.table ? " here, at table \($0)" : " at table \($0)" } ?? ""
      return "you play \(Harmless.text(other))\(rank)\(table)"
    }
    if summary.state == "entering" { return "you are entered" }
    if tourney.bye.map({ PlayerName.same($0, model.playerName ?? "") }) == true, tourney.isBetweenRounds {
      return "you have the bye"
    }
    return summary.format == "arena" ? "waiting to be paired" : "waiting for the next round"
  }

  /// The line at the table in a hall's tournament, or nil where the hall runs none: the clock, what
  /// comes next, the place; parts that do not fit are left out from the end.
  func tourneyLine(_ model: ClientModel, now: Instant, columns: Int) -> StyledLine? {
    guard model.tourney.isRunningOne else { return nil }
    let finished = model.tourney.summary?.state == "finished"
    let parts = [tourneyClock(model.tourney, now: now), tourneyNext(model)] + (finished ? [] : [tourneyPlace(model)])
    let separator = options.unicode ? " · " : " - "
    var line = StyledLine(" ")
    for (index, part) in parts.compactMap({ $0 }).filter({ !$0.isEmpty }).enumerated() {
      let text = (index == 0 ? "" : separator) + part
      guard line.width + text.count <= columns else { break }
      line.add(
        text, index == 0 ? TextStyle(foreground: options.palette.accent, bold: true) : TextStyle(bold: index == 1))
    }
    return line
  }

  /// The standings view, `rows` high below the header: the tournament and the player's place, the
  /// standings table (the player's row marked), and a Swiss's pairings of its latest round, scrolled
  /// `scroll` lines down.
  func standingsView(_ model: ClientModel, scroll: Int, rows: Int, columns: Int, now: Instant) -> [StyledLine] {
    let tourney = model.tourney
    let title = TextStyle(foreground: options.palette.accent, bold: true)
    guard tourney.isRunningOne else {
      let text = tourney.known == .none ? " This hall runs no tournament." : " Asking the hall for its tournament..."
      return [StyledLine(text, TextStyle(dim: true))]
    }
    var top = [StyledLine(" " + tourneyClock(tourney, now: now), title)]
    let about = [tourneyNext(model), tourney.summary?.state == "finished" ? nil : tourneyPlace(model)]
      .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "; ")
    let ellipsis = options.unicode ? "…" : "..."
    top += StyledLine(" " + about.prefix(1).uppercased() + about.dropFirst()).wrapped(to: columns, indent: " ")
    if let result = tourney.lastResult { top.append(StyledLine(" Your last game: \(result).", TextStyle(dim: true))) }
    top.append(StyledLine())
    var body = standingsRows(model, columns: columns)
    if tourney.summary?.format == "swiss", tourney.summary?.state == "running",
      !tourney.pairings.isEmpty || tourney.bye != nil
    {
      body.append(StyledLine())
      body.append(StyledLine(" Round \(tourney.round)'s pairings", TextStyle(bold: true)))
      let dash = options.unicode ? " – " : " - "
      for pairing in tourney.pairings {
        let mine = model.playerName.map { me in pairing.seats.values.contains { PlayerName.same($0, me) } } ?? false
        let text = "   " + Harmless.text(pairing.seats.one) + dash + Harmless.text(pairing.seats.two)
        body.append(StyledLine(text, TextStyle(bold: mine)).clippedAtWord(to: columns, ellipsis: ellipsis))
      }
      if let bye = tourney.bye { body.append(StyledLine("   \(Harmless.text(bye)): bye", TextStyle(dim: true))) }
    }
    let room = max(0, rows - top.count)
    let start = min(scroll, max(0, body.count - room))
    var shown = Array(body.dropFirst(start).prefix(room))
    if start + shown.count < body.count, let last = shown.indices.last {
      let arrows = options.unicode ? "↓" : "down"
      shown[last] = StyledLine("   ...\(body.count - start - shown.count + 1) more (\(arrows))", TextStyle(dim: true))
    }
    return top + shown
  }

  /// The standings as a table that fits `columns`: rank, name, points, and where there is room the
  /// first tie-break, the wins-ties-losses and the status; the player's row marked.
  func standingsRows(_ model: ClientModel, columns: Int) -> [StyledLine] {
    let standings = model.tourney.standings
    guard let first = standings.first else { return [StyledLine(" Nobody has entered yet.", TextStyle(dim: true))] }
    let nameWidth = min(16, max(6, standings.map { Harmless.text($0.name).count }.max() ?? 6))
    let tieBreak = first.tieBreaks.first.map { StandingsTable.heading(of: $0.name) }
    // The columns after the points, each with its width, in the order they go when there is no room.
    var extra: [(heading: String, width: Int, value: (StandingLine) -> String)] = []
    if let tieBreak { extra.append((tieBreak, 10, { $0.tieBreaks.first?.value ?? "-" })) }
    extra.append(("W-T-L", 8, { "\($0.wins)-\($0.ties)-\($0.losses)" }))
    if first.streak != nil {
      extra.append(("streak", 6, { $0.streak.map { $0 >= 2 ? "\($0) fire" : "\($0)" } ?? "-" }))
    }
    extra.append(("status", 9, \.status))
    let fixed = 3 + 4 + 2 + nameWidth + 2 + 6
    while !extra.isEmpty, fixed + extra.reduce(0, { $0 + 2 + $1.width }) > columns { extra.removeLast() }
    func pad(_ text: String, _ width: Int, right: Bool) -> String {
      let gap = String(repeating: " ", count: max(0, width - text.count))
      return right ? gap + text : text + gap
    }
    func row(_ marker: String, _ rank: String, _ name: String, _ points: String, _ rest: [String]) -> String {
      var text = marker + pad(rank, 4, right: true) + "  " + pad(name, nameWidth, right: false) + "  "
      text += pad(points, 6, right: true)
      for (column, value) in zip(extra, rest) {
        text += "  " + pad(value, column.width, right: column.heading != "status")
      }
      return text
    }
    var lines = [StyledLine(row("   ", "#", "player", "points", extra.map(\.heading)), TextStyle(dim: true))]
    let marker = options.unicode ? " ▶ " : " > "
    for standing in standings {
      var name = Harmless.text(standing.name)
      if name.count > nameWidth { name = String(name.prefix(nameWidth - 1)) + (options.unicode ? "…" : ".") }
      let mine = model.playerName.map { PlayerName.same($0, standing.name) } ?? false
      let text = row(
        mine ? marker : "   ", "\(standing.rank).", name, standing.points, extra.map { $0.value(standing) })
      let style =
        mine
        ? TextStyle(bold: true, reverse: options.color)
        : (standing.status == "withdrawn" ? TextStyle(dim: true) : .plain)
      lines.append(StyledLine(text, style))
    }
    return lines
  }
}
