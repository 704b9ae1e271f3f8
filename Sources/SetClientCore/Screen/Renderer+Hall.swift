import SetCore
import SetProtocol

// The hall's list of tables: a line a table where the terminal is wide, two lines where it is narrow.
extension Renderer {
  /// The columns below which a table takes two lines.
  static let hallWide = 64

  /// The hall's list, `rows` high: a title, the tables (those waiting for a player first, the
  /// highlighted one marked, scrolled to keep it in view), the notice and the key bar.
  func hallFrame(model: ClientModel, state: PlayState, now: Instant, columns: Int, rows: Int) -> Frame {
    let tables = model.hallTables
    let highlighted = state.highlighted(in: model)
    var keys = keyLine(hallKeys(model, state: state, highlighted: highlighted), fitting: columns)
    if keys.width > columns || columns < Self.hallWide {
      keys = keyLine(hallKeys(model, state: state, highlighted: highlighted, short: true), fitting: columns)
    }
    let note = notice(model, state: state, now: now)
      .clippedAtWord(to: columns, ellipsis: options.unicode ? "…" : "...")
    var body: [[StyledLine]] = tables.map {
      hallEntry($0, model: model, highlighted: $0 == highlighted, columns: columns)
    }
    if tables.isEmpty { body = [[StyledLine(" Asking the hall for its tables...", TextStyle(dim: true))]] }
    let title = hallTitle(tables, columns: columns)
    // The title, a gap when there is room, the tables, the notice and the keys.
    let room = max(0, rows - 3)
    let gap = rows >= 10
    var visible = room - (gap ? 1 : 0)
    let total = body.reduce(0) { $0 + $1.count }
    var shown = body
    if total > visible {
      visible -= 1  // the line that says how many more there are
      let index = tables.firstIndex { $0 == highlighted } ?? 0
      shown = Self.window(body, around: index, rows: visible)
    }
    var lines = [title]
    if gap { lines.append(StyledLine()) }
    lines += shown.joined()
    let hidden = body.count - shown.count
    if hidden > 0 {
      let arrows = options.unicode ? "↑ ↓" : "up/down"
      lines.append(StyledLine("   ...\(hidden) more (\(arrows))", TextStyle(dim: true)))
    }
    while lines.count < rows - 2 { lines.append(StyledLine()) }
    lines = Array(lines.prefix(max(0, rows - 2))) + [note, keys].suffix(min(2, rows))
    return Frame(lines: lines.map { $0.clipped(to: columns) })
  }

  /// The entries from the one at `index` outward that fit in `rows`, in order.
  static func window(_ entries: [[StyledLine]], around index: Int, rows: Int) -> [[StyledLine]] {
    guard !entries.isEmpty else { return [] }
    var (start, end) = (index, index + 1)
    var used = entries[index].count
    while true {
      if end < entries.count, used + entries[end].count <= rows {
        used += entries[end].count
        end += 1
      } else if start > 0, used + entries[start - 1].count <= rows {
        start -= 1
        used += entries[start].count
      } else {
        break
      }
    }
    return Array(entries[start..<end])
  }

  func hallTitle(_ tables: [HallListing], columns: Int) -> StyledLine {
    var line = StyledLine(" SetDuel", TextStyle(foreground: options.palette.accent, bold: true))
    guard !tables.isEmpty else { return line }
    let waiting = tables.filter { $0.state == .waiting }.count
    let counts = "\(tables.count) table\(tables.count == 1 ? "" : "s"), \(waiting) waiting for a player"
    line.add(
      line.width + 2 + counts.count <= columns ? "  " + counts : "  \(tables.count) tables", TextStyle(bold: true))
    return line
  }

