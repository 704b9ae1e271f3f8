import SetCore
import SetProtocol

// Past 300 lines because a frame is laid out as a whole: the header, the card grid, the status, the
// results, the hints and the key bar share one budget of rows and columns, so their layout lives together.

/// Draws the terminal client's screen: a pure function from the model, the client's own state, the
/// time and the terminal's size to a frame of exactly `rows` lines.
///
/// The table view, top to bottom: a header with both players' names and scores and the deck; the cards
/// in three rows, a column per three cards, so 21 cards fit in 80 columns; the line saying whose claim
/// or turn it is with a countdown; a notice; the latest results, newest last; hints; the key bar.
public struct Renderer: Sendable {
  /// How to draw.
  public var options: ScreenOptions

  public init(options: ScreenOptions) {
    self.options = options
  }

  /// The columns between two cards.
  static let gap = 2
  /// How long a notice or a refusal stays on screen, in milliseconds.
  static let noticeTime: Int64 = 4_000

  /// The frame for the model and state at `now`, `columns` wide and `rows` high.
  public func frame(model: ClientModel, state: PlayState, now: Instant, columns: Int, rows: Int) -> Frame {
    let columns = max(20, columns)
    let rows = max(1, rows)
    var top: [StyledLine] = [header(model, columns: columns), StyledLine()]
    switch state.view {
    case .help:
      top += help(model)
    case .history(let scroll):
      top = [header(model, columns: columns)] + history(model, scroll: scroll, rows: rows - 2)
    case .review(let scroll):
      top = [header(model, columns: columns)] + review(model, scroll: scroll, rows: rows - 2, columns: columns)
    case .table:
      return tableFrame(model: model, state: state, now: now, columns: columns, rows: rows)
    }
    let bottom = [keyBar(model, state: state, columns: columns)]
    var lines = Array(top.prefix(max(0, rows - bottom.count)))
    while lines.count + bottom.count < rows { lines.append(StyledLine()) }
    lines += bottom.suffix(rows - lines.count)
    return Frame(lines: lines.map { $0.clipped(to: columns) })
  }

  /// The table view. What must show always shows: the header, the cards, whose turn it is with the
  /// seconds left, and the key bar with the quit key; the cards shrink (no gaps between rows, then one
  /// line a card) before any of those goes. What is left of the rows goes, in order, to the last
  /// result, the notice, spacing, the legend, the hints and the earlier results. When even one line a card
  /// does not fit, a notice says what size is needed, and the game goes on.
  private func tableFrame(model: ClientModel, state: PlayState, now: Instant, columns: Int, rows: Int) -> Frame {
    let headerLine = header(model, columns: columns)
    let statusLine = status(model, now: now, columns: columns)
    let keys = keyBar(model, state: state, columns: columns)
    let required = 3  // the header, the status and the key bar
    var middle: [StyledLine]
    if case .over(let result) = model.phase {
      middle = gameOver(model, result: result, columns: columns)
      if middle.count > rows - required { middle = Array(middle.suffix(max(0, rows - required))) }
      // The final table stays in view below the result, as large as the rows left allow.
      let room = rows - required - middle.count - 3
      if !model.cards.isEmpty, let final = fittedGrid(model, now: now, columns: columns, rows: room) {
        middle += [StyledLine()] + final
      }
    } else if let fitted = fittedGrid(model, now: now, columns: columns, rows: rows - required - chainRows(model)) {
      middle = fitted
      if !model.chain.isEmpty { middle += [StyledLine(), chainLine(model)] }
    } else {
      let needed = Self.smallestSize(cards: model.cards.count)
      let text = "terminal too small: \(needed.columns)x\(needed.rows) needed"
      middle = [StyledLine(text.centred(in: columns), TextStyle(bold: true, reverse: true))]
    }
    var spare = rows - required - middle.count
    func take(_ count: Int) -> Bool {
      guard spare >= count else { return false }
      spare -= count
      return true
    }
    let showResult = take(1)
    let showNotice = take(1)
    let gapBelowHeader = take(1)
    let gapAboveStatus = take(1)
    let showLegend = take(1)
    let info = state.info.filter { _ in take(1) }
    var lines = [headerLine]
    if gapBelowHeader { lines.append(StyledLine()) }
    lines += middle
    if gapAboveStatus { lines.append(StyledLine()) }
    lines.append(statusLine)
    // Words that do not fit end at a word, marked: never half a number.
    let ellipsis = options.unicode ? "…" : "..."
    func fit(_ line: StyledLine) -> StyledLine { line.clippedAtWord(to: columns, ellipsis: ellipsis) }
    if showNotice { lines.append(fit(notice(model, state: state, now: now))) }
    var logRows = showResult ? 1 : 0
    if spare > 1 {
      lines.append(StyledLine())
      logRows += spare - 2
    }
    lines += recent(model, count: logRows).map(fit)
    var bottom = info.map { fit(StyledLine($0, TextStyle(dim: true))) }
    let legendLine = legend()
    if showLegend, legendLine.width <= columns { bottom.append(legendLine) }
    bottom.append(keys)
    while lines.count + bottom.count < rows { lines.append(StyledLine()) }
    lines = Array(lines.prefix(rows - bottom.count)) + bottom
    return Frame(lines: lines.map { $0.clipped(to: columns) })
  }

