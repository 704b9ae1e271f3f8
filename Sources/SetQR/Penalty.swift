/// The four penalty rules of ISO/IEC 18004 7.8.3 that a masked symbol is scored by; the mask with the
/// lowest total is the one used.
package enum Penalty {
  /// The weights N1 to N4.
  static let (n1, n2, n3, n4) = (3, 3, 40, 10)
  /// A finder-like run, 1:1:3:1:1 dark to light, with four light modules on one side.
  static let finderLike: [Bool] = [true, false, true, true, true, false, true, false, false, false, false]

  /// The total of the four rules for `grid`.
  package static func score(_ grid: ModuleGrid) -> Int {
    let range = 0..<grid.size
    return score(rows: range.map { row in range.map { grid[row, $0] } })
  }

  /// The total of the four rules for a square of modules given row by row, dark as true.
  package static func score(rows: [[Bool]]) -> Int {
    let lines = rows + rows.indices.map { column in rows.map { $0[column] } }
    let darkCount = rows.joined().filter { $0 }.count
    return lines.map(runs).reduce(0, +) + blocks(rows) + lines.map(finderPatterns).reduce(0, +)
      + balance(dark: darkCount, of: rows.count * rows.count)
  }

  /// Rule 1: each run of five or more modules of one colour in `line` scores N1 plus one for each
  /// module past the fifth.
  package static func runs(_ line: [Bool]) -> Int {
    var score = 0
    var length = 0
    for (index, module) in line.enumerated() {
      length = index > 0 && line[index - 1] == module ? length + 1 : 1
      if index == line.count - 1 || line[index + 1] != module, length >= 5 { score += n1 + length - 5 }
    }
    return score
  }

  /// Rule 2: each 2 × 2 square of one colour scores N2; the squares may overlap.
  package static func blocks(_ rows: [[Bool]]) -> Int {
    var score = 0
    for row in 0..<rows.count - 1 {
      for column in 0..<rows[row].count - 1 {
        let colour = rows[row][column]
        if rows[row][column + 1] == colour, rows[row + 1][column] == colour, rows[row + 1][column + 1] == colour {
          score += n2
        }
      }
    }
    return score
  }

  /// Rule 3: each 1:1:3:1:1 pattern in `line` with four light modules before or after it scores N3.
  package static func finderPatterns(_ line: [Bool]) -> Int {
    let reversed = Array(finderLike.reversed())
    var score = 0
    for start in 0..<max(0, line.count - finderLike.count + 1) {
      let window = line[start..<start + finderLike.count]
      if window.elementsEqual(finderLike) { score += n3 }
      if window.elementsEqual(reversed) { score += n3 }
    }
    return score
  }

  /// Rule 4: N4 for each whole 5 % that `dark` modules of `total` are away from half.
  package static func balance(dark: Int, of total: Int) -> Int {
    abs(dark * 20 - total * 10) / total * n4
  }
}
