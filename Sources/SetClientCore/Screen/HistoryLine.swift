import SetCore

extension Renderer {
  /// A history line as the table shows cards: each card as its symbols in its colour (`◆◆ ●● ▲▲`),
  /// with its colour's letter when there is no colour; as codes (`2RSD`) in plain ASCII.
  func line(_ entry: HistoryEntry, indent: String, style: TextStyle) -> StyledLine {
    var line = StyledLine(indent + entry.lead, style)
    guard !entry.cards.isEmpty else { return line }
    for (index, card) in entry.cards.enumerated() {
      if index > 0 { line.add(" ", style) }
      line.add(symbols(card), options.unicode ? options.palette.card(card.colour) : style)
    }
    line.add(entry.tail, style)
    return line
  }

  /// One card in a sentence: `◆◆` (and `R` without colour), or `2RSD`.
  func symbols(_ card: Card) -> String {
    guard options.unicode else { return card.description }
    let glyphs = String(repeating: CardArt.glyph(card), count: card.number + 1)
    // The colour's letter is kept in colour too: colour is never shown by hue alone.
    return glyphs + String(CardArt.colourLetters[card.colour])
  }
}