  // MARK: - Header and footer

  private func header(_ model: ClientModel, columns: Int) -> StyledLine {
    var left = StyledLine(" SetDuel", TextStyle(foreground: options.palette.accent, bold: true))
    if model.game > 0 { left.add("  game \(model.game)", TextStyle(dim: true)) }
    // Before the first game there is no deck to speak of.
    let right = StyledLine(model.game > 0 ? "deck \(model.deck) " : " ", TextStyle(bold: true))
    var middle = player(.one, model)
    middle.add(" : ", TextStyle(dim: true))
    middle.add(player(.two, model))
    var line = left
    let start = max(left.width + 2, (columns - middle.width) / 2)
    line.pad(to: start)
    line.add(middle)
    line.pad(to: max(line.width + 2, columns - right.width))
    line.add(right)
    guard line.width > columns else { return line }
    // Narrow: the players and the deck, without the title, and without the ratings if still too wide.
    var narrow = StyledLine()
    narrow.add(middle)
    narrow.add("  ")
    narrow.add(right)
    guard narrow.width > columns else { return narrow }
    var plain = StyledLine()
    plain.add(player(.one, model, ratings: false))
    plain.add(" : ", TextStyle(dim: true))
    plain.add(player(.two, model, ratings: false))
    plain.add("  ")
    plain.add(right)
    return plain
  }

  /// A seat in the header, its score toward the middle and set apart from the name by a colon
  /// between the two seats: `> ann (you) 3 : -4 bob`.
  private func player(_ seat: Seat, _ model: ClientModel, ratings: Bool = true) -> StyledLine {
    let holding = model.phase.holder == seat
    let marker = StyledLine(
      holding ? (options.unicode ? (seat == .one ? "▶ " : " ◀") : (seat == .one ? "> " : " <")) : "  ",
      TextStyle(foreground: options.palette.accent, bold: true))
    var name = StyledLine()
    var score = StyledLine()
    if let player = model.names[seat] {
      name.add(player, TextStyle(bold: true))
      if ratings, let rating = model.ratings?[seat], let change = model.ratingChanges?[seat] {
        name.add(" [\(rating) \(change >= 0 ? "+" : "")\(change)]", TextStyle(dim: true))
      }
      if model.seat == seat { name.add(" (you)", TextStyle(dim: true)) }
      if !model.present[seat] { name.add(" (away)", TextStyle(dim: true)) }
      score.add("\(model.scores[seat])", TextStyle(foreground: options.palette.accent, bold: true))
    } else {
      name.add("(empty seat)", TextStyle(dim: true))
      score.add("-", TextStyle(dim: true))
    }
    var line = StyledLine()
    if seat == .one {
      line.add(marker)
      line.add(name)
      line.add(" ")
      line.add(score)
    } else {
      line.add(score)
      line.add(" ")
      line.add(name)
      line.add(marker)
    }
    return line
  }

