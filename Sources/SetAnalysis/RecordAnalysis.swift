import SetCore
import SetProtocol

/// A game record analysed: each of its games, and whether the record was closed cleanly.
public struct RecordAnalysis: Equatable, Sendable {
  /// The seed the record's match dealt from.
  public var seed: UInt64 = 0
  /// The variant the record's games are played in.
  public var variant: Variant = .normal
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
    var failure: AnalysisError?
    var lastLine = 1
    do {
      try RecordReader.read(text) { line in
        do throws(AnalysisError) {
          try fold.read(line.parsed, number: line.number) { line.text }
          lastLine = line.number
          return true
        } catch {
          // A cut last line that does not read is what is left of a line the server was writing.
          if !line.isCut { failure = error }
          return false
        }
      }
    } catch {
      throw AnalysisError(line: 1, message: RecordReader.notARecord)
    }
    if let failure { throw failure }
    return fold.finish(lastLine: lastLine)
  }
}
