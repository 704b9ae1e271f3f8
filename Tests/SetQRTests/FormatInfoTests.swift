import Testing

@testable import SetQR

@Suite struct FormatInfoTests {
  /// ISO/IEC 18004 Annex C: the 15 format bits, after the XOR with 101010000010010, of level M with
  /// each mask 000 to 111.
  static let levelM = [
    "101010000010010", "101000100100101", "101111001111100", "101101101001011",
    "100010111111001", "100000011001110", "100111110010111", "100101010100000",
  ]
  /// ISO/IEC 18004 Annex D: the 18 version bits of versions 7 to 10.
  static let versions = [
    7: "000111110010010100", 8: "001000010110111100", 9: "001001101010011001", 10: "001010010011010011",
  ]

  static func binary(_ value: Int, width: Int) -> String {
    let digits = String(value, radix: 2)
    return String(repeating: "0", count: width - digits.count) + digits
  }

  static func text(_ bits: [Bool]) -> String { String(bits.map { $0 ? "1" : "0" }) }

  @Test("the format bits of level M and every mask are Annex C's")
  func formatBits() {
    for mask in 0..<8 { #expect(Self.binary(FormatInfo.formatBits(mask: mask), width: 15) == Self.levelM[mask]) }
  }

  @Test("the version bits of versions 7 to 10 are Annex D's")
  func versionBits() {
    for (version, bits) in Self.versions {
      #expect(Self.binary(FormatInfo.versionBits(version: version), width: 18) == bits)
    }
  }

  @Test("both copies of the format information in a symbol read, bit 14 first, as Annex C's for its mask")
  func formatInSymbol() throws {
    for mask in Mask.allCases {
      let code = QRCode(bytes: Array("SetDuel".utf8), layout: .of(3), mask: mask)
      let n = code.size
      // Figure 25: across row 8 from the left (the timing column skipped), then up column 8.
      let first =
        [0, 1, 2, 3, 4, 5, 7, 8].map { code.modules[8][$0] } + [7, 5, 4, 3, 2, 1, 0].map { code.modules[$0][8] }
      // Up column 8 from the bottom, then along row 8 to the right edge.
      let second = (0..<7).map { code.modules[n - 1 - $0][8] } + (n - 8..<n).map { code.modules[8][$0] }
      #expect(Self.text(first) == Self.levelM[mask.rawValue], "mask \(mask.rawValue)")
      #expect(Self.text(second) == Self.levelM[mask.rawValue], "mask \(mask.rawValue)")
      #expect(code.modules[n - 8][8], "the dark module")
    }
  }

  @Test("both version blocks of versions 7 to 10 read, bit 17 first, as Annex D's")
  func versionInSymbol() throws {
    for (version, bits) in Self.versions {
      let code = QRCode(bytes: Array("SetDuel".utf8), layout: .of(version), mask: nil)
      let n = code.size
      // Figure 27: bit 0 is nearest the top-left corner in both blocks; bits run in threes across
      // the block's short side, then along its long side.
      let upperRight = (0..<18).reversed().map { code.modules[$0 / 3][n - 11 + $0 % 3] }
      let lowerLeft = (0..<18).reversed().map { code.modules[n - 11 + $0 % 3][$0 / 3] }
      #expect(Self.text(upperRight) == bits, "version \(version)")
      #expect(Self.text(lowerLeft) == bits, "version \(version)")
    }
    // Versions 1 to 6 have no version information: the modules there are data.
    let grid = ModuleGrid(layout: .of(6))
    #expect(!grid.isFunction(row: 0, column: grid.size - 11))
  }
}
