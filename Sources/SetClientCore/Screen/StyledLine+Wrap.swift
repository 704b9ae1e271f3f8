extension StyledLine {
  /// The line broken at spaces into lines of at most `columns` columns, each later line starting with
  /// `indent`, the styles kept; a word longer than a line is cut. The line itself when it fits.
  public func wrapped(to columns: Int, indent: String = "   ") -> [StyledLine] {
    guard width > columns, columns > indent.count + 1 else { return [self] }
    let plain = Array(text)
    var lines: [StyledLine] = []
    var start = 0
    while start < plain.count {
      let lead = lines.isEmpty ? 0 : indent.count
      let room = columns - lead
      var end = min(plain.count, start + room)
      if end < plain.count {
        // Break at the last space that fits, or cut a word longer than the line.
        var space = end
        while space > start, plain[space] != " " { space -= 1 }
        if space > start { end = space }
      }
      var line = lines.isEmpty ? StyledLine() : StyledLine(indent)
      line.add(slice(start, end))
      lines.append(line)
      start = end
      while start < plain.count, plain[start] == " " { start += 1 }
    }
    return lines
  }

  /// The characters from column `from` up to `to`, with their styles.
  func slice(_ from: Int, _ to: Int) -> StyledLine {
    var line = StyledLine()
    var column = 0
    for span in spans {
      let count = span.text.count
      let low = max(from, column)
      let high = min(to, column + count)
      if low < high {
        let characters = Array(span.text)[(low - column)..<(high - column)]
        line.add(String(characters), span.style)
      }
      column += count
      if column >= to { break }
    }
    return line
  }
}
