/// The frames a server writes (RFC 6455, section 5): never masked, never fragmented, each encoded
/// whole so that it goes out from one place in one piece.
public enum WebSocketFrame {
  /// A text frame carrying `text`.
  public static func text(_ text: String) -> [UInt8] {
    frame(opcode: 0x1, payload: Array(text.utf8))
  }

  /// A pong answering a ping with `payload` (at most 125 bytes, as every control frame).
  public static func pong(_ payload: [UInt8]) -> [UInt8] {
    frame(opcode: 0xA, payload: Array(payload.prefix(125)))
  }

  /// A ping carrying `payload` (at most 125 bytes).
  public static func ping(_ payload: [UInt8]) -> [UInt8] {
    frame(opcode: 0x9, payload: Array(payload.prefix(125)))
  }

  /// A close frame with `code` and `reason`, or with no body when `code` is nil (1005, 1006 and 1015
  /// are never sent). The reason is cut to fit 125 bytes at a character boundary.
  public static func close(code: UInt16?, reason: String = "") -> [UInt8] {
    guard let code, code != 1005, code != 1006, code != 1015 else { return frame(opcode: 0x8, payload: []) }
    var reasonBytes: [UInt8] = []
    for character in reason {
      let bytes = Array(String(character).utf8)
      guard reasonBytes.count + bytes.count <= 123 else { break }
      reasonBytes += bytes
    }
    return frame(opcode: 0x8, payload: [UInt8(code >> 8), UInt8(code & 0xFF)] + reasonBytes)
  }

  /// One final, unmasked frame with `opcode` and `payload`, the length in its shortest form.
  public static func frame(opcode: UInt8, payload: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = [0x80 | opcode]
    bytes.reserveCapacity(payload.count + 10)
    switch payload.count {
    case 0..<126:
      bytes.append(UInt8(payload.count))
    case 126...0xFFFF:
      bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default:
      bytes.append(127)
      for shift in stride(from: 56, through: 0, by: -8) {
        bytes.append(UInt8(truncatingIfNeeded: payload.count >> shift))
      }
    }
    return bytes + payload
  }
}
