/// A key pressed in the terminal client.
public enum Key: Equatable, Sendable {
  case character(Character)
  case enter
  case escape
  case tab
  case backspace
  case up
  case down
  case left
  case right
  case pageUp
  case pageDown
  case home
  case end
  /// Ctrl and a letter: `control("c")` is Ctrl-C.
  case control(Character)
  /// An escape sequence the client does not know.
  case unknown
}

/// Turns the bytes a terminal in raw mode sends into keys: printable characters (UTF-8), control keys,
/// and the escape sequences of arrows and paging keys. An escape byte that ends a read with nothing
/// after it is the Esc key. A UTF-8 character split between reads is kept for the next.
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  public init() {}

  /// The keys in the bytes of one read.
  public mutating func decode(_ bytes: [UInt8]) -> [Key] {
    let input = pending + bytes
    pending = []
    var keys: [Key] = []
    var i = 0
    while i < input.count {
      let byte = input[i]
      switch byte {
      case 0x1B:
        let (key, length) = escapeSequence(input[(i + 1)...])
        keys.append(key)
        i += 1 + length
        continue
      case 13, 10: keys.append(.enter)
      case 9: keys.append(.tab)
      case 8, 127: keys.append(.backspace)
      case 1...26: keys.append(.control(Character(UnicodeScalar(byte + 96))))
      case 0..<32: keys.append(.unknown)
      case 0x20..<0x80: keys.append(.character(Character(UnicodeScalar(byte))))
      default:
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        guard i + length <= input.count else {
          pending = Array(input[i...])
          return keys
        }
        if let text = String(validating: input[i..<(i + length)], as: UTF8.self), let character = text.first {
          keys.append(.character(character))
        } else {
          keys.append(.unknown)
        }
        i += length
        continue
      }
      i += 1
    }
    return keys
  }

  /// The key an escape byte starts, given the bytes after it, and how many of them it used.
  private func escapeSequence(_ rest: ArraySlice<UInt8>) -> (Key, Int) {
    guard let first = rest.first else { return (.escape, 0) }
    guard first == UInt8(ascii: "[") || first == UInt8(ascii: "O") else { return (.escape, 0) }
    // CSI or SS3: parameters (digits and `;`), then one final byte.
    var length = 1
    var parameters = ""
    for byte in rest.dropFirst() {
      length += 1
      if (0x30...0x3F).contains(byte) {
        parameters.append(Character(UnicodeScalar(byte)))
        continue
      }
      let key: Key =
        switch (byte, parameters) {
        case (UInt8(ascii: "A"), _): .up
        case (UInt8(ascii: "B"), _): .down
        case (UInt8(ascii: "C"), _): .right
        case (UInt8(ascii: "D"), _): .left
        case (UInt8(ascii: "H"), _): .home
        case (UInt8(ascii: "F"), _): .end
        case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): .home
        case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): .end
        case (UInt8(ascii: "~"), "5"): .pageUp
        case (UInt8(ascii: "~"), "6"): .pageDown
        default: .unknown
        }
      return (key, length)
    }
    return (.unknown, length)
  }
}
