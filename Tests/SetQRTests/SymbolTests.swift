import Testing

@testable import SetQR

@Suite struct SymbolTests {
  /// A finder pattern as rows of `#` (dark) and `.`, with its separator on the inner sides.
  static let finder = ["#######", "#.....#", "#.###.#", "#.###.#", "#.###.#", "#.....#", "#######"]

  static func picture(_ code: QRCode, rows: Range<Int>, columns: Range<Int>) -> [String] {
    rows.map { row in String(columns.map { code.modules[row][$0] ? "#" : "." }) }
  }

  @Test("the three finder patterns sit in the corners, each with a light separator")
  func finders() throws {
    let code = try QRCode(text: "http://192.168.1.23:7878/")
    let n = code.size
    #expect(n == 25)
    #expect(Self.picture(code, rows: 0..<7, columns: 0..<7) == Self.finder)
    #expect(Self.picture(code, rows: 0..<7, columns: n - 7..<n) == Self.finder)
    #expect(Self.picture(code, rows: n - 7..<n, columns: 0..<7) == Self.finder)
    #expect(Self.picture(code, rows: 7..<8, columns: 0..<8) == ["........"])
    #expect(Self.picture(code, rows: 0..<8, columns: 7..<8) == Array(repeating: ".", count: 8))
    #expect(Self.picture(code, rows: 7..<8, columns: n - 8..<n) == ["........"])
    #expect(Self.picture(code, rows: n - 8..<n - 7, columns: 0..<8) == ["........"])
  }

  @Test("the timing patterns alternate along row 6 and column 6 between the finders")
  func timing() throws {
    let code = try QRCode(text: String(repeating: "t", count: 80))  // version 5, 37 modules
    #expect(code.size == 37)
    for index in 8..<code.size - 8 {
      #expect(code.modules[6][index] == index.isMultiple(of: 2))
      #expect(code.modules[index][6] == index.isMultiple(of: 2))
    }
  }

  @Test("alignment patterns stand at Annex E's centres, none over a finder: 6, 22, 38 in version 7")
  func alignment() throws {
    let code = QRCode(bytes: Array("alignment".utf8), layout: .of(7), mask: nil)
    let pattern = ["#####", "#...#", "#.#.#", "#...#", "#####"]
    for (row, column) in [(6, 22), (22, 6), (22, 22), (22, 38), (38, 22), (38, 38)] {
      #expect(
        Self.picture(code, rows: row - 2..<row + 3, columns: column - 2..<column + 3) == pattern, "\(row), \(column)")
    }
    let grid = ModuleGrid(layout: .of(2))
    #expect(grid.isFunction(row: 18, column: 18))
    #expect(grid.isFunction(row: 16, column: 20))
    #expect(!grid.isFunction(row: 15, column: 15))
  }

  @Test("a mask inverts exactly the data modules its condition names, and none of the function modules")
  func masking() {
    let layout = VersionLayout.of(2)
    var grid = ModuleGrid(layout: layout)
    grid.place(Codewords.interleaved(Codewords.data(Array("mask".utf8), layout: layout), layout: layout))
    for mask in Mask.allCases {
      let masked = grid.masked(mask)
      for row in 0..<grid.size {
        for column in 0..<grid.size where !grid.isFunction(row: row, column: column) {
          #expect(masked[row, column] == (grid[row, column] != mask.inverts(row: row, column: column)))
        }
      }
      #expect(masked[6, 10] == grid[6, 10])  // timing
    }
    // Table 10's conditions at a few modules, row i and column j.
    #expect(Mask.checkerboard.inverts(row: 1, column: 1))
    #expect(!Mask.rows.inverts(row: 1, column: 0))
    #expect(Mask.thirdColumns.inverts(row: 5, column: 3))
    #expect(Mask.diagonals.inverts(row: 1, column: 2))
    #expect(Mask.blocks.inverts(row: 1, column: 2) && !Mask.blocks.inverts(row: 2, column: 0))
    #expect(Mask.products.inverts(row: 0, column: 5) && !Mask.products.inverts(row: 1, column: 1))
    #expect(Mask.productsParity.inverts(row: 1, column: 1) && !Mask.productsParity.inverts(row: 1, column: 3))
    #expect(Mask.mixedParity.inverts(row: 0, column: 0) && !Mask.mixedParity.inverts(row: 1, column: 1))
  }

  @Test("the mask chosen scores lowest of the eight by the four penalty rules")
  func lowestPenaltyMask() throws {
    for text in ["SetDuel", "http://192.168.1.23:7878/", String(repeating: "Set ", count: 40)] {
      let code = try QRCode(text: text)
      let layout = VersionLayout.of(code.version)
      let scores = Mask.allCases.map {
        Penalty.score(rows: QRCode(bytes: Array(text.utf8), layout: layout, mask: $0).modules)
      }
      #expect(Penalty.score(rows: code.modules) == scores.min())
      #expect(scores[code.mask.rawValue] == scores.min())
    }
  }

  @Test("rule 1 scores runs of five or more: 3, and 1 more for each module past five")
  func runPenalty() {
    let line = { (pattern: String) in pattern.map { $0 == "#" } }
    #expect(Penalty.runs(line("####.#.")) == 0)
    #expect(Penalty.runs(line("#####.#")) == 3)
    #expect(Penalty.runs(line(".######")) == 4)
    #expect(Penalty.runs(line(".....#######")) == 3 + 5)
    #expect(Penalty.runs(line(String(repeating: ".", count: 21))) == 19)
  }

  @Test("rule 2 scores 3 for each 2 × 2 square of one colour, overlapping squares each")
  func blockPenalty() {
    let rows = ["###", "###", "#.."].map { $0.map { $0 == "#" } }
    #expect(Penalty.blocks(rows) == 6)
    #expect(Penalty.blocks(["#.", ".#"].map { $0.map { $0 == "#" } }) == 0)
  }

  @Test("rule 3 scores 40 for each 1:1:3:1:1 pattern with four light modules beside it")
  func finderPenalty() {
    let line = { (pattern: String) in pattern.map { $0 == "#" } }
    #expect(Penalty.finderPatterns(line("#.###.#....")) == 40)
    #expect(Penalty.finderPatterns(line("....#.###.#")) == 40)
    #expect(Penalty.finderPatterns(line("...#.###.#...")) == 0)
    #expect(Penalty.finderPatterns(line("#.###.#")) == 0)
  }

  @Test("rule 4 scores 10 for each whole 5 % the dark modules are away from half")
  func balancePenalty() {
    #expect(Penalty.balance(dark: 50, of: 100) == 0)
    #expect(Penalty.balance(dark: 54, of: 100) == 0)
    #expect(Penalty.balance(dark: 55, of: 100) == 10)
    #expect(Penalty.balance(dark: 44, of: 100) == 10)
    #expect(Penalty.balance(dark: 0, of: 100) == 100)
  }
}
