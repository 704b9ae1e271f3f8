import SetProtocol

/// How a piece of text looks: a 256-colour foreground and a few attributes.
public struct TextStyle: Equatable, Sendable {
  /// The xterm 256-colour index of the text, or nil for the terminal's own colour.
  public var foreground: UInt8?
  public var bold = false
  public var dim = false
  public var reverse = false

  public init(foreground: UInt8? = nil, bold: Bool = false, dim: Bool = false, reverse: Bool = false) {
    self.foreground = foreground
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
  }

  /// The terminal's plain text.
  public static let plain = TextStyle()

  /// The SGR escape that sets this style from a reset, or "" for plain text.
  var escape: String {
    var codes: [String] = []
    if bold { codes.append("1") }
    if dim { codes.append("2") }
    if reverse { codes.append("7") }
    if let foreground { codes.append("38;5;\(foreground)") }
    return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}

/// One line of the screen as styled pieces. Every character is taken to fill one column: the
/// renderer uses no wide characters.
public struct StyledLine: Equatable, Sendable {
  /// The pieces, in order.
  public private(set) var spans: [(text: String, style: TextStyle)] = []
  /// The columns the line fills.
  public private(set) var width = 0

  public init() {}

  /// A line of one piece.
  public init(_ text: String, _ style: TextStyle = .plain) {
    add(text, style)
  }

  public static func == (lhs: StyledLine, rhs: StyledLine) -> Bool {
    lhs.width == rhs.width && lhs.spans.elementsEqual(rhs.spans) { $0.text == $1.text && $0.style == $1.style }
  }

  /// Adds text at the end, made harmless (`Harmless`): names, chat and notices come from others.
  public mutating func add(_ text: String, _ style: TextStyle = .plain) {
    guard !text.isEmpty else { return }
    let text = Harmless.text(text)
    spans.append((text, style))
    width += text.count
  }

  /// Adds another line's pieces at the end.
  public mutating func add(_ line: StyledLine) {
    for span in line.spans { add(span.text, span.style) }
  }

  /// Adds spaces up to `column`.
  public mutating func pad(to column: Int) {
    if width < column { add(String(repeating: " ", count: column - width)) }
  }

  /// The line cut to at most `columns` columns.
  public func clipped(to columns: Int) -> StyledLine {
    guard width > columns else { return self }
    var line = StyledLine()
    for span in spans {
      let room = columns - line.width
      guard room > 0 else { break }
      line.add(String(span.text.prefix(room)), span.style)
    }
    return line
  }

  /// The line cut to at most `columns` columns at a space, ending in `ellipsis`, so that no word or
  /// number is cut in two; the line itself when it fits.
  public func clippedAtWord(to columns: Int, ellipsis: String) -> StyledLine {
    guard width > columns else { return self }
    let room = max(0, columns - ellipsis.count)
    let plain = Array(text)
    var cut = room
    while cut > 0, plain[cut] != " " { cut -= 1 }
    if cut == 0 { cut = room }
    while cut > 0, plain[cut - 1] == " " { cut -= 1 }
    var line = clipped(to: cut)
    line.add(ellipsis, spans.last?.style ?? .plain)
    return line
  }

  /// The plain characters, with no styling.
  public var text: String { spans.map(\.text).joined() }

  /// The line as terminal output: with SGR escapes when `color` is true, else the plain characters.
  /// Trailing spaces are kept only where they carry a style.
  public func encoded(color: Bool) -> String {
    guard color else { return text.trimmingTrailingSpaces() }
    var output = ""
    var current = TextStyle.plain
    for span in spans {
      if span.style != current {
        if current != .plain { output += "\u{1B}[0m" }
        output += span.style.escape
        current = span.style
      }
      output += span.text
    }
    if current != .plain { output += "\u{1B}[0m" }
    return output.trimmingTrailingSpaces()
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }

  /// The text centred in `width` columns (left-leaning), or the text itself if it is wider.
  func centred(in width: Int) -> String {
    let room = width - count
    guard room > 0 else { return self }
    return String(repeating: " ", count: room / 2) + self + String(repeating: " ", count: room - room / 2)
  }
}