  /// The key bar, dropping the least needed keys (from the middle) until it fits; quit always stays.
  private func keyBar(_ model: ClientModel, state: PlayState, columns: Int) -> StyledLine {
    var items = keyItems(model, state: state)
    var line = keyLine(items)
    while line.width > columns, items.count > 1 {
      items.remove(at: items.count - 2)
      line = keyLine(items)
    }
    return line
  }

  private func keyItems(_ model: ClientModel, state: PlayState) -> [(key: String, label: String, enabled: Bool)] {
    let items: [(key: String, label: String, enabled: Bool)]
    if state.chat != nil { return [("Enter", "send", true), ("Esc", "cancel", true)] }
    if state.replaying { return [("q", "stop", true)] }
    switch state.view {
    case .help:
      items = [("any key", "back to the table", true)]
    case .history:
      items = [
        (options.unicode ? "↑ ↓" : "up/down", "scroll", true), ("PgUp PgDn", "page", true), ("!", "back", true),
      ]
    case .review:
      items = [
        (options.unicode ? "↑ ↓" : "up/down", "scroll", true), ("PgUp PgDn", "page", true), ("v", "back", true),
      ]
    case .table:
      if model.isSpectator {
        items =
          (model.hasFreeSeat ? [("Enter", "sit down", true)] : [])
          + [("/", "chat", true), ("!", "history", true), ("?", "help", true), ("Esc", "quit", true)]
      } else if case .over = model.phase {
        items = [
          ("Enter", "rematch", true), ("v", "review", true), ("/", "chat", true), ("!", "history", true),
          ("?", "help", true), ("Esc", "quit", true),
        ]
      } else {
        // Only the keys that do something now: Set and cards in open play, picks in one's own window.
        let pick = ("a-\(PlayState.key(for: Slot(max(0, model.cards.count - 1))))", "pick", true)
        var playing: [(key: String, label: String, enabled: Bool)] = []
        switch model.phase {
        case .open:
          playing = [("space", "Set", true), pick] + (model.deck > 0 ? [("+", "deal", true)] : [])
        case .window(let holder, _, _, _) where holder == model.seat:
          playing = [pick]
        case .window, .waiting, .paused, .over:
          break
        }
        items = playing + [("/", "chat", true), ("!", "history", true), ("?", "help", true), ("Esc", "quit", true)]
      }
    }
    return items
  }

  private func keyLine(_ items: [(key: String, label: String, enabled: Bool)]) -> StyledLine {
    var line = StyledLine(" ")
    for (index, item) in items.enumerated() {
      if index > 0 { line.add("  ") }
      let keyStyle = item.enabled ? TextStyle(reverse: true) : TextStyle(dim: true, reverse: true)
      if options.color {
        line.add(" \(item.key) ", keyStyle)
      } else {
        line.add(item.key)
      }
      line.add(" " + item.label, item.enabled ? .plain : TextStyle(dim: true))
    }
    return line
  }

  private func legend() -> StyledLine {
    let dim = TextStyle(dim: true)
    guard options.unicode else {
      return StyledLine(" codes: number 1-3, Red Green Purple, Solid sTriped Open, Diamond Oval Squiggle", dim)
    }
    var line = StyledLine(" ")
    for (shape, name) in ["diamond", "oval", "squiggle"].enumerated() {
      line.add("\(CardArt.glyphs[shape][0]) \(name) ", dim)
    }
    line.add("  ")
    for (shading, name) in ["solid", "striped", "open"].enumerated() {
      line.add("\(CardArt.glyphs[0][shading]) \(name) ", dim)
    }
    line.add("  ")
    for (colour, name) in ["red", "green", "purple"].enumerated() {
      line.add(String(CardArt.colourLetters[colour]), options.palette.card(colour))
      line.add(" \(name) ", dim)
    }
    return line
  }

