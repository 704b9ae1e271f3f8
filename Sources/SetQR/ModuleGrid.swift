/// A symbol's square of modules while it is built: the function patterns drawn, the codewords placed
/// in the zigzag of ISO/IEC 18004 7.7.3, and which modules are function patterns (never masked).
package struct ModuleGrid: Equatable, Sendable {
  /// The modules on a side.
  package let size: Int
  /// Dark modules are true, row by row.
  package private(set) var dark: [Bool]
  /// The modules of the finder, separator, timing and alignment patterns, the dark module and the
  /// format and version information: what carries no data.
  package private(set) var isFunction: [Bool]

  /// The grid of `layout`'s version with every function pattern drawn, the format information
  /// reserved (drawn with mask 0 until `drawFormat` draws the one chosen) and no data yet.
  package init(layout: VersionLayout) {
    size = layout.size
    dark = Array(repeating: false, count: size * size)
    isFunction = dark
    for index in 0..<size {
      set(row: 6, column: index, index % 2 == 0)
      set(row: index, column: 6, index % 2 == 0)
    }
    drawFinder(row: 3, column: 3)
    drawFinder(row: 3, column: size - 4)
    drawFinder(row: size - 4, column: 3)
    let centres = layout.alignmentCentres
    for row in centres {
      for column in centres where !overlapsFinder(row: row, column: column, centres: centres) {
        drawAlignment(row: row, column: column)
      }
    }
    drawFormat(mask: 0)
    if layout.version >= 7 { drawVersion(layout.version) }
  }

  /// Whether the module at `row`, `column` is dark.
  package subscript(row: Int, column: Int) -> Bool { dark[row * size + column] }

  /// Whether the module at `row`, `column` is a function module.
  package func isFunction(row: Int, column: Int) -> Bool { isFunction[row * size + column] }

  private mutating func set(row: Int, column: Int, _ isDark: Bool) {
    dark[row * size + column] = isDark
    isFunction[row * size + column] = true
  }

  /// A finder pattern centred at `row`, `column`, with its separator: rings at distance 0 and 1
  /// dark, 2 light, 3 dark, 4 light (the separator), cut off by the symbol's edge.
  private mutating func drawFinder(row: Int, column: Int) {
    for dy in -4...4 {
      for dx in -4...4 {
        let (y, x) = (row + dy, column + dx)
        guard (0..<size).contains(y), (0..<size).contains(x) else { continue }
        let ring = max(abs(dx), abs(dy))
        set(row: y, column: x, ring != 2 && ring != 4)
      }
    }
  }

  /// An alignment pattern centred at `row`, `column`: a dark centre, a light ring, a dark ring.
  private mutating func drawAlignment(row: Int, column: Int) {
    for dy in -2...2 {
      for dx in -2...2 { set(row: row + dy, column: column + dx, max(abs(dx), abs(dy)) != 1) }
    }
  }

  /// Whether an alignment pattern at `row`, `column` would cover a finder pattern: the three corners.
  private func overlapsFinder(row: Int, column: Int, centres: [Int]) -> Bool {
    let first = centres.first, last = centres.last
    return (row == first && column == first) || (row == first && column == last)
      || (row == last && column == first)
  }

  /// The format information of level M and `mask`, both copies, and the dark module beside the
  /// bottom-left finder.
  package mutating func drawFormat(mask: Int) {
    let bits = FormatInfo.formatBits(mask: mask)
    func bit(_ index: Int) -> Bool { bits >> index & 1 == 1 }
    // Around the top-left finder: bits 0 to 7 down column 8 (skipping the timing row), 8 to 14 along row 8.
    for index in 0...5 { set(row: index, column: 8, bit(index)) }
    set(row: 7, column: 8, bit(6))
    set(row: 8, column: 8, bit(7))
    set(row: 8, column: 7, bit(8))
    for index in 9..<15 { set(row: 8, column: 14 - index, bit(index)) }
    // Split between the other two finders: bits 0 to 7 along row 8 from the right, 8 to 14 up column 8.
    for index in 0..<8 { set(row: 8, column: size - 1 - index, bit(index)) }
    for index in 8..<15 { set(row: size - 15 + index, column: 8, bit(index)) }
    set(row: size - 8, column: 8, true)
  }

  /// The version information, versions 7 and up: a 6 × 3 block beside the top-right finder and its
  /// mirror beside the bottom-left one, bit 0 nearest the corner.
  private mutating func drawVersion(_ version: Int) {
    let bits = FormatInfo.versionBits(version: version)
    for index in 0..<18 {
      let isDark = bits >> index & 1 == 1
      let (near, far) = (index / 3, size - 11 + index % 3)
      set(row: near, column: far, isDark)
      set(row: far, column: near, isDark)
    }
  }

  /// Places `codewords`' bits, most significant first, in the modules that are not function modules:
  /// two columns at a time from the right, up then down in turn, the timing column skipped. Modules
  /// left over (the remainder bits) stay light.
  package mutating func place(_ codewords: [UInt8]) {
    var bit = 0
    let total = codewords.count * 8
    var right = size - 1
    while right >= 1 {
      if right == 6 { right = 5 }
      let upward = (right + 1) & 2 == 0
      for step in 0..<size {
        let row = upward ? size - 1 - step : step
        for column in [right, right - 1] where !isFunction(row: row, column: column) {
          if bit < total {
            dark[row * size + column] = codewords[bit >> 3] >> (7 - (bit & 7)) & 1 == 1
            bit += 1
          }
        }
      }
      right -= 2
    }
  }

  /// The grid with `mask` applied to every module that is not a function module.
  package func masked(_ mask: Mask) -> ModuleGrid {
    var grid = self
    for row in 0..<size {
      for column in 0..<size where !isFunction(row: row, column: column) && mask.inverts(row: row, column: column) {
        grid.dark[row * size + column].toggle()
      }
    }
    grid.drawFormat(mask: mask.rawValue)
    return grid
  }
}
