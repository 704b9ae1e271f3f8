/// A symbol drawn for a web page (SVG) and for a terminal (half-block characters), with the quiet zone.
extension QRCode {
  /// Which modules a terminal drawing paints with block characters, in the terminal's text colour.
  public enum TerminalInk: Sendable {
    /// The light modules: for a terminal with light text on a dark background, the usual kind,
    /// where the background shows as the dark modules.
    case lightModules
    /// The dark modules: for dark text on a light background.
    case darkModules
  }

  /// An SVG image of the symbol: one `<path>` of the dark modules over a background rectangle, the
  /// quiet zone included, the view box measured in modules and edges drawn crisp.
  public func svg(foreground: String = "#000", background: String = "#fff") -> String {
    let side = size + 2 * Self.quietZone
    var path = ""
    for row in 0..<size {
      var column = 0
      while column < size {
        guard modules[row][column] else {
          column += 1
          continue
        }
        let start = column
        while column < size, modules[row][column] { column += 1 }
        path += "M\(start + Self.quietZone) \(row + Self.quietZone)h\(column - start)v1h-\(column - start)z"
      }
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">\
      <rect width="\(side)" height="\(side)" fill="\(background)"/><path fill="\(foreground)" d="\(path)"/></svg>
      """
  }

  /// The symbol in half-block characters, one line for every two module rows and one character for
  /// each module column, the quiet zone included (with one light row more at the bottom when the rows
  /// are odd): `▀` paints the upper module, `▄` the lower, `█` both, a space neither.
  public func terminalLines(ink: TerminalInk = .lightModules) -> [String] {
    let zone = Self.quietZone
    let side = size + 2 * zone
    func painted(_ row: Int, _ column: Int) -> Bool {
      let isDark = isDark(row: row - zone, column: column - zone)
      return ink == .darkModules ? isDark : !isDark
    }
    return stride(from: 0, to: side, by: 2).map { top in
      String(
        (0..<side).map { column in
          let upper = painted(top, column)
          let lower = painted(top + 1, column)
          return upper ? (lower ? "█" : "▀") : (lower ? "▄" : " ")
        })
    }
  }
}
