import SetCore
import SetProtocol

// The status lines: whose claim or turn it is, the countdown, notices, results and the chain.
extension Renderer {
  func status(_ model: ClientModel, now: Instant, columns: Int) -> StyledLine {
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
      let count = model.rules.variant.groupSize == 4 ? "four" : "three"
      // The whole sentence, and the words kept when it and the seconds do not fit the line.
      let (text, short): (String, String) =
        switch (kind, mine) {
        case (.claim, true): ("You called Set: pick \(count) cards", "Pick \(count) cards")
        case (.claim, false):
          model.isSpectator
            ? ("\(name) holds the claim", "\(name) picks") : ("\(name) called Set and is picking", "\(name) is picking")
        case (.passedTurn, true): ("Your turn: pick a set", "Your turn")
        case (.passedTurn, false): ("\(name)'s turn to pick", "\(name)'s turn")
        case (.needlessDeal, true): ("Your look: pick the set, no penalty", "Your look, no penalty")
        case (.needlessDeal, false): ("\(name) looks for the set", "\(name) looks")
        }
      let left = max(0, deadline.milliseconds(since: now))
      let seconds = countdown(left: left, of: length, bar: false).width
      line.add(line.width + text.count + 1 + seconds <= columns ? text : short, TextStyle(bold: true))
      if !model.selection.isEmpty {
        let keys = model.selection.map { String(PlayState.key(for: $0)) }.joined(separator: " ")
        line.add("  [\(keys)]", TextStyle(foreground: mine ? options.palette.mine : options.palette.theirs, bold: true))
      }
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
  func countdown(left: Int64, of length: Int64, bar: Bool) -> StyledLine {
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

  func lastResult(_ model: ClientModel) -> StyledLine {
    guard let entry = model.log.lastResult else { return StyledLine(" ") }
    return line(entry, indent: " ", style: TextStyle(foreground: options.palette.accent))
  }

  func notice(_ model: ClientModel, state: PlayState, now: Instant) -> StyledLine {
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

  /// The last `count` rows of the history in the order they happened, newest last, the latest
  /// result lit up and the rest dimmed, each line wrapped to `columns` so that it reads whole (a wrong
  /// pick's reason and its -1); with room for one row only, the latest result.
  func recent(_ model: ClientModel, count: Int, columns: Int) -> [StyledLine] {
    guard count > 1 else { return count == 1 ? [lastResult(model)] : [] }
    let entries = model.log.entries
    let latest = entries.lastIndex { $0.kind == .result || $0.kind == .game }
    var rows: [StyledLine] = []
    for index in entries.indices.reversed() {
      let style = index == latest ? TextStyle(foreground: options.palette.accent) : TextStyle(dim: true)
      let wrapped = line(entries[index], indent: " ", style: style).wrapped(to: columns)
      guard rows.count + wrapped.count <= count else {
        if rows.isEmpty { rows = Array(wrapped.prefix(count)) }
        break
      }
      rows.insert(contentsOf: wrapped, at: 0)
    }
    return rows
  }

  // MARK: - The chain

  /// The rows the chain takes below the table: a gap and its line, in a chain game once it has one.
  func chainRows(_ model: ClientModel) -> Int { model.chain.isEmpty ? 0 : 2 }

  /// The chain beside the table, apart from it: each card with its key (`x`, `y`, `z`), picked ones
  /// shown reversed.
  func chainLine(_ model: ClientModel) -> StyledLine {
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
}
