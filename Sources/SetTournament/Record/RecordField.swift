/// The record's fields: `key=value`, the value percent-encoded so that it holds no space, `=`, `%`,
/// control character or delimiter; letters, digits and `-_.~` stand for themselves (UTF-8 bytes
/// beyond ASCII are encoded too).
enum RecordField {
  static func encode(_ value: String) -> String {
    var out = ""
    out.reserveCapacity(value.utf8.count)
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
        UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        out += "%"
        out.unicodeScalars.append(digits[Int(byte >> 4)])
        out.unicodeScalars.append(digits[Int(byte & 15)])
      }
    }
    return out
  }

  /// The text `encode` made, or nil if it is not well formed.
  static func decode(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hex), let low = iterator.next().flatMap(hex) else { return nil }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self)
  }

  static func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }

  /// A line's words: the first, then its `key=value` fields decoded; nil if one is malformed or repeated.
  static func parse(_ line: Substring) -> (word: Substring, fields: [Substring: String])? {
    let words = line.split(separator: " ", omittingEmptySubsequences: true)
    guard let word = words.first else { return nil }
    var fields: [Substring: String] = [:]
    for part in words.dropFirst() {
      guard let equals = part.firstIndex(of: "="), fields[part[..<equals]] == nil,
        let value = decode(part[part.index(after: equals)...])
      else { return nil }
      fields[part[..<equals]] = value
    }
    return (word, fields)
  }
}
