/// Text for a terminal, fitted to its width: a command's `--help` page or usage, whose lines may have
/// been written wider than a terminal. Only a block with a line too wide is reflowed, so text that
/// fits keeps the line breaks it was written with.
///
/// A block is a line and the lines that continue it. An entry such as `  --port N   the port` hangs:
/// its description goes on in lines starting under the description's first letter. A paragraph goes
/// on in lines with its own indent (or, after a first line such as `keys: ...`, one deeper indent).
public enum ColumnFit {
  /// The widest line: one less than an 80-column terminal, which may wrap at its last column.
  public static let width = 79

  /// `text` with every block that has a line wider than `width` reflowed to fit.
  public static func fit(_ text: String, width: Int = ColumnFit.width) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var out: [String] = []
    var index = 0
    while index < lines.count {
      let first = lines[index]
      let (indent, hang) = Self.hang(first)
      var end = index + 1
      var continued = hang
      // A blank line stands alone, and so does a usage line: the next may be another usage.
      let alone = first.allSatisfy { $0 == " " } || first.dropFirst(indent).hasPrefix("usage:")
      while !alone, end < lines.count,
        let next = Self.continues(lines[end], indent: indent, hang: hang, continued: continued)
      {
        continued = next
        end += 1
      }
      let block = Array(lines[index..<end])
      index = end
      guard block.contains(where: { $0.count > width }) else {
        out += block
        continue
      }
      let lead = String(first.prefix(hang))
      var words = first.dropFirst(hang).split(separator: " ").map(String.init)
      for line in block.dropFirst() { words += line.split(separator: " ").map(String.init) }
      // A usage goes on indented; anything else at the column its block goes on at.
      let usage = first.dropFirst(indent).hasPrefix("usage:")
      let prefix = String(repeating: " ", count: min(usage ? indent + 7 : continued, width / 2))
      var line = lead
      var fresh = true
      for word in words {
        if !fresh, line.count + 1 + word.count > width {
          out.append(line)
          line = prefix
          fresh = true
        }
        line += fresh ? word : " " + word
        fresh = false
      }
      out.append(line)
    }
    return out.joined(separator: "\n")
  }

  /// A line's indent, and the column its text goes on at: after `  --opt VALUE  `, the description's;
  /// otherwise the indent.
  static func hang(_ line: String) -> (indent: Int, hang: Int) {
    let chars = Array(line)
    let indent = chars.prefix { $0 == " " }.count
    var i = indent
    while i + 2 < chars.count {
      if chars[i] == " ", chars[i + 1] == " ", i > indent {
        var j = i
        while j < chars.count, chars[j] == " " { j += 1 }
        return j < chars.count ? (indent, j) : (indent, indent)
      }
      i += 1
    }
    return (indent, indent)
  }

  /// The indent a line continues a block at, or nil when it starts a block of its own.
  private static func continues(_ line: String, indent: Int, hang: Int, continued: Int) -> Int? {
    guard !line.allSatisfy({ $0 == " " }) else { return nil }
    let (own, ownHang) = Self.hang(line)
    guard own == ownHang else { return nil }  // an entry of its own
    if hang > indent { return own == hang ? own : nil }
    if own == continued { return own }
    return continued == indent && own > indent ? own : nil
  }
}
