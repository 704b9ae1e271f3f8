/// A QR Code model 2 symbol (ISO/IEC 18004) of a text or bytes: byte mode, error correction level M,
/// the smallest of versions 1 to 10 that holds the message, and of the eight masks the one the
/// penalty rules score lowest.
public struct QRCode: Equatable, Sendable {
  /// The version, 1 to 10: the symbol is 17 + 4 × version modules on a side.
  public let version: Int
  /// The mask the symbol is drawn with.
  public let mask: Mask
  /// The modules on a side, without the quiet zone.
  public let size: Int
  /// The modules, row by row from the top, each row from the left; dark is true.
  public let modules: [[Bool]]

  /// The most bytes a symbol holds: version 10's capacity at level M, 213; a text beyond ASCII holds one
  /// byte less, for the header that says it is UTF-8.
  public static let maximumBytes = VersionLayout.all[VersionLayout.all.count - 1].byteCapacity

  /// The symbol of `text`'s UTF-8 bytes. A text beyond ASCII starts with an ECI header naming UTF-8
  /// (ISO/IEC 18004 6.4.2), so that a reader does not take its bytes for ISO/IEC 8859-1.
  public init(text: String) throws(QRCodeError) {
    let bytes = Array(text.utf8)
    try self.init(bytes: bytes, declaringUTF8: bytes.contains { $0 >= 0x80 })
  }

  /// The symbol of `bytes`, with no ECI header; throws when they are more than `maximumBytes`.
  public init(bytes: [UInt8]) throws(QRCodeError) {
    try self.init(bytes: bytes, declaringUTF8: false)
  }

  private init(bytes: [UInt8], declaringUTF8: Bool) throws(QRCodeError) {
    guard let layout = VersionLayout.smallest(holding: bytes.count, declaringUTF8: declaringUTF8) else {
      let largest = VersionLayout.all[VersionLayout.all.count - 1]
      throw .tooLong(bytes: bytes.count, maximum: largest.capacity(declaringUTF8: declaringUTF8))
    }
    self.init(bytes: bytes, layout: layout, mask: nil, declaringUTF8: declaringUTF8)
  }

  /// The symbol of `bytes` in `layout`'s version, with `mask`, or the best-scoring mask when nil.
  package init(bytes: [UInt8], layout: VersionLayout, mask: Mask?, declaringUTF8: Bool = false) {
    var grid = ModuleGrid(layout: layout)
    let data = Codewords.data(bytes, layout: layout, declaringUTF8: declaringUTF8)
    grid.place(Codewords.interleaved(data, layout: layout))
    let candidates = (mask.map { [$0] } ?? Mask.allCases).map { (mask: $0, grid: grid.masked($0)) }
    let best = candidates.min { Penalty.score($0.grid) < Penalty.score($1.grid) }!
    version = layout.version
    self.mask = best.mask
    let side = layout.size
    size = side
    modules = (0..<side).map { row in (0..<side).map { best.grid[row, $0] } }
  }

  /// Whether the module at `row`, `column` (from the top-left, 0-based) is dark; outside the symbol,
  /// in the quiet zone, every module is light.
  public func isDark(row: Int, column: Int) -> Bool {
    guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
    return modules[row][column]
  }

  /// The light modules every side of a symbol that a reader needs: four.
  public static let quietZone = 4
}

/// Why a symbol cannot be made.
public enum QRCodeError: Error, Equatable, CustomStringConvertible {
  /// The message is `bytes` bytes, more than the `maximum` a version 10 symbol at level M holds.
  case tooLong(bytes: Int, maximum: Int)

  public var description: String {
    switch self {
    case .tooLong(let bytes, let maximum):
      "the text is \(bytes) bytes in UTF-8, more than a QR code holds here (at most \(maximum))"
    }
  }
}
