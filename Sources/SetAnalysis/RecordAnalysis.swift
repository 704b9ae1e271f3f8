import SetCore
import SetProtocol

/// A game record analysed: each of its games, and whether the record was closed cleanly.
public struct RecordAnalysis: Equatable, Sendable {
  /// The seed the record's match dealt from.
  public var seed: UInt64 = 0
  /// Every game the record holds, in order; the last may be unfinished (its `result` nil).
  public var games: [GameAnalysis] = []
  /// Whether the record ends with the `end` line of a server that closed it cleanly.
  public var closedCleanly = false
  /// The number (from 1) of the record's last whole line.
  public var lastLine = 0

  /// Analyses a record's text. Throws, naming the line, when the text is not a record or a line in
  /// it cannot be read or does not fit the game so far. A last line cut off in the middle (no line end
  /// after it) is left out, as the server stopped while writing it.
  public static func analyse(_ text: String) throws(AnalysisError) -> RecordAnalysis {
    var text = text
    let outcome = text.withUTF8 { bytes -> Result<RecordAnalysis, AnalysisError> in
      do throws(AnalysisError) {
        return .success(try analyse(bytes: bytes))
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }

  /// Analyses a record's text given as UTF-8 bytes: lines are found as bytes and read by `RecordLine`.
  static func analyse(bytes: UnsafeBufferPointer<UInt8>) throws(AnalysisError) -> RecordAnalysis {
    var fold = RecordFold()
    let magic = Array(RecordLine.magicText.utf8)
    let firstEnd = bytes.firstIndex(of: 10) ?? bytes.count
    guard bytes[0..<firstEnd].elementsEqual(magic) else {
      throw AnalysisError(line: 1, message: "not a SetDuel record (it should start with \(RecordLine.magicText))")
    }
    // No line end after the last line: the server stopped in the middle of writing it.
    let cut = bytes.last != 10
    var number = 1
    var start = firstEnd + 1
    var lastLine = 1
    while start < bytes.count {
      number += 1
      let end = bytes[start...].firstIndex(of: 10) ?? bytes.count
      let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
      start = end + 1
      guard !line.isEmpty else { continue }
      do {
        try fold.read(RecordLine.parse(bytes: line), number: number) { String(decoding: line, as: UTF8.self) }
        lastLine = number
      } catch {
        if cut, end == bytes.count { break }
        throw error
      }
    }
    return try fold.finish(lastLine: lastLine)
  }
}
