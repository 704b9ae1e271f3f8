import SetCore
import SetProtocol

// The help screen and the history of games.
extension Renderer {
  func help(_ model: ClientModel) -> [StyledLine] {
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
      ("Esc Esc", "quit (Ctrl-C at once); # a hall's tables; s its tournament's standings"),
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

  func history(_ model: ClientModel, scroll: Int, rows: Int, columns: Int) -> [StyledLine] {
    var all: [StyledLine] = []
    var game = -1
    for entry in model.log.entries {
      if entry.game != game, entry.game > 0 {
        game = entry.game
        all.append(StyledLine(" -- game \(game) --", TextStyle(foreground: options.palette.accent, bold: true)))
      }
      let style: TextStyle = entry.kind == .result ? .plain : TextStyle(dim: true)
      // Each line whole, wrapped: a wrong pick's reason is as long as a sentence gets.
      all += line(entry, indent: "   ", style: style).wrapped(to: columns, indent: "     ")
    }
    let visible = max(1, rows - 1)
    let end = max(0, all.count - scroll)
    let start = max(0, end - visible)
    var title = StyledLine(" History", TextStyle(bold: true))
    title.add("  (lines \(start + 1)-\(end) of \(all.count))", TextStyle(dim: true))
    return [title] + all[start..<end]
  }
}
