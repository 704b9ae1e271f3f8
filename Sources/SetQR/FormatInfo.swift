/// The format and version information of a symbol, each protected by its BCH code (ISO/IEC 18004, 7.9
/// and 7.10, Annexes C and D).
package enum FormatInfo {
  /// The two bits of error correction level M.
  package static let levelM = 0b00
  /// The BCH (15,5) generator polynomial, x¹⁰ + x⁸ + x⁵ + x⁴ + x² + x + 1.
  static let formatGenerator = 0b101_0011_0111
  /// What the 15 format bits are XORed with, so that they are never all zero.
  package static let formatMask = 0b101_0100_0001_0010
  /// The BCH (18,6) generator polynomial, x¹² + x¹¹ + x¹⁰ + x⁹ + x⁸ + x⁵ + x² + 1.
  static let versionGenerator = 0b1_1111_0010_0101

  /// The 15 format bits for level M and `mask` (0 to 7), most significant first as bit 14.
  package static func formatBits(mask: Int) -> Int {
    let data = levelM << 3 | mask
    return (data << 10 | remainder(data, generator: formatGenerator, degree: 10)) ^ formatMask
  }

  /// The 18 version bits of `version` (7 to 40), most significant first as bit 17.
  package static func versionBits(version: Int) -> Int {
    version << 12 | remainder(version, generator: versionGenerator, degree: 12)
  }

  /// The remainder of `data` times x^degree divided by `generator`, over GF(2).
  static func remainder(_ data: Int, generator: Int, degree: Int) -> Int {
    var value = data << degree
    for bit in stride(from: value.bitWidth - value.leadingZeroBitCount - 1, through: degree, by: -1)
    where value >> bit & 1 == 1 {
      value ^= generator << (bit - degree)
    }
    return value
  }
}