  private func gameOver(_ model: ClientModel, result: GameResult?, columns: Int) -> [StyledLine] {
    let names = model.displayNames
    var lines: [StyledLine] = [StyledLine()]
    func centred(_ text: String, _ style: TextStyle = .plain) {
      // A sentence too wide for the screen goes on in a second line rather than being cut.
      for part in HumanTable.wrap(text, width: columns - 1) {
        lines.append(StyledLine(part.drop { $0 == " " }.description.centred(in: columns), style))
      }
    }
    guard let result else {
      centred("Game over", TextStyle(bold: true))
      return lines
    }
    centred("Game \(result.game) over", TextStyle(foreground: options.palette.accent, bold: true))
    lines.append(StyledLine())
    // Told under the names of those who played it: a seat may have changed hands since.
    let played = model.names(for: result)
    let viewer = model.viewer(of: result)
    let headline: String
    switch (result.ending, result.winner) {
    case (.forfeit(let loser), _):
      headline =
        loser == viewer
        ? "\(played[loser.opponent]) wins: you forfeit"
        : "\(loser.opponent == viewer ? "You win" : "\(played[loser.opponent]) wins"): \(played[loser]) forfeits"
    case (.completed, nil): headline = "A tie!"
    case (.completed, let winner?):
      headline = winner == viewer ? "You win!" : "\(played[winner]) wins"
    }
    centred(headline, TextStyle(bold: true))
    centred(Self.scoreLine(played, result.scores))
    centred("sets found: \(played.one) \(result.sets.one), \(played.two) \(result.sets.two)", TextStyle(dim: true))
    if model.results.count > 1 {
      // Each player's wins at this table, counted by name: a newcomer has won none of the games before.
      let wins = PerSeat<Int> { (seat: Seat) -> Int in
        model.results.filter { past in
          past.winner.map { PlayerName.same(model.names(for: past)[$0], names[seat]) } ?? false
        }.count
      }
      centred("games won: \(names.one) \(wins.one), \(names.two) \(wins.two)", TextStyle(dim: true))
    }
    if let summary = Self.reviewSummary(model, game: result.game) {
      lines.append(StyledLine())
      for part in HumanTable.wrap(summary, width: max(20, columns - 4)) {
        centred(String(part.drop { $0 == " " }), TextStyle(bold: true))
      }
      centred("v shows every set of the game and when it was there", TextStyle(dim: true))
    }
    lines.append(StyledLine())
    if let seat = model.seat {
      let other = seat.opponent
      if !model.present[other] {
        // Once a game is over, the seat of a player who left is free for the next name.
        centred("\(names[other]) has left: their seat is free for the next player", TextStyle(bold: true))
        centred(
          model.rematchAsked[seat]
            ? "You asked for a rematch: it starts when a new player sits down and asks too"
            : "Press Enter for a rematch with the next player, Esc twice to quit")
      } else if model.rematchAsked[seat] {
        centred("You asked for a rematch: waiting for \(names[other])")
      } else if model.rematchAsked[other] {
        centred("\(names[other]) wants a rematch: press Enter to play again", TextStyle(bold: true))
      } else {
        centred("Press Enter for a rematch (* on the same deck), Esc twice to quit", TextStyle(bold: true))
      }
    }
    return lines
  }

  /// Two players' scores set apart from their names: `ann 3 : -4 bob`.
  public static func scoreLine(_ names: PerSeat<String>, _ scores: PerSeat<Int>) -> String {
    "\(names.one) \(scores.one) : \(scores.two) \(names.two)"
  }

