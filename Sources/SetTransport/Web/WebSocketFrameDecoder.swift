/// Reads a client's WebSocket frames (RFC 6455, section 5) from a byte stream, split anywhere: a pure
/// value, fed bytes as they arrive, that puts fragments back together and checks every rule a server
/// must. It never holds more than one message of at most `maxMessageBytes`, and refuses a frame that
/// claims more before reading its payload, so a frame claiming 2^63 bytes costs nothing.
///
/// After a `.failed(code)` it reads nothing more: the server sends a close frame with that code and
/// closes. After `.close` it reads nothing more either: the close handshake has begun.
public struct WebSocketFrameDecoder: Sendable {
  /// What the client sent, a message or a control frame at a time.
  public enum Event: Hashable, Sendable {
    /// A whole text message, valid UTF-8.
    case text(String)
    /// A whole binary message.
    case binary([UInt8])
    /// A ping, with its payload: answer with a pong carrying the same.
    case ping([UInt8])
    /// A pong (unasked, or an answer).
    case pong([UInt8])
    /// A close frame: its code (nil if it had none) and reason.
    case close(code: UInt16?, reason: String)
    /// The client broke the protocol: close with this code (1002, 1007 or 1009).
    case failed(code: UInt16)
  }

  /// The longest message accepted, in bytes, after reassembly.
  public let maxMessageBytes: Int

  private enum Stage: Sendable {
    case header
    case payload
    case done
  }

  private var stage = Stage.header
  private var header: [UInt8] = []
  /// The frame being read: its opcode, FIN bit, length, mask and how much of it has come. The mask's
  /// four bytes are held in one word, first byte lowest, so an idle connection holds no array for them;
  /// no buffer keeps its capacity between frames either (an idle WebSocket holds none).
  private var opcode: UInt8 = 0
  private var fin = false
  private var length = 0
  private var mask: UInt32 = 0
  private var payload: [UInt8] = []
  /// The message being reassembled from fragments: its first frame's opcode, or nil between messages.
  private var messageOpcode: UInt8?
  private var message: [UInt8] = []

  /// A decoder refusing messages longer than `maxMessageBytes` with 1009.
  public init(maxMessageBytes: Int) {
    precondition(maxMessageBytes >= 125)
    self.maxMessageBytes = maxMessageBytes
  }

  /// Whether it stopped reading (after a failure or a close frame).
  public var isDone: Bool {
    if case .done = stage { true } else { false }
  }

  /// How many bytes it holds: at most a header, a control frame's payload and one message.
  public var bufferedBytes: Int { header.count + payload.count + message.count }

  /// Reads `bytes`, appending what they complete to `events`.
  public mutating func feed(_ bytes: some Collection<UInt8>, into events: inout [Event]) {
    var index = bytes.startIndex
    while index != bytes.endIndex {
      switch stage {
      case .done:
        return
      case .header:
        header.append(bytes[index])
        index = bytes.index(after: index)
        if let event = readHeaderIfComplete() {
          events.append(event)
        }
      case .payload:
        let wanted = length - payload.count
        let end = bytes.index(index, offsetBy: wanted, limitedBy: bytes.endIndex) ?? bytes.endIndex
        for byte in bytes[index..<end] {
          payload.append(byte ^ UInt8(truncatingIfNeeded: mask >> ((payload.count & 3) * 8)))
        }
        index = end
        if payload.count == length, let event = finishFrame() {
          events.append(event)
        }
      }
    }
    // A frame with an empty payload completes with its header.
    if case .payload = stage, length == 0, let event = finishFrame() {
      events.append(event)
    }
  }

  /// Reads `bytes` and returns the events they complete.
  public mutating func feed(_ bytes: some Collection<UInt8>) -> [Event] {
    var events: [Event] = []
    feed(bytes, into: &events)
    return events
  }

  private mutating func fail(_ code: UInt16) -> Event {
    stage = .done
    header = []
    payload = []
    message = []
    return .failed(code: code)
  }

  /// Once the header is whole, checks it and starts on the payload; returns a failure if it breaks a rule.
  private mutating func readHeaderIfComplete() -> Event? {
    guard header.count >= 2 else { return nil }
    let first = header[0]
    let second = header[1]
    let lengthField = Int(second & 0x7F)
    let extra = lengthField == 126 ? 2 : lengthField == 127 ? 8 : 0
    // Checks that need only the first two bytes come first, so a bad frame is refused at once.
    if header.count == 2 {
      if first & 0x70 != 0 { return fail(1002) }  // Reserved bits without an extension.
      if second & 0x80 == 0 { return fail(1002) }  // Every client frame is masked.
      let op = first & 0x0F
      let isControl = op & 0x08 != 0
      switch op {
      case 0x0, 0x1, 0x2, 0x8, 0x9, 0xA: break
      default: return fail(1002)
      }
      if isControl && (first & 0x80 == 0 || lengthField > 125) { return fail(1002) }
    }
    guard header.count == 2 + extra + 4 else { return nil }
    var frameLength = UInt64(lengthField)
    if extra > 0 {
      frameLength = 0
      for byte in header[2..<(2 + extra)] { frameLength = frameLength << 8 | UInt64(byte) }
      if extra == 8 && frameLength >> 63 != 0 { return fail(1002) }  // The 64-bit form's top bit is 0.
      // The shortest form must be used: a longer one is a client bug (RFC 6455, section 5.2).
      if extra == 2 && frameLength < 126 || extra == 8 && frameLength <= 0xFFFF { return fail(1002) }
    }
    fin = first & 0x80 != 0
    opcode = first & 0x0F
    mask = header[(2 + extra)...].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    header = []
    if opcode & 0x08 == 0 {
      switch (opcode, messageOpcode) {
      case (0, nil): return fail(1002)  // A continuation with no message begun.
      case (0, _): break
      case (_, nil): break
      default: return fail(1002)  // A new message before the last one ended.
      }
      if frameLength > UInt64(maxMessageBytes - message.count) { return fail(1009) }
    }
    length = Int(frameLength)
    payload = []
    stage = .payload
    return nil
  }

  /// A frame's payload is whole: returns what it completes.
  private mutating func finishFrame() -> Event? {
    stage = .header
    let body = payload
    payload = []
    switch opcode {
    case 0x8:
      stage = .done
      if body.isEmpty { return .close(code: nil, reason: "") }
      guard body.count >= 2 else { return fail(1002) }
      let code = UInt16(body[0]) << 8 | UInt16(body[1])
      guard Self.isValidCloseCode(code) else { return fail(1002) }
      guard let reason = String(validating: body[2...], as: UTF8.self) else { return fail(1007) }
      return .close(code: code, reason: reason)
    case 0x9:
      return .ping(body)
    case 0xA:
      return .pong(body)
    default:
      if messageOpcode == nil { messageOpcode = opcode }
      message += body
      guard fin else { return nil }
      let whole = message
      let kind = messageOpcode
      message = []
      messageOpcode = nil
      if kind == 0x2 { return .binary(whole) }
      guard let text = String(validating: whole, as: UTF8.self) else { return fail(1007) }
      return .text(text)
    }
  }

  /// Whether a client may send `code` in a close frame (RFC 6455, section 7.4).
  public static func isValidCloseCode(_ code: UInt16) -> Bool {
    switch code {
    case 1000...1003, 1007...1011, 3000...4999: true
    default: false
    }
  }
}
