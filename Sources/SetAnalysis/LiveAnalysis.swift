/// The analysis of a table's games kept as its record is written, line by line, so that a finished
/// game can be reviewed at once (`REVIEW`). The lines come from the table itself, so a line that does
/// not read is only left out.
public struct LiveAnalysis: Sendable {
  private var fold = RecordFold()
  private var number = 3

  public init() {}

  /// Reads the next line the table records (after the record's header).
  public mutating func read(_ line: String) {
    number += 1
    var line = line
    let number = self.number
    line.withUTF8 { bytes in
      do throws(AnalysisError) {
        try fold.read(bytes, number: number)
      } catch {
        // The table's own lines always read; one that did not would only be left out.
      }
    }
  }

  /// The finished games, in order.
  public var games: [GameAnalysis] { fold.games.filter { $0.result != nil } }
}
