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
    var fold = RecordFold()
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.first == Substring(RecordLine.magicText) else {
      throw AnalysisError(line: 1, message: "not a SetDuel record (it should start with \(RecordLine.magicText))")
    }
    let cut = lines.last.map { !$0.isEmpty } ?? false
    for (offset, line) in lines.enumerated() where !line.isEmpty {
      do {
        try fold.read(line, number: offset + 1)
      } catch {
        if cut, offset == lines.count - 1, offset > 0 { continue }
        throw error
      }
    }
    return try fold.finish(lastLine: lines.count - (lines.last?.isEmpty == true ? 1 : 0))
  }
}
