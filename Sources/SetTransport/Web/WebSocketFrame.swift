/// The frames a server writes (RFC 6455, section 5): never masked, never fragmented, each encoded
/// whole so that it goes out from one place in one piece.
public enum WebSocketFrame {
  /// A text frame carrying `text`.
  public static func text(_ text: String) -> [UInt8] {
    let utf8 = text.utf8
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count + 10)
    appendHeader(opcode: 0x1, count: utf8.count, to: &bytes)
    bytes += utf8
    return bytes
  }

  /// Lines (each ending in LF or CR LF) as one text message each, without their line ends, the frames
  /// end to end; text after the last line end (a prompt) makes a message of its own.
  public static func textMessages(lines bytes: [UInt8]) -> [UInt8] {
    var frames: [UInt8] = []
    frames.reserveCapacity(bytes.count + bytes.count / 16 + 4)
    var start = 0
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: 10) ?? bytes.count
      var textEnd = end
      if textEnd > start && bytes[textEnd - 1] == 13 { textEnd -= 1 }
      if textEnd > start { appendFrame(opcode: 0x1, payload: bytes[start..<textEnd], to: &frames) }
      start = end + 1
    }
    return frames
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
    var bytes: [UInt8] = []
    bytes.reserveCapacity(payload.count + 10)
    appendFrame(opcode: opcode, payload: payload[...], to: &bytes)
    return bytes
  }

  /// Appends one final, unmasked frame with `opcode` and `payload` to `bytes`.
  static func appendFrame(opcode: UInt8, payload: ArraySlice<UInt8>, to bytes: inout [UInt8]) {
    appendHeader(opcode: opcode, count: payload.count, to: &bytes)
    bytes += payload
  }

  /// Appends the header of a final, unmasked frame with `opcode` and a payload of `count` bytes.
  static func appendHeader(opcode: UInt8, count: Int, to bytes: inout [UInt8]) {
    bytes.append(0x80 | opcode)
    switch count {
    case 0..<126:
      bytes.append(UInt8(count))
    case 126...0xFFFF:
      bytes += [126, UInt8(count >> 8), UInt8(count & 0xFF)]
    default:
      bytes.append(127)
      for shift in stride(from: 56, through: 0, by: -8) {
        bytes.append(UInt8(truncatingIfNeeded: count >> shift))
      }
    }
  }
}
