import Testing

@testable import SetQR

@Suite struct ReedSolomonTests {
  @Test("the field is GF(256) over 0x11D: α⁸ = 29, log 3 = 25, α²⁵⁵ = 1, and a × a⁻¹ = 1")
  func fieldArithmetic() {
    #expect(GaloisField.alpha(8) == 29)
    #expect(GaloisField.alpha(255) == 1)
    #expect(GaloisField.logarithms[3] == 25)
    #expect(GaloisField.logarithms[5] == 50)
    #expect(GaloisField.multiply(2, 128) == 29)
    for value in 1...255 {
      let inverse = GaloisField.alpha(255 - GaloisField.logarithms[value])
      #expect(GaloisField.multiply(UInt8(value), inverse) == 1)
    }
  }

  @Test("the generator polynomials are those of ISO/IEC 18004 Annex A, as powers of α")
  func generatorPolynomials() {
    #expect(ReedSolomon.generatorExponents(degree: 7) == [0, 87, 229, 146, 149, 238, 102, 21])
    #expect(ReedSolomon.generatorExponents(degree: 10) == [0, 251, 67, 46, 61, 118, 70, 64, 94, 32, 45])
    #expect(
      ReedSolomon.generatorExponents(degree: 16) == [
        0, 120, 104, 107, 109, 102, 161, 76, 3, 91, 191, 147, 169, 182, 194, 225, 120,
      ])
  }

  @Test("Annex I's 01234567 in 1-M: its ten error correction codewords")
  func annexExampleErrorCorrection() {
    let data: [UInt8] = [
      0b0001_0000, 0b0010_0000, 0b0000_1100, 0b0101_0110, 0b0110_0001, 0b1000_0000, 0b1110_1100, 0b0001_0001,
      0b1110_1100, 0b0001_0001, 0b1110_1100, 0b0001_0001, 0b1110_1100, 0b0001_0001, 0b1110_1100, 0b0001_0001,
    ]
    let published: [UInt8] = [
      0b1010_0101, 0b0010_0100, 0b1101_0100, 0b1100_0001, 0b1110_1101, 0b0011_0110, 0b1100_0111, 0b1000_0111,
      0b0010_1100, 0b0101_0101,
    ]
    #expect(ReedSolomon.errorCorrection(for: data, count: 10) == published)
  }

  @Test("Annex I's 01234567: its numeric bit stream padded to 1-M's 16 data codewords as published")
  func annexExamplePadding() {
    var bits = BitBuffer()
    bits.append(0b0001, width: 4)  // numeric mode
    bits.append(8, width: 10)  // eight digits
    bits.append(12, width: 10)  // 012
    bits.append(345, width: 10)  // 345
    bits.append(67, width: 7)  // 67
    #expect(
      Codewords.padded(bits, to: 16) == [
        0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
      ])
  }

  @Test("HELLO WORLD in 1-M, a well-known worked example: its ten error correction codewords")
  func helloWorldErrorCorrection() {
    let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
    #expect(
      ReedSolomon.errorCorrection(for: data, count: 10) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
  }

  @Test("a byte mode message is the mode 0100, its length, its bytes, the terminator and pad codewords")
  func byteModeCodewords() {
    // "Hi" in 1-M: 0100 00000010 01001000 01101001 0000, then 0xEC 0x11 to 16 codewords.
    let data = Codewords.data(Array("Hi".utf8), layout: .of(1))
    #expect(Array(data.prefix(4)) == [0b0100_0000, 0b0010_0100, 0b1000_0110, 0b1001_0000])
    #expect(Array(data.dropFirst(4)) == [0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11])
    // Beyond ASCII, an ECI header first: 0111 and 00011010, UTF-8's assignment number 26.
    let utf8 = Codewords.data(Array("é".utf8), layout: .of(1), declaringUTF8: true)
    #expect(Array(utf8.prefix(7)) == [0x71, 0xA4, 0x02, 0xC3, 0xA9, 0x00, 0xEC])
    // Version 10 counts in 16 bits.
    let long = Codewords.data(Array(repeating: 0x41, count: 200), layout: .of(10))
    #expect(Array(long.prefix(3)) == [0b0100_0000, 0b0000_1100, 0b1000_0100])
  }

  @Test("blocks are interleaved codeword by codeword, the longer blocks' last codewords after the rest")
  func interleaving() {
    let layout = VersionLayout.of(8)  // 2 blocks of 38, 2 of 39, 22 error correction codewords each
    let data = (0..<154).map { UInt8($0) }
    let placed = Codewords.interleaved(data, layout: layout)
    #expect(placed.count == 242)
    #expect(Array(placed.prefix(5)) == [0, 38, 76, 115, 1])
    // After 38 rounds of four, the two longer blocks give their 39th codewords.
    #expect(Array(placed[152..<154]) == [114, 153])
    let firstBlock = ReedSolomon.errorCorrection(for: Array(data[0..<38]), count: 22)
    #expect(placed[154] == firstBlock[0])
    #expect(placed[158] == firstBlock[1])
  }
}
