/// Bits appended most significant first and read back as bytes: the data stream of a symbol before it
/// is split into blocks.
package struct BitBuffer: Equatable, Sendable {
  /// The bits so far, in order.
  package private(set) var bits: [Bool] = []

  package init() {}

  /// How many bits there are.
  package var count: Int { bits.count }

  /// Appends the low `width` bits of `value`, the most significant first.
  package mutating func append(_ value: Int, width: Int) {
    precondition(width >= 0 && width <= 31 && value >> width == 0, "\(value) does not fit in \(width) bits")
    for shift in stride(from: width - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
  }

  /// The bits as bytes, eight at a time; a last partial byte is padded with zero bits.
  package var bytes: [UInt8] {
    stride(from: 0, to: bits.count, by: 8).map { start in
      var byte: UInt8 = 0
      for offset in 0..<8 {
        byte <<= 1
        if start + offset < bits.count, bits[start + offset] { byte |= 1 }
      }
      return byte
    }
  }
}
