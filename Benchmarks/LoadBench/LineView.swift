/// One line received, without its line end, valid only during the call it is passed to.
struct LineView {
  let bytes: UnsafeRawBufferPointer

  /// Whether the line starts with `prefix` (ASCII).
  func hasPrefix(_ prefix: StaticString) -> Bool {
    guard bytes.count >= prefix.utf8CodeUnitCount else { return false }
    let expected = UnsafeRawBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
    for index in 0..<expected.count where bytes[index] != expected[index] {
      return false
    }
    return true
  }

  /// The line without the human presentation's prompt `> ` before it, if it has one. A connection silent
  /// for 2.5 s after it opened is taken for a person on nc, and its first reply follows that prompt on
  /// the same line (protocol.md, Sessions): opening thousands of connections before any speaks takes
  /// longer than that, so the first of them read `> OK MODE machine`.
  var droppingPrompt: LineView {
    guard bytes.count >= 2, bytes[0] == UInt8(ascii: ">"), bytes[1] == UInt8(ascii: " ") else { return self }
    return LineView(bytes: UnsafeRawBufferPointer(rebasing: bytes[2...]))
  }

  /// The line as text.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The number in the second word, which is an event's sequence number, or nil.
  var seq: Int? {
    var index = 0
    while index < bytes.count && bytes[index] != 32 { index += 1 }
    index += 1
    var value = 0
    var digits = 0
    while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57, digits < 18 {
      value = value * 10 + Int(bytes[index] - 48)
      digits += 1
      index += 1
    }
    return digits > 0 && (index == bytes.count || bytes[index] == 32) ? value : nil
  }
}
