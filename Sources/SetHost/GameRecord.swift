import SetCore
import SetProtocol

/// The record of a match, one line per step, written as it happens so that nothing broadcast is lost.
/// Its grammar is `RecordLine`'s; a record starts with the magic line, the seed and the rules.
public enum GameRecord {
  /// The first line of every record.
  public static let magic = RecordLine.magicText

  /// The lines a record starts with.
  public static func header(seed: UInt64, rules: Rules) -> [String] {
    [RecordLine.magic.line, RecordLine.seed(seed).line, RecordLine.rules(rules).line]
  }
}
