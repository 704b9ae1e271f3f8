/// How the terminal client draws: which characters, whether in colour, and whether the terminal can
/// move its cursor (a full-screen client) or only print lines.
public struct ScreenOptions: Equatable, Sendable {
  /// Geometric shapes (◆ ● ▲) and box lines, or plain ASCII.
  public var unicode: Bool
  /// Colour and attributes by SGR escapes.
  public var color: Bool
  /// Whether frames are drawn in place (cursor moves); otherwise each frame is printed after the last.
  public var fullScreen: Bool

  public init(unicode: Bool = true, color: Bool = true, fullScreen: Bool = true) {
    self.unicode = unicode
    self.color = color
    self.fullScreen = fullScreen
  }

  /// Plain text: ASCII, no colour, drawn in place.
  public static let ascii = ScreenOptions(unicode: false, color: false, fullScreen: true)

  /// The options for `--ascii` and the environment: `NO_COLOR` (set, not empty) turns colour off;
  /// `TERM=dumb` (or no TERM) means plain ASCII printed line by line.
  public static func detect(ascii: Bool, environment: [String: String]) -> ScreenOptions {
    var options = ascii ? .ascii : ScreenOptions()
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { options.color = false }
    let term = environment["TERM"] ?? ""
    if term.isEmpty || term == "dumb" { options = ScreenOptions(unicode: false, color: false, fullScreen: false) }
    return options
  }
}

/// The colours the client uses, chosen so that people with red-green colour blindness can tell the
/// three card colours apart: Okabe and Ito's vermillion, bluish green and reddish purple, which differ
/// in lightness as well as hue. Every card also shows its colour's letter.
enum Palette {
  /// Card colours by colour digit (red, green, purple), as xterm 256-colour indexes.
  static let cards: [UInt8] = [166, 36, 175]
  /// Card borders.
  static let border: UInt8 = 244
  /// The border of a card this client selected.
  static let mine: UInt8 = 15
  /// The border of a card the other player selected.
  static let theirs: UInt8 = 75
  /// Headings and highlights.
  static let accent: UInt8 = 75

  static func card(_ colour: Int) -> TextStyle { TextStyle(foreground: cards[colour], bold: true) }
}
