/// Arithmetic in GF(256), the field of QR Code's Reed-Solomon codewords: bytes, added by XOR and
/// multiplied modulo the primitive polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D), with α = 2 its generator.
package enum GaloisField {
  /// The field's primitive polynomial, with its x⁸ term.
  package static let primitive = 0x11D

  /// αⁱ for i in 0..<255, then repeated, so that `exponents[log a + log b]` needs no reduction.
  package static let exponents: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 512)
    var value = 1
    for power in 0..<255 {
      table[power] = UInt8(value)
      value <<= 1
      if value & 0x100 != 0 { value ^= primitive }
    }
    for power in 255..<512 { table[power] = table[power - 255] }
    return table
  }()

  /// The power of α each non-zero byte is; `logarithms[0]` means nothing.
  package static let logarithms: [Int] = {
    var table = [Int](repeating: 0, count: 256)
    for power in 0..<255 { table[Int(exponents[power])] = power }
    return table
  }()

  /// a × b in the field.
  package static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
    guard a != 0, b != 0 else { return 0 }
    return exponents[logarithms[Int(a)] + logarithms[Int(b)]]
  }

  /// αⁿ.
  package static func alpha(_ power: Int) -> UInt8 { exponents[power % 255] }
}
