/// What a version of QR Code holds at error correction level M, from ISO/IEC 18004 Table 9 (the blocks)
/// and Annex E (the alignment patterns), for versions 1 to 10: the sizes SetQR makes.
package struct VersionLayout: Equatable, Sendable {
  /// One group of blocks of the same length.
  package struct Group: Equatable, Sendable {
    /// How many blocks the group has.
    package let blocks: Int
    /// The data codewords in each of its blocks.
    package let dataCodewords: Int
  }

  /// The version, 1 to 10.
  package let version: Int
  /// The error correction codewords in every block.
  package let errorCorrectionPerBlock: Int
  /// Group 1, then group 2 when the version has one (its blocks hold one data codeword more).
  package let groups: [Group]
  /// The rows and columns, the same, of the alignment patterns' centres.
  package let alignmentCentres: [Int]
  /// The bits left over after the last codeword, placed as light modules before masking.
  package let remainderBits: Int

  /// Versions 1 to 10 at level M.
  package static let all: [VersionLayout] = [
    VersionLayout(1, ec: 10, [Group(blocks: 1, dataCodewords: 16)], alignment: [], remainder: 0),
    VersionLayout(2, ec: 16, [Group(blocks: 1, dataCodewords: 28)], alignment: [6, 18], remainder: 7),
    VersionLayout(3, ec: 26, [Group(blocks: 1, dataCodewords: 44)], alignment: [6, 22], remainder: 7),
    VersionLayout(4, ec: 18, [Group(blocks: 2, dataCodewords: 32)], alignment: [6, 26], remainder: 7),
    VersionLayout(5, ec: 24, [Group(blocks: 2, dataCodewords: 43)], alignment: [6, 30], remainder: 7),
    VersionLayout(6, ec: 16, [Group(blocks: 4, dataCodewords: 27)], alignment: [6, 34], remainder: 7),
    VersionLayout(7, ec: 18, [Group(blocks: 4, dataCodewords: 31)], alignment: [6, 22, 38], remainder: 0),
    VersionLayout(
      8, ec: 22, [Group(blocks: 2, dataCodewords: 38), Group(blocks: 2, dataCodewords: 39)],
      alignment: [6, 24, 42], remainder: 0),
    VersionLayout(
      9, ec: 22, [Group(blocks: 3, dataCodewords: 36), Group(blocks: 2, dataCodewords: 37)],
      alignment: [6, 26, 46], remainder: 0),
    VersionLayout(
      10, ec: 26, [Group(blocks: 4, dataCodewords: 43), Group(blocks: 1, dataCodewords: 44)],
      alignment: [6, 28, 50], remainder: 0),
  ]

  private init(_ version: Int, ec: Int, _ groups: [Group], alignment: [Int], remainder: Int) {
    self.version = version
    self.errorCorrectionPerBlock = ec
    self.groups = groups
    self.alignmentCentres = alignment
    self.remainderBits = remainder
  }

  /// The layout of `version`, 1 to 10.
  package static func of(_ version: Int) -> VersionLayout { all[version - 1] }

  /// The modules on a side: 21 for version 1, four more for each version after.
  package var size: Int { 17 + 4 * version }

  /// The data codewords of every block, in order, group 1 first.
  package var blockLengths: [Int] { groups.flatMap { Array(repeating: $0.dataCodewords, count: $0.blocks) } }

  /// The data codewords of the whole symbol.
  package var dataCodewords: Int { blockLengths.reduce(0, +) }

  /// Every codeword of the symbol, data and error correction.
  package var totalCodewords: Int { dataCodewords + errorCorrectionPerBlock * blockLengths.count }

  /// The bits of a byte mode segment's character count: 8 up to version 9, 16 from version 10.
  package var countBits: Int { version < 10 ? 8 : 16 }

  /// The most bytes a byte mode segment can carry: the data bits less the mode and count, in whole bytes.
  package var byteCapacity: Int { capacity(declaringUTF8: false) }

  /// The most bytes a byte mode segment can carry, after the 12 bits of an ECI header naming UTF-8
  /// when `declaringUTF8`.
  package func capacity(declaringUTF8: Bool) -> Int {
    (dataCodewords * 8 - (declaringUTF8 ? Codewords.eciHeaderBits : 0) - 4 - countBits) / 8
  }

  /// The smallest version that holds `bytes` bytes, with an ECI header when `declaringUTF8`, or nil
  /// when none of 1 to 10 does.
  package static func smallest(holding bytes: Int, declaringUTF8: Bool = false) -> VersionLayout? {
    all.first { $0.capacity(declaringUTF8: declaringUTF8) >= bytes }
  }
}
