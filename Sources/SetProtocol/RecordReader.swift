/// The one reader of game records: every reader of them (the history, the replay, the analysis,
/// `replay --watch`) takes their lines from here, so a record is split, numbered and checked one way.
///
/// A record is read line by line, as UTF-8 bytes, in time linear in its size: the first line must be
/// the magic line (`RecordLine.magicText`), every later line is a `RecordLine` or malformed with the
/// reason why, and a last line with no line end is said to be cut (the server stopped in the middle of
/// writing it). Empty lines are skipped but counted. Pure: the bytes come from whoever read the file.
public struct RecordReader: Sendable {
  /// One line of a record after the first, with what it parses as.
  public struct Line {
    /// The line's number in the record, from 1 (the magic line).
    public let number: Int
    /// The line's value, or why it is malformed.
    public let parsed: Result<RecordLine, RecordLine.Malformed>
    /// Whether this is a last line with no line end after it: what is left of it may not read.
    public let isCut: Bool
    /// The line's bytes, without the line end; valid only while the line is being read.
    public let bytes: UnsafeBufferPointer<UInt8>

    /// The line's text (made only when asked for: most lines are never shown).
    public var text: String { String(decoding: bytes, as: UTF8.self) }
  }

  /// A text that is not a record: its first line is not the magic line.
  public struct NotARecord: Error, Equatable, CustomStringConvertible {
    /// The line at fault: always the first.
    public let line = 1
    public var description: String { RecordReader.notARecord }

    public init() {}
  }

  /// The words said of a file that is not a record, wherever one is read.
  public static let notARecord = "not a SetDuel record (it should start with \(RecordLine.magicText))"

  /// The number of the last line read (0 before the first).
  public private(set) var number = 0

  public init() {}

  /// Reads the next line, given as its bytes without the line end (`isCut` when no line end followed
  /// it): nil for the magic line and for an empty line. Throws if the first line is not the magic line.
  public mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, isCut: Bool = false) throws(NotARecord) -> Line? {
    number += 1
    if number == 1 {
      guard bytes.elementsEqual(RecordLine.magicText.utf8) else { throw NotARecord() }
      return nil
    }
    guard !bytes.isEmpty else { return nil }
    return Line(number: number, parsed: RecordLine.parse(bytes: bytes), isCut: isCut, bytes: bytes)
  }

  /// Reads the next line given as text (see `read(_:isCut:)`); `body` sees the line while it is valid.
  public mutating func read<T>(
    text: String, isCut: Bool = false, _ body: (Line) -> T
  ) throws(NotARecord) -> T? {
    var text = text
    let outcome = text.withUTF8 { bytes -> Result<T?, NotARecord> in
      do throws(NotARecord) {
        return .success(try read(bytes, isCut: isCut).map(body))
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }

  /// Reads a whole record's text, calling `body` with each line after the first until it returns
  /// false. Returns the number of the last line (counting a last empty line's number as not a line).
  /// Throws if the text is not a record (an empty text is not one either).
  @discardableResult
  public static func read(_ text: String, _ body: (Line) -> Bool) throws(NotARecord) -> Int {
    var text = text
    let outcome = text.withUTF8 { bytes -> Result<Int, NotARecord> in
      do throws(NotARecord) {
        return .success(try read(bytes: bytes, body))
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }

  /// Reads a whole record given as UTF-8 bytes (see `read(_:_:)`).
  @discardableResult
  public static func read(bytes: UnsafeBufferPointer<UInt8>, _ body: (Line) -> Bool) throws(NotARecord) -> Int {
    var reader = RecordReader()
    var start = 0
    while start < bytes.count || reader.number == 0 {
      let end = bytes[start...].firstIndex(of: 10) ?? bytes.count
      let isCut = end == bytes.count
      let line = try reader.read(UnsafeBufferPointer(rebasing: bytes[start..<end]), isCut: isCut)
      if let line, !body(line) { break }
      start = end + 1
    }
    return reader.number
  }
}
