/// Base64 with the standard alphabet and padding (RFC 4648, section 4).
public enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// `bytes` in base64, padded with `=` to a multiple of four characters.
  public static func encode(_ bytes: some Collection<UInt8>) -> String {
    let input = Array(bytes)
    var output: [UInt8] = []
    output.reserveCapacity((input.count + 2) / 3 * 4)
    var index = 0
    while index < input.count {
      let remaining = input.count - index
      let b0 = UInt32(input[index])
      let b1 = remaining > 1 ? UInt32(input[index + 1]) : 0
      let b2 = remaining > 2 ? UInt32(input[index + 2]) : 0
      let group = b0 << 16 | b1 << 8 | b2
      output.append(alphabet[Int(group >> 18 & 63)])
      output.append(alphabet[Int(group >> 12 & 63)])
      output.append(remaining > 1 ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
      output.append(remaining > 2 ? alphabet[Int(group & 63)] : UInt8(ascii: "="))
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The bytes `text` encodes, or nil if it is not padded base64 of the standard alphabet.
  public static func decode(_ text: String) -> [UInt8]? {
    let input = Array(text.utf8)
    guard input.count % 4 == 0 else { return nil }
    var output: [UInt8] = []
    var index = 0
    while index < input.count {
      var group: UInt32 = 0
      var padding = 0
      for offset in 0..<4 {
        let char = input[index + offset]
        let isLastGroup = index + 4 == input.count
        if char == UInt8(ascii: "="), isLastGroup, offset >= 2 {
          padding += 1
          group <<= 6
          continue
        }
        guard padding == 0, let value = sextet(char) else { return nil }
        group = group << 6 | value
      }
      output.append(UInt8(truncatingIfNeeded: group >> 16))
      if padding < 2 { output.append(UInt8(truncatingIfNeeded: group >> 8)) }
      if padding < 1 { output.append(UInt8(truncatingIfNeeded: group)) }
      index += 4
    }
    return output
  }

  private static func sextet(_ char: UInt8) -> UInt32? {
    switch char {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(char - UInt8(ascii: "A"))
    case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(char - UInt8(ascii: "a")) + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(char - UInt8(ascii: "0")) + 52
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    default: nil
    }
  }
}
