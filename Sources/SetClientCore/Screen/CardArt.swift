import SetCore

/// How one card is drawn: a box 9 columns wide and 3 lines high with its slot's key in the top border
/// and its colour's letter in the bottom one, holding one to three symbols whose glyph shows shape and
/// shading and whose colour shows colour. A card just dealt says `new` in its top border for a moment.
///
///     ╭ a ────╮      + a ----+      ╭ m ─new╮
///     │ ◆ ◆ ◆ │      | 3RSD  |      │   ●   │
///     ╰──── R ╯      +---- R +      ╰──── P ╯
enum CardArt {
  /// The box's width in columns, at the standard size.
  static let width = 9
  /// The box's height in lines, at the standard size.
  static let height = 3

  /// How large a card is drawn: the standard 9x3 box, or a larger one for large terminals.
  struct Size: Equatable {
    var width: Int
    var height: Int

    static let standard = Size(width: CardArt.width, height: CardArt.height)
    static let large = Size(width: 13, height: 5)
    static let larger = Size(width: 17, height: 7)
    static let largest = Size(width: 21, height: 9)
  }

  /// Whose selection a card is in, if anyone's.
  enum Mark: Equatable {
    case none
    case mine
    case theirs
    /// Just dealt or moved: its frame lights up for a moment.
    case fresh
  }

  /// Glyphs by shape (diamond, oval, squiggle), then shading (solid, striped, open).
  static let glyphs: [[Character]] = [["◆", "◈", "◇"], ["●", "◐", "○"], ["▲", "◭", "△"]]
  /// What the top border of a card just dealt or moved says.
  static let freshLabel = "new"
  /// Colour letters by colour digit.
  static let colourLetters: [Character] = ["R", "G", "P"]

  /// The card's symbol, such as `◆` for a solid diamond.
  static func glyph(_ card: Card) -> Character { glyphs[card.shape][card.shading] }

  /// The three lines of a card in `slot`.
  static func lines(
    _ card: Card, key: Character, mark: Mark, options: ScreenOptions, size: Size = .standard
  ) -> [StyledLine] {
    let inner = size.width - 2
    let box = Box(mark: mark, unicode: options.unicode, frame: options.theme.frame)
    let border =
      switch mark {
      case .none: TextStyle(foreground: options.palette.border)
      case .mine: TextStyle(foreground: options.palette.mine, bold: true)
      case .theirs: TextStyle(foreground: options.palette.theirs, bold: true)
      case .fresh: TextStyle(foreground: options.palette.accent, bold: true)
      }
    let keyStyle = mark == .none || mark == .fresh ? TextStyle(bold: true) : TextStyle(bold: true, reverse: true)
    let colour = options.palette.card(card.colour)
    var top = StyledLine()
    top.add(String(box.topLeft) + " ", border)
    top.add(String(key), keyStyle)
    // A card just dealt says so in words too, for screens without colour: `╭ a ─new╮`.
    let label = mark == .fresh ? Self.freshLabel : ""
    top.add(" " + String(repeating: box.line, count: size.width - 5 - label.count), border)
    top.add(label + String(box.topRight), border)
    var middle = StyledLine()
    middle.add(String(box.vertical), border)
    let spacing = String(repeating: " ", count: max(1, (size.width - 5) / 4))
    if options.unicode {
      let symbols = Array(repeating: String(glyph(card)), count: card.number + 1).joined(separator: spacing)
      middle.add(symbols.centred(in: inner), colour)
    } else {
      middle.add(card.description.centred(in: inner), colour)
    }
    middle.add(String(box.vertical), border)
    var blank = StyledLine()
    blank.add(String(box.vertical) + String(repeating: " ", count: inner) + String(box.vertical), border)
    var bottom = StyledLine()
    bottom.add(String(box.bottomLeft) + String(repeating: box.line, count: size.width - 5) + " ", border)
    bottom.add(String(colourLetters[card.colour]), colour)
    bottom.add(" " + String(box.bottomRight), border)
    let padding = Array(repeating: blank, count: (size.height - 3) / 2)
    return [top] + padding + [middle] + padding + [bottom]
  }

  /// The characters of a card's box.
  struct Box {
    var topLeft: Character
    var topRight: Character
    var bottomLeft: Character
    var bottomRight: Character
    var vertical: Character
    var line: Character

    init(mark: Mark, unicode: Bool, frame: CardFrame = .rounded) {
      let lines: CardFrame? =
        switch (unicode, mark, frame) {
        case (false, _, _): nil
        case (true, .none, _), (true, .fresh, _): frame
        case (true, _, .double): .heavy
        case (true, _, _): .double
        }
      switch (lines, mark) {
      case (.rounded, _):
        (topLeft, topRight, bottomLeft, bottomRight, vertical, line) = ("╭", "╮", "╰", "╯", "│", "─")
      case (.square, _):
        (topLeft, topRight, bottomLeft, bottomRight, vertical, line) = ("┌", "┐", "└", "┘", "│", "─")
      case (.heavy, _):
        (topLeft, topRight, bottomLeft, bottomRight, vertical, line) = ("┏", "┓", "┗", "┛", "┃", "━")
      case (.double, _):
        (topLeft, topRight, bottomLeft, bottomRight, vertical, line) = ("╔", "╗", "╚", "╝", "║", "═")
      case (nil, .none), (nil, .fresh):
        (topLeft, topRight, bottomLeft, bottomRight, vertical, line) = ("+", "+", "+", "+", "|", "-")
      case (nil, _):
        (topLeft, topRight, bottomLeft, bottomRight, vertical, line) = ("#", "#", "#", "#", "#", "=")
      }
    }
  }
}
