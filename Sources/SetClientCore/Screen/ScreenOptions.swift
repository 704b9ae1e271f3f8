/// How the terminal client draws: which characters, whether in colour, and whether the terminal can
/// move its cursor (a full-screen client) or only print lines.
public struct ScreenOptions: Equatable, Sendable {
  /// Geometric shapes (◆ ● ▲) and box lines, or plain ASCII.
  public var unicode: Bool
  /// Colour and attributes by SGR escapes.
  public var color: Bool
  /// Whether frames are drawn in place (cursor moves); otherwise each frame is printed after the last.
  public var fullScreen: Bool
  /// The colours and card frames.
  public var theme: Theme
  /// Whether the terminal's background is light (the theme's light palette is used).
  public var light: Bool

  public init(
    unicode: Bool = true, color: Bool = true, fullScreen: Bool = true, theme: Theme = .standard, light: Bool = false
  ) {
    self.unicode = unicode
    self.color = color
    self.fullScreen = fullScreen
    self.theme = theme
    self.light = light
  }

  /// The colours in use: the theme's, for the background.
  var palette: Palette { light ? theme.light : theme.dark }

  /// Plain text: ASCII, no colour, drawn in place.
  public static let ascii = ScreenOptions(unicode: false, color: false, fullScreen: true)

  /// The options for `--ascii`, a theme and the environment: `NO_COLOR` (set, not empty) turns colour
  /// off; `TERM=dumb` (or no TERM) means plain ASCII printed line by line; those win over any theme.
  /// `COLORFGBG` with a light background (`0;15`, `0;7`) picks the theme's light palette, as `light` does.
  public static func detect(
    ascii: Bool, environment: [String: String], theme: Theme = .standard, light: Bool = false
  ) -> ScreenOptions {
    var options = ascii ? .ascii : ScreenOptions()
    options.theme = theme
    let background = environment["COLORFGBG"]?.split(separator: ";").last.flatMap { Int($0) }
    options.light = light || background == 7 || background == 15
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { options.color = false }
    let term = environment["TERM"] ?? ""
    if term.isEmpty || term == "dumb" {
      options = ScreenOptions(unicode: false, color: false, fullScreen: false, theme: theme, light: options.light)
    }
    return options
  }
}
