import SetCore

extension Renderer {
  /// The table drawn as the game draws it, for the commands that print line by line (practice, the
  /// daily puzzle): the same cards with the same lower-case keys, in standard boxes when they fit
  /// `columns` and the terminal draws them, else one card a line. Each line is encoded for the terminal (colour or plain).
  public func printedTable(_ cards: [Card], columns: Int) -> [String] {
    var model = ClientModel()
    model.cards = cards
    let boxes = GridStyle.boxes(.standard, gapped: true)
    let fits = Self.gridSize(boxes, count: cards.count, columns: columns).columns <= columns
    let style = options.fullScreen && options.unicode && fits ? boxes : .compact
    return grid(model, style: style, now: Instant(milliseconds: 0), columns: min(columns, 80)).map {
      $0.encoded(color: options.color)
    }
  }
}