  // MARK: - Status lines

  private func status(_ model: ClientModel, now: Instant, columns: Int) -> StyledLine {
    var line = StyledLine(" ")
    let names = model.displayNames
    switch model.phase {
    case .waiting:
      line.add(
        model.isSpectator ? "Waiting for the game to start..." : "Waiting for an opponent to sit down...",
        TextStyle(dim: true))
    case .open:
      line.add("Open play: ", TextStyle(bold: true))
      if model.isSpectator {
        line.add("\(names.one) and \(names.two) look for a set")
      } else {
        let full = model.deck > 0 ? "press space to call Set, + for three more cards" : "press space to call Set"
        line.add(line.width + full.count <= columns ? full : "space calls Set")
      }
    case .window(let holder, let kind, let deadline, let length):
      let mine = holder == model.seat
      let name = names[holder]
      let text: String =
        switch (kind, mine) {
        case (.claim, true): "You called Set: pick \(model.rules.variant.groupSize == 4 ? "four" : "three") cards"
        case (.claim, false): model.isSpectator ? "\(name) holds the claim" : "\(name) called Set and is picking"
        case (.passedTurn, true): "Your turn: pick a set"
        case (.passedTurn, false): "\(name)'s turn to pick"
        case (.needlessDeal, true): "Your look: pick the set, no penalty"
        case (.needlessDeal, false): "\(name) looks for the set"
        }
      line.add(text, TextStyle(bold: true))
      if !model.selection.isEmpty {
        let keys = model.selection.map { String(PlayState.key(for: $0)) }.joined(separator: " ")
        line.add("  [\(keys)]", TextStyle(foreground: mine ? options.palette.mine : options.palette.theirs, bold: true))
      }
      let left = max(0, deadline.milliseconds(since: now))
      var clock = countdown(left: left, of: length, bar: true)
      if line.width + 1 + clock.width > columns { clock = countdown(left: left, of: length, bar: false) }
      line = line.clipped(to: columns - clock.width - 1)
      line.pad(to: min(52, columns - clock.width - 1))
      line.add(" ")
      line.add(clock)
    case .paused(_, _, _):
      let away = Seat.allCases.filter { !model.present[$0] }.map { names[$0] }
      line.add("Paused: \(away.isEmpty ? "a player" : away.joined(separator: " and ")) away", TextStyle(bold: true))
      if let forfeit = model.forfeitAt.values.compactMap({ $0 }).min() {
        line.add(", forfeit in \(HumanText.seconds(max(0, forfeit.milliseconds(since: now)) / 1000 * 1000))")
      }
    case .over:
      line.add("Game over", TextStyle(bold: true))
    }
    return line
  }

  /// A bar and the seconds left: `▕██████░░░░▏ 3.4 s`.
  private func countdown(left: Int64, of length: Int64, bar: Bool) -> StyledLine {
    let cells = 16
    let filled = length > 0 ? Int((left * Int64(cells) + length - 1) / length) : 0
    let full = min(cells, max(0, filled))
    var line = StyledLine()
    let tenths = left / 100
    let seconds = "\(tenths / 10).\(tenths % 10) s"
    if !bar {
      // No room for the bar: the seconds alone.
    } else if options.unicode {
      line.add("▕", TextStyle(dim: true))
      line.add(String(repeating: "█", count: full), TextStyle(foreground: options.palette.accent))
      line.add(String(repeating: "░", count: cells - full), TextStyle(dim: true))
      line.add("▏ ", TextStyle(dim: true))
    } else {
      line.add("[" + String(repeating: "#", count: full) + String(repeating: ".", count: cells - full) + "] ")
    }
    line.add(seconds, TextStyle(bold: true))
    return line
  }

  private func lastResult(_ model: ClientModel) -> StyledLine {
    guard let entry = model.log.lastResult else { return StyledLine(" ") }
    return line(entry, indent: " ", style: TextStyle(foreground: options.palette.accent))
  }

