import SetCore
import SetProtocol

// The header with both players, the key bar, the legend and the game-over panel.
extension Renderer {
  /// The header: the title, the table and the game's number, both players, the deck. Where it does not
  /// fit, the title and the table's name go first, then the ratings; the game's number stays while
  /// anything but the players and the deck can.
  func header(_ model: ClientModel, columns: Int) -> StyledLine {
    let game = model.game > 0 ? StyledLine("game \(model.game)", TextStyle(dim: true)) : StyledLine()
    var titled = StyledLine(" SetDuel", TextStyle(foreground: options.palette.accent, bold: true))
    if model.hall.count > 1, let table = model.tableListing { titled.add(" \(table.name)", TextStyle(dim: true)) }
    if game.width > 0 { titled.add("  ") }
    titled.add(game)
    var numbered = StyledLine(" ")
    numbered.add(game)
    // Before the first game there is no deck to speak of.
    let right = StyledLine(model.game > 0 ? "deck \(model.deck) " : " ", TextStyle(bold: true))
    let rated = players(model, ratings: true)
    let plain = players(model, ratings: false)
    for (left, middle) in [(titled, rated), (numbered, rated), (numbered, plain), (StyledLine(), plain)] {
      var line = left
      let start = left.width == 0 ? 0 : max(left.width + 2, (columns - middle.width) / 2)
      line.pad(to: start)
      line.add(middle)
      line.pad(to: max(line.width + 2, columns - right.width))
      line.add(right)
      if line.width <= columns { return line }
    }
    var narrow = plain
    narrow.add("  ")
    narrow.add(right)
    return narrow
  }

  /// Both seats, `ann (you) 3 : -4 bob`.
  private func players(_ model: ClientModel, ratings: Bool) -> StyledLine {
    var middle = player(.one, model, ratings: ratings)
    middle.add(" : ", TextStyle(dim: true))
    middle.add(player(.two, model, ratings: ratings))
    return middle
  }

  /// A seat in the header, its score toward the middle and set apart from the name by a colon
  /// between the two seats: `> ann (you) 3 : -4 bob`; with `ratings`, each rating and mood too
  /// (`-4 bot [1500] (^_^)`), which a narrow header drops first.
  func player(_ seat: Seat, _ model: ClientModel, ratings: Bool = true) -> StyledLine {
    let holding = model.phase.holder == seat
    let marker = StyledLine(
      holding ? (options.unicode ? (seat == .one ? "▶ " : " ◀") : (seat == .one ? "> " : " <")) : "  ",
      TextStyle(foreground: options.palette.accent, bold: true))
    var name = StyledLine()
    var score = StyledLine()
    if let player = model.names[seat] {
      name.add(player, TextStyle(bold: true))
      if ratings, let rating = model.ratings?[seat] {
        // After a resume the change is not known: the rating alone.
        let change = model.ratingChanges.map { " \($0[seat] >= 0 ? "+" : "")\($0[seat])" } ?? ""
        name.add(" [\(rating)\(change)]", TextStyle(dim: true))
      }
      if ratings, let mood = model.moods[seat] {
        name.add(" " + mood.face, TextStyle(foreground: options.palette.accent))
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
  func keyBar(_ model: ClientModel, state: PlayState, columns: Int) -> StyledLine {
    keyLine(keyItems(model, state: state), fitting: columns)
  }

  func keyItems(_ model: ClientModel, state: PlayState) -> [(key: String, label: String, enabled: Bool)] {
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
    case .standings:
      let tourney = model.tourney
      let open = tourney.isRunningOne && tourney.summary?.state != "finished"
      let entry: [(key: String, label: String, enabled: Bool)] =
        !open
        ? []
        : tourney.entered
          ? [(String(PlayState.withdrawKey), "withdraw", true)] : [(String(PlayState.enterKey), "enter", true)]
      items =
        [(options.unicode ? "↑ ↓" : "up/down", "scroll", true)] + entry + [
          (String(PlayState.standingsKey), "back", true)
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
      // The tournament's standings come after the keys that play, the last to go where the bar is
      // narrow; a hall's list is a key away, kept before quit.
      var items = items
      if model.tourney.isRunningOne, model.card(at: PlayState.standingsSlot) == nil {
        let chat = items.firstIndex { $0.key == "/" } ?? items.count - 1
        items.insert((String(PlayState.standingsKey), "standings", true), at: chat)
      }
      if !model.hall.isEmpty {
        return items.dropLast() + [(String(PlayState.hallKey), "tables", true)] + items.suffix(1)
      }
      return items
    }
    return items
  }

  func keyLine(_ items: [(key: String, label: String, enabled: Bool)]) -> StyledLine {
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

  func legend() -> StyledLine {
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

  func gameOver(_ model: ClientModel, result: GameResult?, columns: Int) -> [StyledLine] {
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
}
