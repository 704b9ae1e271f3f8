/// What a valid table name is in a hall: 1 to 24 ASCII letters, digits, `-` or `_`, with at least one
/// letter, so that `JOIN 3` always means table number 3. Names are unique in the hall without regard to case.
public enum TableName {
  /// The longest name, in characters.
  public static let maxLength = 24

  /// The rule, in words, for an error.
  public static let rule = "a table name is 1 to \(maxLength) letters, digits, - or _, with a letter"

  /// Whether `text` is a valid table name.
  public static func isValid(_ text: String) -> Bool {
    Request.isWord(text, max: maxLength, extra: "_-") && text.utf8.contains { (65...90).contains($0 & 0xDF) }
  }

  /// The name a table gets when its opener gives none.
  public static func standard(for id: Int) -> String {
    "table-\(id)"
  }

  /// Whether two table names are the same name (they differ only in case, if at all).
  public static func same(_ a: String, _ b: String) -> Bool {
    a.lowercased() == b.lowercased()
  }
}
