import SetCore

/// The table drawn as text for the human presentation, and the fitting of lines to a terminal's width.
public enum HumanTable {
  /// The widest line the human presentation writes: one less than an 80-column terminal, so that no
  /// line wraps, even where the terminal wraps at its last column.
  public static let width = 79

  /// The widest sentence or status line: these may arrive just after a `> ` prompt, on its row.
  public static let sentenceWidth = width - 2

  /// How a slot is marked in a drawing: picked (`*`), changed since the last drawing (`+`), or plain.
  static func mark(_ slot: Slot, picked: [Slot], changed: [Slot]) -> String {
    picked.contains(slot) ? "*" : changed.contains(slot) ? "+" : " "
  }

  /// The table in words, two cards a row (12 cards in 6 lines): picked slots marked `*`, changed ones `+`.
  public static func full(_ cards: [Card], picked: [Slot] = [], changed: [Slot] = []) -> [String] {
    var lines: [String] = []
    var row = ""
    for (i, card) in cards.enumerated() {
      let slot = Slot(i)
      let cell = "\(mark(slot, picked: picked, changed: changed))\(slot.label) \(card)  \(HumanText.words(card))"
      if i % 2 == 0 {
        row = cell.padded(to: 40)
      } else {
        lines.append(row + cell)
        row = ""
      }
    }
    if !row.isEmpty { lines.append(row.trimmedRight()) }
    return lines
  }

  /// The chain beside the table, in the chain variant: `Chain: X 1RSD  Y 2GTO  Z 3POS`, picked slots marked `*`.
  public static func chain(_ cards: [Card], picked: [Slot] = []) -> String {
    "Chain (use one):"
      + zip(Slot.chain, cards).map { " \(mark($0, picked: picked, changed: []))\($0.label) \($1)" }.joined(
        separator: " ")
  }

  /// The table in codes, four cards a row as Set is laid out (12 cards in 3 lines): the redraw after
  /// a change, with the changed slots marked `+`.
  public static func compact(_ cards: [Card], changed: [Slot] = []) -> [String] {
    stride(from: 0, to: cards.count, by: 4).map { start in
      (start..<min(start + 4, cards.count)).map { i in
        let slot = Slot(i)
        return "\(mark(slot, picked: [], changed: changed))\(slot.label) \(cards[i])"
      }.joined(separator: "    ").trimmedRight()
    }
  }

  /// What a card's four characters mean: shown once a game, under its first table, and on `HELP CARDS`.
  public static let legend = [
    "Cards: number 1-3, colour Red Green Purple, shading Solid sTriped Open,",
    "shape Diamond Oval Squiggle: 2RSD is two red solid diamonds.",
  ]

  /// `text` broken at spaces into lines of at most `width` columns, later lines indented by two
  /// spaces; a word too long for a line is cut.
  public static func wrap(_ text: String, width: Int = HumanTable.sentenceWidth) -> [String] {
    guard text.count > width else { return [text] }
    var lines: [String] = []
    var line = ""
    // The characters in `line`, kept as it grows: a string counts its characters by walking them all,
    // which for a long line at every word would take time in the square of its length.
    var count = 0
    for word in Self.words(text) {
      let length = word.count
      if line.isEmpty {
        let indent = lines.isEmpty ? "" : "  "
        line = indent + word
        count = indent.count + length
      } else if count + 1 + length <= width {
        line += " " + word
        count += 1 + length
      } else {
        lines.append(line)
        line = "  " + word
        count = 2 + length
      }
      if count > width { (line, count) = cut(line, count: count, width: width, into: &lines) }
    }
    if !line.trimmingSpaces.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// `line`, of `count` characters, cut into lines of `width` (each after the first indented by two
  /// spaces) appended to `lines`: the last piece, shorter, and its count.
  private static func cut(_ line: String, count: Int, width: Int, into lines: inout [String]) -> (String, Int) {
    var rest = Substring(line)
    var count = count
    var indent = ""
    while count > width {
      let end = rest.index(rest.startIndex, offsetBy: width - indent.count)
      lines.append(indent + rest[..<end])
      rest = rest[end...]
      count += 2 - width
      indent = "  "
    }
    return (indent + rest, count)
  }
}

extension HumanTable {
  /// The words of `text` for wrapping: a number and its unit (`1.4 s`) make one word, so that a line
  /// never ends in a number whose unit starts the next.
  static func words(_ text: String) -> [Substring] {
    var words: [Substring] = []
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      if let last = words.last, last.last?.isNumber == true,
        word == "s" || word.hasPrefix("s,")
          || word.hasPrefix("s.") || word.hasPrefix("s;") || word.hasPrefix("s)")
      {
        let start = last.startIndex
        words[words.count - 1] = text[start..<word.endIndex]
      } else {
        words.append(word)
      }
    }
    return words
  }
}

extension String {
  fileprivate func padded(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }

  fileprivate func trimmedRight() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }

  fileprivate var trimmingSpaces: Substring { drop(while: { $0 == " " }) }
}
