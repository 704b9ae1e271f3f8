/// The eight data mask patterns of ISO/IEC 18004 Table 10: a module whose condition holds is inverted.
/// `i` is the row and `j` the column, counted from the top-left corner.
public enum Mask: Int, CaseIterable, Sendable {
  /// (i + j) mod 2 = 0
  case checkerboard = 0
  /// i mod 2 = 0
  case rows
  /// j mod 3 = 0
  case thirdColumns
  /// (i + j) mod 3 = 0
  case diagonals
  /// (⌊i / 2⌋ + ⌊j / 3⌋) mod 2 = 0
  case blocks
  /// (i j) mod 2 + (i j) mod 3 = 0
  case products
  /// ((i j) mod 2 + (i j) mod 3) mod 2 = 0
  case productsParity
  /// ((i + j) mod 2 + (i j) mod 3) mod 2 = 0
  case mixedParity

  /// Whether the mask inverts the module at `row`, `column`.
  package func inverts(row i: Int, column j: Int) -> Bool {
    switch self {
    case .checkerboard: (i + j) % 2 == 0
    case .rows: i % 2 == 0
    case .thirdColumns: j % 3 == 0
    case .diagonals: (i + j) % 3 == 0
    case .blocks: (i / 2 + j / 3) % 2 == 0
    case .products: (i * j) % 2 + (i * j) % 3 == 0
    case .productsParity: ((i * j) % 2 + (i * j) % 3) % 2 == 0
    case .mixedParity: ((i + j) % 2 + (i * j) % 3) % 2 == 0
    }
  }
}
