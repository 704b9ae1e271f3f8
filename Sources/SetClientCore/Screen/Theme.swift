/// A look for the whole client: a palette for a dark background and one for a light background, and
/// the style of the cards' frames. `Theme.all` lists them; the first, colour-blind safe, is the default.
public struct Theme: Equatable, Sendable {
  /// The theme's name, as `--theme` takes it.
  public let name: String
  /// What the theme is for, in a few words.
  public let summary: String
  /// The colours on a dark background.
  let dark: Palette
  /// The colours on a light background.
  let light: Palette
  /// The lines a card's box is drawn with.
  let frame: CardFrame

  /// Every theme, the default first.
  public static let all: [Theme] = [
    Theme(
      name: "okabe", summary: "colour-blind safe (Okabe and Ito's colours), the default",
      dark: Palette(cards: [166, 36, 175], border: 244, mine: 15, theirs: 75, accent: 75),
      light: Palette(cards: [166, 29, 126], border: 245, mine: 16, theirs: 25, accent: 25), frame: .rounded),
    Theme(
      name: "contrast", summary: "high contrast: bright colours, heavy frames",
      dark: Palette(cards: [208, 51, 201], border: 255, mine: 226, theirs: 51, accent: 226),
      light: Palette(cards: [124, 23, 90], border: 16, mine: 16, theirs: 19, accent: 19), frame: .heavy),
    Theme(
      name: "classic", summary: "the deck's own red, green and purple, square frames",
      dark: Palette(cards: [196, 40, 129], border: 250, mine: 15, theirs: 214, accent: 214),
      light: Palette(cards: [160, 28, 91], border: 242, mine: 16, theirs: 130, accent: 130), frame: .square),
    Theme(
      name: "pastel", summary: "soft colours, rounded frames",
      dark: Palette(cards: [217, 151, 183], border: 103, mine: 230, theirs: 117, accent: 117),
      light: Palette(cards: [167, 65, 97], border: 146, mine: 60, theirs: 67, accent: 67), frame: .rounded),
    Theme(
      name: "winter", summary: "festive: holly red, pine green and plum, gold highlights, double frames",
      dark: Palette(cards: [160, 34, 134], border: 153, mine: 15, theirs: 117, accent: 178),
      light: Palette(cards: [124, 22, 90], border: 67, mine: 16, theirs: 25, accent: 136), frame: .double),
    Theme(
      name: "pumpkin", summary: "festive: pumpkin orange, slime green and witch purple",
      dark: Palette(cards: [208, 112, 135], border: 94, mine: 226, theirs: 208, accent: 208),
      light: Palette(cards: [166, 64, 91], border: 94, mine: 16, theirs: 130, accent: 130), frame: .square),
  ]

  /// The default: colour-blind safe.
  public static let standard = all[0]

  /// The theme called `name`, or nil.
  public static func named(_ name: String) -> Theme? {
    all.first { $0.name == name.lowercased() }
  }

  /// The theme after this one in `all`, round to the first.
  public var next: Theme {
    let index = Self.all.firstIndex(of: self) ?? 0
    return Self.all[(index + 1) % Self.all.count]
  }
}

/// The lines a card's box is drawn with when it is not selected (a selected card is drawn with double
/// lines, or heavy ones where the frame is double).
enum CardFrame: Equatable, Sendable {
  case rounded
  case square
  case heavy
  case double
}

/// A theme's colours for one background, as xterm 256-colour indexes. The default's are chosen so that
/// people with red-green colour blindness can tell the three card colours apart: Okabe and Ito's
/// vermillion, bluish green and reddish purple, which differ in lightness as well as hue. Every card
/// also shows its colour's letter, whatever the theme.
struct Palette: Equatable, Sendable {
  /// Card colours by colour digit (red, green, purple).
  var cards: [UInt8]
  /// Card borders.
  var border: UInt8
  /// The border of a card this client selected.
  var mine: UInt8
  /// The border of a card the other player selected.
  var theirs: UInt8
  /// Headings and highlights.
  var accent: UInt8

  func card(_ colour: Int) -> TextStyle { TextStyle(foreground: cards[colour], bold: true) }
}