  private func notice(_ model: ClientModel, state: PlayState, now: Instant) -> StyledLine {
    var line = StyledLine(" ")
    let fresh = { (at: Instant) in now.milliseconds(since: at) < Self.noticeTime }
    if let chat = state.chat {
      line.add("Say: ", TextStyle(bold: true))
      line.add(chat + "_")
    } else if state.confirmingQuit {
      line.add("Press Esc again to quit, any other key to stay.", TextStyle(bold: true, reverse: true))
    } else if case .reconnecting(let attempt, let limit) = state.link {
      line.add("Connection lost: reconnecting (try \(attempt) of \(limit))...", TextStyle(bold: true))
    } else if case .lost(let why) = state.link {
      line.add("Disconnected: \(why)", TextStyle(bold: true))
    } else if case .connecting = state.link {
      line.add("Connecting...", TextStyle(dim: true))
    } else if let notice = state.notice, fresh(notice.at) {
      line.add(notice.text, TextStyle(bold: true))
    } else if let refusal = model.lastError, fresh(refusal.at) {
      line.add(refusal.error.text, TextStyle(bold: true))
    } else if state.replaying {
      // A record is not a table: nobody can sit down or be told the seats are taken.
    } else if model.isSpectator, model.hasFreeSeat {
      line.add("A seat is free: press Enter to sit down and play.", TextStyle(bold: true))
    } else if model.isNamed, model.seat == nil {
      line.add("You are watching: both seats are taken.", TextStyle(dim: true))
    }
    return line
  }

  /// The last `count` lines of the history in the order they happened, newest last, the latest
  /// result lit up and the rest dimmed; with room for one line only, the latest result.
  private func recent(_ model: ClientModel, count: Int) -> [StyledLine] {
    guard count > 1 else { return count == 1 ? [lastResult(model)] : [] }
    let entries = model.log.entries
    let latest = entries.lastIndex { $0.kind == .result || $0.kind == .game }
    return entries.indices.suffix(count).map { index in
      index == latest
        ? line(entries[index], indent: " ", style: TextStyle(foreground: options.palette.accent))
        : line(entries[index], indent: " ", style: TextStyle(dim: true))
    }
  }

  // MARK: - The chain

  /// The rows the chain takes below the table: a gap and its line, in a chain game once it has one.
  private func chainRows(_ model: ClientModel) -> Int { model.chain.isEmpty ? 0 : 2 }

  /// The chain beside the table, apart from it: each card with its key (`x`, `y`, `z`), picked ones
  /// shown reversed.
  private func chainLine(_ model: ClientModel) -> StyledLine {
    var line = StyledLine(" chain, use one: ", TextStyle(dim: true))
    for (slot, card) in zip(Slot.chain, model.chain) {
      let picked = model.selection.contains(slot)
      line.add(" \(PlayState.key(for: slot)) ", TextStyle(bold: true, reverse: picked))
      let symbol = options.unicode ? String(CardArt.glyph(card)) : card.description
      let symbols = options.unicode ? Array(repeating: symbol, count: card.number + 1).joined() : symbol
      var style = options.palette.card(card.colour)
      style.reverse = picked
      line.add(symbols, style)
      line.add(options.unicode ? " \(card)  " : "  ", TextStyle(dim: true))
    }
    return line
  }

  // MARK: - Help and history

