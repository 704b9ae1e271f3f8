import SetCore
import SetProtocol

/// The analysis of a table's games kept as its record is written, line by line, so that a finished
/// game can be reviewed at once (`REVIEW`). The lines are the values the table records, never their
/// text read back; as they come from the table itself, a line that does not fit is only left out.
public struct LiveAnalysis: Sendable {
  private var fold: RecordFold

  /// The analysis of a table that plays `variant`.
  public init(variant: Variant = .normal) {
    fold = RecordFold(variant: variant)
  }

  /// Folds the next line the table records (after the record's header).
  public mutating func fold(_ line: RecordLine) {
    do throws(AnalysisError) {
      try fold.read(line)
    } catch {
      // The table's own lines always fit; one that did not would only be left out.
    }
  }

  /// The finished games, in order.
  public var games: [GameAnalysis] { fold.games.filter { $0.result != nil } }
}
