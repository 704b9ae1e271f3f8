/// A message's codewords in the order they are placed in the symbol: the byte mode segment padded to
/// the version's data capacity, split into blocks, each block's Reed-Solomon codewords computed, then
/// the data codewords interleaved block by block, then the error correction codewords likewise
/// (ISO/IEC 18004, 7.4 to 7.6).
package enum Codewords {
  /// The mode indicator of byte mode.
  static let byteMode = 0b0100
  /// The mode indicator of an ECI header, which says how the bytes after it are to be read.
  static let eciMode = 0b0111
  /// The ECI assignment number of UTF-8, 000026, in the one byte a number below 128 takes.
  static let utf8Designator = 26
  /// The bits of an ECI header naming UTF-8: its mode indicator and its designator.
  package static let eciHeaderBits = 12
  /// The pad codewords that fill what the message leaves, in turn.
  static let pads: [UInt8] = [0xEC, 0x11]

  /// The data codewords of `bytes` in one byte mode segment, padded to `layout`'s data codewords. When
  /// `declaringUTF8`, an ECI header comes first saying the bytes are UTF-8: without one a reader takes
  /// them as ISO/IEC 8859-1, the standard's default, or guesses.
  package static func data(_ bytes: [UInt8], layout: VersionLayout, declaringUTF8: Bool = false) -> [UInt8] {
    precondition(
      bytes.count <= layout.capacity(declaringUTF8: declaringUTF8),
      "\(bytes.count) bytes do not fit version \(layout.version)")
    var buffer = BitBuffer()
    if declaringUTF8 {
      buffer.append(eciMode, width: 4)
      buffer.append(utf8Designator, width: 8)
    }
    buffer.append(byteMode, width: 4)
    buffer.append(bytes.count, width: layout.countBits)
    for byte in bytes { buffer.append(Int(byte), width: 8) }
    return padded(buffer, to: layout.dataCodewords)
  }

  /// `buffer` with the terminator (up to four zero bits), zero bits to a whole byte, then pad codewords.
  package static func padded(_ buffer: BitBuffer, to codewords: Int) -> [UInt8] {
    var buffer = buffer
    let capacity = codewords * 8
    buffer.append(0, width: min(4, capacity - buffer.count))
    var bytes = buffer.bytes
    var pad = 0
    while bytes.count < codewords {
      bytes.append(pads[pad % 2])
      pad += 1
    }
    return bytes
  }

  /// `data`, split into `layout`'s blocks, with each block's error correction, interleaved: the first
  /// codeword of every block, then the second…, the data first and then the error correction.
  package static func interleaved(_ data: [UInt8], layout: VersionLayout) -> [UInt8] {
    var blocks: [[UInt8]] = []
    var start = 0
    for length in layout.blockLengths {
      blocks.append(Array(data[start..<start + length]))
      start += length
    }
    let corrections = blocks.map { ReedSolomon.errorCorrection(for: $0, count: layout.errorCorrectionPerBlock) }
    return interleave(blocks) + interleave(corrections)
  }

  /// The codewords of `blocks` taken in turn, a block that is shorter skipped once it ends.
  static func interleave(_ blocks: [[UInt8]]) -> [UInt8] {
    var result: [UInt8] = []
    for index in 0..<(blocks.map(\.count).max() ?? 0) {
      for block in blocks where index < block.count { result.append(block[index]) }
    }
    return result
  }
}