  private func help(_ model: ClientModel) -> [StyledLine] {
    let title = TextStyle(foreground: options.palette.accent, bold: true)
    var lines = [
      StyledLine(" How to play", title),
      StyledLine(" Three cards are a set when number, colour, shading and shape are each"),
      StyledLine(" all the same or all different. Find one before your opponent does."),
      StyledLine(),
    ]
    if let rule = HumanText.variantRule(model.rules) {
      lines.insert(contentsOf: HumanTable.wrap(rule, width: 72).map { StyledLine(" " + $0, title) }, at: 3)
      if model.rules.variant.chains {
        lines.insert(StyledLine(" Keys x, y, z pick the chain's cards, drawn below the table."), at: lines.count - 1)
      }
    }
    let keys: [(String, String)] = [
      ("space", "call Set: you alone pick for 5 s. A set +1; wrong or too slow -1,"),
      ("", "and your opponent gets 10 s to find one"),
      ("a-u", "pick or unpick the card with that key (in open play, calls Set too)"),
      ("+", "three more cards; -1 if a set is on the table (then it is your"),
      ("", "opponent's turn to find it, for 7.5 s)"),
      ("/", "chat: type a line to everyone at the table, Enter sends it, Esc cancels"),
      ("!", "the history of every result; arrows and PgUp/PgDn scroll"),
      ("Tab", "the next theme (colours and card frames)"),
      ("Enter", "a rematch once the game is over (* on the same deck; v: the review)"),
      ("Esc Esc", "quit (Ctrl-C quits at once)"),
    ]
    for (key, text) in keys {
      var line = StyledLine(" ")
      line.add(key, TextStyle(bold: true))
      line.pad(to: 10)
      line.add(text)
      lines.append(line)
    }
    lines.append(StyledLine())
    lines.append(StyledLine(" Cards", title))
    for code in ["1RSD", "2GTO", "3POS"] {
      guard let card = CardCode.card(from: code) else { continue }
      var line = StyledLine(" ")
      let symbol = options.unicode ? String(CardArt.glyph(card)) : code
      let symbols = options.unicode ? Array(repeating: symbol, count: card.number + 1).joined(separator: " ") : code
      line.add(symbols, options.palette.card(card.colour))
      line.pad(to: 8)
      line.add(HumanText.words(card) + (options.unicode ? " (\(code))" : ""), TextStyle(dim: true))
      lines.append(line)
    }
    lines.append(StyledLine(" A card's letter is its colour: R red, G green, P purple. On the wire a card"))
    lines.append(StyledLine(" is four characters: number, colour, shading (Solid sTriped Open), shape."))
    return lines
  }

  private func history(_ model: ClientModel, scroll: Int, rows: Int) -> [StyledLine] {
    var all: [StyledLine] = []
    var game = -1
    for entry in model.log.entries {
      if entry.game != game, entry.game > 0 {
        game = entry.game
        all.append(StyledLine(" -- game \(game) --", TextStyle(foreground: options.palette.accent, bold: true)))
      }
      let style: TextStyle = entry.kind == .result ? .plain : TextStyle(dim: true)
      all.append(line(entry, indent: "   ", style: style))
    }
    let visible = max(1, rows - 1)
    let end = max(0, all.count - scroll)
    let start = max(0, end - visible)
    var title = StyledLine(" History", TextStyle(bold: true))
    title.add("  (lines \(start + 1)-\(end) of \(all.count))", TextStyle(dim: true))
    return [title] + all[start..<end]
  }
}

/// A whole screen: one styled line per terminal row.
public struct Frame: Equatable, Sendable {
  public var lines: [StyledLine]

  /// The lines as terminal output, with or without SGR escapes.
  public func encoded(color: Bool) -> [String] {
    lines.map { $0.encoded(color: color) }
  }

  /// For a terminal that can only print lines: the lines of `output` that are not blank and were not
  /// in `previous` (the last frame printed), in order; a line there twice is new the second time.
  public static func changedLines(_ output: [String], since previous: [String]) -> [String] {
    var earlier: [String: Int] = [:]
    for line in previous { earlier[line, default: 0] += 1 }
    var changed: [String] = []
    for line in output where !line.allSatisfy({ $0 == " " }) {
      if let count = earlier[line], count > 0 {
        earlier[line] = count - 1
      } else {
        changed.append(line)
      }
    }
    return changed
  }
}
