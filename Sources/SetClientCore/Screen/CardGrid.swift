import SetCore

extension Renderer {
  /// How the cards are laid out: boxes of a size, with or without a blank line between rows, or one
  /// line a card.
  enum GridStyle: Equatable {
    case boxes(CardArt.Size, gapped: Bool)
    case compact
  }

  /// The styles tried, largest first.
  static let gridStyles: [GridStyle] = [
    .boxes(.largest, gapped: true), .boxes(.larger, gapped: true), .boxes(.large, gapped: true),
    .boxes(.standard, gapped: true), .boxes(.standard, gapped: false), .compact,
  ]

  /// The rows a style larger than the standard leaves free below the cards, for the last result, the
  /// notice, the hints and the history.
  static let rowsBesideLargeCards = 12

  /// How long cards just dealt or moved stay highlighted, in milliseconds.
  static let freshTime: Int64 = 1_500

  /// The columns a compact card takes: its key, a space and four columns of symbols or code.
  static let compactWidth = 6

  /// Rows and columns of cards for `count` cards `pitch` columns apart in `columns` columns: three rows
  /// while they fit.
  static func gridShape(count: Int, columns: Int, pitch: Int = CardArt.width + gap) -> (rows: Int, columns: Int) {
    let fitting = max(1, (columns + gap) / pitch)
    let rows = max(3, (count + fitting - 1) / fitting)
    return (rows, max(1, (count + rows - 1) / rows))
  }

  /// The width and height a style takes for `count` cards in `columns` columns.
  static func gridSize(_ style: GridStyle, count: Int, columns: Int) -> (columns: Int, rows: Int) {
    switch style {
    case .boxes(let size, let gapped):
      let shape = gridShape(count: count, columns: columns, pitch: size.width + gap)
      let height = shape.rows * size.height + (gapped ? shape.rows - 1 : 0)
      return (shape.columns * (size.width + gap) - gap, height)
    case .compact:
      let shape = gridShape(count: count, columns: columns, pitch: compactWidth + gap)
      return (shape.columns * (compactWidth + gap) - gap, shape.rows)
    }
  }

  /// The smallest terminal the table of `count` cards fits: one line a card, three rows of cards, the
  /// header, the status and the key bar.
  static func smallestSize(cards count: Int) -> (columns: Int, rows: Int) {
    let across = max(1, (count + 2) / 3)
    return (max(40, across * (compactWidth + gap) - gap), 3 + 3)
  }

  /// The cards in the largest style that fits `columns` by `rows` (large boxes only when there is room
  /// to spare), or nil when none does. With no cards, the line saying what is awaited.
  func fittedGrid(_ model: ClientModel, now: Instant, columns: Int, rows: Int) -> [StyledLine]? {
    let count = model.cards.count
    guard count > 0 else {
      let text = model.isNamed ? "Waiting for the game to start..." : "Connecting..."
      return rows > 0 ? [StyledLine(text.centred(in: columns), TextStyle(dim: true))] : nil
    }
    // Printed line by line, a card on one line reads well on its own when only its row is printed.
    for style in options.fullScreen ? Self.gridStyles : [.compact] {
      let size = Self.gridSize(style, count: count, columns: columns)
      let large = if case .boxes(let box, _) = style { box.width > CardArt.width } else { false }
      let spare = large ? Self.rowsBesideLargeCards : 0
      guard size.columns <= columns, size.rows + spare <= rows else { continue }
      return grid(model, style: style, now: now, columns: columns)
    }
    return nil
  }

  func grid(_ model: ClientModel, style: GridStyle, now: Instant, columns: Int) -> [StyledLine] {
    let count = model.cards.count
    let (cellWidth, cellHeight, gapped): (Int, Int, Bool) =
      switch style {
      case .boxes(let size, let gapped): (size.width, size.height, gapped)
      case .compact: (Self.compactWidth, 1, false)
      }
    let shape = Self.gridShape(count: count, columns: columns, pitch: cellWidth + Self.gap)
    let width = shape.columns * (cellWidth + Self.gap) - Self.gap
    let margin = max(0, (columns - width) / 2)
    let holderIsMe = model.holdsWindow
    var lines: [StyledLine] = []
    for row in 0..<shape.rows {
      if row > 0, gapped { lines.append(StyledLine()) }
      var cardLines = Array(repeating: StyledLine(String(repeating: " ", count: margin)), count: cellHeight)
      for column in 0..<shape.columns {
        let index = column * shape.rows + row
        guard index < count else { continue }
        let slot = Slot(index)
        let fresh = model.freshSlots.contains(slot) && now.milliseconds(since: model.freshAt) < Self.freshTime
        let mark: CardArt.Mark =
          model.selection.contains(slot) ? (holderIsMe ? .mine : .theirs) : fresh ? .fresh : .none
        let key = PlayState.key(for: slot)
        let art: [StyledLine]
        switch style {
        case .boxes(let size, _):
          art = CardArt.lines(model.cards[index], key: key, mark: mark, options: options, size: size)
        case .compact:
          art = [compactCard(model.cards[index], key: key, mark: mark)]
        }
        for (i, line) in art.enumerated() {
          cardLines[i].pad(to: margin + column * (cellWidth + Self.gap))
          cardLines[i].add(line)
        }
      }
      lines += cardLines
    }
    return lines
  }

  /// A card on one line: its key (reversed when selected) and its symbols, `a ◆◆◆` or `a 3RSD`.
  private func compactCard(_ card: Card, key: Character, mark: CardArt.Mark) -> StyledLine {
    var line = StyledLine()
    let keyStyle: TextStyle =
      switch mark {
      case .none: TextStyle(bold: true)
      case .fresh: TextStyle(foreground: options.palette.accent, bold: true)
      case .mine: TextStyle(foreground: options.palette.mine, bold: true, reverse: true)
      case .theirs: TextStyle(foreground: options.palette.theirs, bold: true, reverse: true)
      }
    let plainKey = mark == .none || mark == .fresh || options.color
    line.add(plainKey ? String(key) : String(key).uppercased(), keyStyle)
    line.add(" ")
    line.add(symbols(card), options.unicode ? options.palette.card(card.colour) : .plain)
    return line
  }
}
