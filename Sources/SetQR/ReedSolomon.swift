/// Reed-Solomon error correction as QR Code uses it: the error correction codewords of a block are the
/// remainder of the block's data, as a polynomial over GF(256), times xⁿ divided by the generator
/// polynomial of degree n, (x − α⁰)(x − α¹)…(x − αⁿ⁻¹).
package enum ReedSolomon {
  /// The generator polynomial of `degree`, its coefficients highest power first; the first is 1.
  package static func generator(degree: Int) -> [UInt8] {
    var polynomial: [UInt8] = [1]
    for root in 0..<degree {
      // Multiply by (x + αʳᵒᵒᵗ): subtraction is addition in GF(256).
      var product = [UInt8](repeating: 0, count: polynomial.count + 1)
      for (index, coefficient) in polynomial.enumerated() {
        product[index] ^= coefficient
        product[index + 1] ^= GaloisField.multiply(coefficient, GaloisField.alpha(root))
      }
      polynomial = product
    }
    return polynomial
  }

  /// The generator polynomial of `degree` as powers of α, highest power of x first: α⁰x¹⁰ + α²⁵¹x⁹ + …
  /// for degree 10, as the standard's Annex A writes them.
  package static func generatorExponents(degree: Int) -> [Int] {
    generator(degree: degree).map { GaloisField.logarithms[Int($0)] }
  }

  /// The `count` error correction codewords of `data`.
  package static func errorCorrection(for data: [UInt8], count: Int) -> [UInt8] {
    let generator = generator(degree: count)
    var remainder = [UInt8](repeating: 0, count: count)
    for byte in data {
      let factor = byte ^ remainder[0]
      remainder.removeFirst()
      remainder.append(0)
      for index in 0..<count {
        remainder[index] ^= GaloisField.multiply(generator[index + 1], factor)
      }
    }
    return remainder
  }
}