  /// One table: its number, name and game, then who plays with the score, or who waits, and how many watch.
  func hallEntry(_ table: HallListing, model: ClientModel, highlighted: Bool, columns: Int) -> [StyledLine] {
    let marker = highlighted ? (options.unicode ? " ▶ " : " > ") : "   "
    var head = StyledLine(marker, TextStyle(foreground: options.palette.accent, bold: true))
    let idWidth = max(1, "\(model.hall.keys.max() ?? 1)".count)
    head.add(
      String(repeating: " ", count: max(0, idWidth - "\(table.id)".count)) + "\(table.id)", TextStyle(bold: true))
    head.add("  ")
    let nameStyle = TextStyle(bold: highlighted, reverse: highlighted && options.color)
    head.add(table.name, nameStyle)
    let about = hallAbout(table, model: model, columns: columns)
    let players = hallPlayers(table)
    guard columns >= Self.hallWide else {
      if about.width > 0 {
        head.add("  ")
        head.add(about)
      }
      var second = StyledLine(String(repeating: " ", count: 3 + idWidth + 2))
      second.add(players)
      return [head, second]
    }
    let nameColumn = 3 + idWidth + 2 + min(TableName.maxLength, longestName(model)) + 2
    let aboutWidth = model.hall.values.map { hallAbout($0, model: model, columns: columns).width }.max() ?? 0
    head.pad(to: nameColumn)
    head.add(about)
    head.pad(to: nameColumn + aboutWidth + 2)
    head.add(players)
    return [head]
  }

  /// A table's game (its variant; where there is room its first-to and scoring), and whether this
  /// client is at it; only what is not the standard game where the terminal is narrow.
  func hallAbout(_ table: HallListing, model: ClientModel, columns: Int) -> StyledLine {
    var about = StyledLine()
    let accent = TextStyle(foreground: options.palette.accent)
    if table.variant != .normal || columns >= Self.hallWide { about.add(table.variant.rawValue, accent) }
    if columns >= 100 {
      if let firstTo = table.firstTo { about.add(" first to \(firstTo)", TextStyle(dim: true)) }
      if table.scoring == .speed { about.add(" speed", TextStyle(dim: true)) }
    }
    if model.table == table.id {
      if about.width > 0 { about.add(" ") }
      about.add("(you are here)", TextStyle(dim: true))
    }
    return about
  }

  private func longestName(_ model: ClientModel) -> Int {
    model.hall.values.map(\.name.count).max() ?? 8
  }

  /// Who plays, with the score and how the game stands, or who waits; then how many watch.
  func hallPlayers(_ table: HallListing) -> StyledLine {
    var line = StyledLine()
    func name(_ seat: Seat) -> String {
      guard let player = table.seats[seat] else { return "" }
      return seat == .two && table.bot != nil ? "\(player) (computer)" : player
    }
    let seated = Seat.allCases.filter { table.seats[$0] != nil }
    switch table.state {
    case .waiting:
      if let seat = seated.first {
        line.add(name(seat), TextStyle(bold: true))
        line.add(", ")
      }
      line.add("waiting for a player", TextStyle(foreground: options.palette.accent, bold: true))
    case .playing, .paused, .over, .closed:
      line.add(name(.one), TextStyle(bold: true))
      line.add(" \(table.scores.one) : \(table.scores.two) ", TextStyle(foreground: options.palette.accent))
      line.add(name(.two), TextStyle(bold: true))
      if table.state == .paused { line.add(" (paused)", TextStyle(dim: true)) }
      if table.state == .over { line.add(" (game over)", TextStyle(dim: true)) }
    }
    if table.watching > 0 { line.add(", \(table.watching) watching", TextStyle(dim: true)) }
    return line
  }

  /// The list's keys: what Enter joins, the digits, opening a table, and back or quit; `short`, in
  /// fewer words.
  func hallKeys(_ model: ClientModel, state: PlayState, highlighted: HallListing?, short: Bool = false) -> [(
    key: String, label: String, enabled: Bool
  )] {
    var items: [(key: String, label: String, enabled: Bool)] = []
    if !state.typedTable.isEmpty {
      items.append(("Enter", "join \(state.typedTable)", true))
    } else if let highlighted {
      items.append(("Enter", "join \(highlighted.id)", true))
    }
    // In the order they stay when the bar is narrow: the least needed go first, from the end.
    items.append((String(PlayState.openKey), short ? "new" : "new table", true))
    let top = model.hall.keys.max() ?? 1
    if top > 1 { items.append((top <= 9 ? "1-\(top)" : "digits", "pick", true)) }
    items.append((String(PlayState.computerKey), short ? "computer" : "vs computer", true))
    items.append(("Esc", model.isNamed ? "back" : "quit", true))
    return items
  }

  /// The key bar of `items`, dropping the least needed (from the middle) until it fits; the last stays.
  func keyLine(_ items: [(key: String, label: String, enabled: Bool)], fitting columns: Int) -> StyledLine {
    var items = items
    var line = keyLine(items)
    while line.width > columns, items.count > 1 {
      items.remove(at: items.count - 2)
      line = keyLine(items)
    }
    return line
  }
}
