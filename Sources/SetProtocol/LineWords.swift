/// A line's words read one after another from its UTF-8 bytes, without making strings: how the wire's
/// event lines and the record's lines are read (`EventCodec`, `RecordLine`), which is most of the cost
/// of reading ten thousand records. Words are separated by runs of spaces, as `split(separator: " ")`
/// separates them.
struct LineWords {
  let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// The next word, or nil when none is left.
  mutating func next() -> Word? {
    while index < bytes.count, bytes[index] == Self.space { index += 1 }
    guard index < bytes.count else { return nil }
    let start = index
    while index < bytes.count, bytes[index] != Self.space { index += 1 }
    return Word(UnsafeBufferPointer(rebasing: bytes[start..<index]))
  }

  /// The bytes after the words read so far.
  var rest: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[index...]) }

  /// How many words are left.
  var remaining: Int {
    var copy = self
    var count = 0
    while copy.next() != nil { count += 1 }
    return count
  }

  /// The rest of the line after its first `words` words, as `EventCodec` keeps a chat line's text:
  /// spaces kept, less the one space after the last word skipped.
  func text(after words: Int) -> String {
    var at = 0
    for _ in 0..<words {
      while at < bytes.count, bytes[at] == Self.space { at += 1 }
      while at < bytes.count, bytes[at] != Self.space { at += 1 }
    }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[min(at + 1, bytes.count)...]), as: UTF8.self)
  }

  static let space = UInt8(ascii: " ")
}

/// One word of a line, as UTF-8 bytes.
struct Word {
  let bytes: UnsafeBufferPointer<UInt8>

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
  init(_ slice: Slice<UnsafeBufferPointer<UInt8>>) { bytes = UnsafeBufferPointer(rebasing: slice) }

  var count: Int { bytes.count }

  /// The word as a string (invalid UTF-8 replaced).
  var string: String { String(decoding: bytes, as: UTF8.self) }

  /// Whether the word is `text`.
  func isEqual(to text: StaticString) -> Bool {
    guard text.utf8CodeUnitCount == bytes.count else { return false }
    return text.withUTF8Buffer { text in
      for index in 0..<text.count where text[index] != bytes[index] { return false }
      return true
    }
  }

  /// Whether the word is the one whose bytes are `text`.
  func isEqual(to text: [UInt8]) -> Bool {
    text.count == bytes.count && text.elementsEqual(bytes)
  }

  /// The whole number the word spells, as `Int(String)` reads one: an optional sign and decimal
  /// digits, nil for anything else or a number too large.
  var int: Int? {
    var at = 0
    var negative = false
    if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      negative = first == UInt8(ascii: "-")
      at = 1
    }
    guard at < bytes.count else { return nil }
    var value = 0
    while at < bytes.count {
      let digit = bytes[at] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflowSum) =
        negative ? times.subtractingReportingOverflow(Int(digit)) : times.addingReportingOverflow(Int(digit))
      guard !overflowTimes, !overflowSum else { return nil }
      value = sum
      at += 1
    }
    return value
  }

  /// The word as a 64-bit whole number, as `Int64(String)` reads one.
  var int64: Int64? { int.flatMap { Int64(exactly: $0) } }

  /// The word's non-empty parts between separators (`separator`, or `or` too), as
  /// `split(whereSeparator:)` gives them.
  func parts(separatedBy separator: UInt8, or other: UInt8? = nil) -> Parts {
    Parts(bytes: bytes, separator: separator, other: other ?? separator)
  }

  /// The non-empty parts of a word between separators, one after another.
  struct Parts: IteratorProtocol {
    let bytes: UnsafeBufferPointer<UInt8>
    let separator: UInt8
    let other: UInt8
    var index = 0

    mutating func next() -> Word? {
      while index < bytes.count, isSeparator(bytes[index]) { index += 1 }
      guard index < bytes.count else { return nil }
      let start = index
      while index < bytes.count, !isSeparator(bytes[index]) { index += 1 }
      return Word(bytes[start..<index])
    }

    private func isSeparator(_ byte: UInt8) -> Bool { byte == separator || byte == other }
  }
}
