/// A line of a record, or part of one, as UTF-8 bytes: lines are told apart and split into words
/// without making strings, which is most of the cost of reading ten thousand records.
struct Bytes {
  let bytes: UnsafeBufferPointer<UInt8>

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
  init(_ slice: Slice<UnsafeBufferPointer<UInt8>>) { bytes = UnsafeBufferPointer(rebasing: slice) }

  var count: Int { bytes.count }

  /// The text, as a string (invalid UTF-8 replaced).
  var string: String { String(decoding: bytes, as: UTF8.self) }

  /// Whether the bytes start with `prefix`.
  func starts(with prefix: StaticString) -> Bool {
    prefix.withUTF8Buffer { head in head.count <= bytes.count && head.elementsEqual(bytes.prefix(head.count)) }
  }

  /// Everything after the first `count` bytes.
  func dropFirst(_ count: Int) -> Bytes { Bytes(bytes[min(count, bytes.count)...]) }

  /// At most `limit` words split at single spaces, the last holding the rest of the line.
  func words(_ limit: Int) -> [Bytes] {
    var words: [Bytes] = []
    var start = 0
    var index = 0
    while index < bytes.count, words.count < limit - 1 {
      if bytes[index] == 32 {
        words.append(Bytes(bytes[start..<index]))
        start = index + 1
      }
      index += 1
    }
    words.append(Bytes(bytes[start...]))
    return words
  }

  /// The whole number the bytes spell in ASCII digits, or nil.
  var integer: Int? {
    guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
    var value = 0
    for byte in bytes {
      guard (48...57).contains(byte) else { return nil }
      value = value * 10 + Int(byte - 48)
    }
    return value
  }

  static func == (lhs: Bytes, rhs: StaticString) -> Bool {
    rhs.withUTF8Buffer { $0.elementsEqual(lhs.bytes) }
  }
}
