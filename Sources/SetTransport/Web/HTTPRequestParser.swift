/// Reads HTTP/1.x request heads from a byte stream, incrementally: a pure value, fed bytes as they
/// arrive, split anywhere. It reads heads only; a request with a body is reported, and the server
/// answers it and closes.
///
/// A head longer than `maxHeadBytes` is refused as soon as it passes the limit (431), without waiting
/// for its end, so a 1 MB header costs no more than the limit. A head that is not HTTP/1.x is refused
/// with 400. After either, the parser stays failed: the connection is to be closed.
public struct HTTPRequestParser: Sendable {
  /// The default longest request head, in bytes, including the blank line.
  public static let defaultMaxHeadBytes = 8 * 1024

  /// What feeding bytes produced.
  public enum Output: Hashable, Sendable {
    /// A complete head. `rest` is what followed it in the same bytes (the first bytes of a WebSocket,
    /// or of the next request): feed it on, or to the next protocol.
    case request(HTTPRequest, rest: [UInt8])
    /// The head is not to be answered but refused with this status (400 or 431); close after it.
    case failed(status: Int)
  }

  /// The longest head accepted.
  public let maxHeadBytes: Int
  private var head: [UInt8] = []
  private var failed = false

  /// A parser refusing heads longer than `maxHeadBytes` with 431.
  public init(maxHeadBytes: Int = HTTPRequestParser.defaultMaxHeadBytes) {
    precondition(maxHeadBytes > 16)
    self.maxHeadBytes = maxHeadBytes
  }

  /// How many bytes of an unfinished head are held.
  public var bufferedBytes: Int { head.count }

  /// Whether part of a head has arrived and its end has not.
  public var isMidRequest: Bool { !head.isEmpty && !failed }

  /// Reads `bytes`: returns the first complete head (and what followed it), a failure, or nil if the
  /// head is not complete yet. Once failed, returns nil for everything.
  public mutating func feed(_ bytes: some Collection<UInt8>) -> Output? {
    guard !failed else { return nil }
    var index = bytes.startIndex
    while index != bytes.endIndex {
      let byte = bytes[index]
      index = bytes.index(after: index)
      // Blank lines before a request are ignored (RFC 9112, section 2.2).
      if head.isEmpty && (byte == 13 || byte == 10) { continue }
      head.append(byte)
      if head.count > maxHeadBytes {
        return fail(431)
      }
      if byte == 10 && endsHead() {
        let text = head
        head.removeAll(keepingCapacity: false)
        guard let request = Self.parse(text) else { return fail(400) }
        return .request(request, rest: Array(bytes[index...]))
      }
    }
    return nil
  }

  private mutating func fail(_ status: Int) -> Output {
    failed = true
    head = []
    return .failed(status: status)
  }

  /// Whether `head` ends with an empty line (CRLF CRLF, or bare LFs, which RFC 9112 lets a server accept).
  private func endsHead() -> Bool {
    let count = head.count
    if count >= 2 && head[count - 2] == 10 { return true }
    return count >= 3 && head[count - 2] == 13 && head[count - 3] == 10
  }

  /// Parses a complete head, or nil if it is not a valid HTTP/1.x request head.
  static func parse(_ bytes: [UInt8]) -> HTTPRequest? {
    // Split on bytes: "\r\n" is one Character in Swift, so a String would not split on "\n".
    var lines: [Substring] = []
    for rawLine in bytes.split(separator: 10, omittingEmptySubsequences: false) {
      let trimmed = rawLine.last == 13 ? rawLine.dropLast() : rawLine
      guard let line = String(validating: trimmed, as: UTF8.self) else { return nil }
      lines.append(Substring(line))
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let requestLine = lines.first else { return nil }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, isToken(parts[0]), !parts[1].isEmpty,
      parts[1].allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "\u{7F}" })
    else { return nil }
    let minor: Int
    switch parts[2] {
    case "HTTP/1.1": minor = 1
    case "HTTP/1.0": minor = 0
    default: return nil
    }
    var fields: [(name: String, value: String)] = []
    for line in lines.dropFirst() {
      // Obsolete line folding, a bare CR, or a field without a colon: refused (RFC 9112, section 5).
      guard let colon = line.firstIndex(of: ":"), !line.unicodeScalars.contains("\r") else { return nil }
      let name = line[..<colon]
      guard isToken(name) else { return nil }
      let value = line[line.index(after: colon)...].trimmingSpaces()
      guard !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else {
        return nil
      }
      fields.append((String(name), value))
    }
    let request = HTTPRequest(method: String(parts[0]), target: String(parts[1]), minorVersion: minor, fields: fields)
    // HTTP/1.1 requires exactly one Host (RFC 9112, section 3.2).
    if minor == 1 && request.count(of: "Host") != 1 { return nil }
    return request
  }

  private static func isToken(_ text: Substring) -> Bool {
    !text.isEmpty
      && text.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"):
          true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
      }
  }
}
