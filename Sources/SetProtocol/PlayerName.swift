/// What a valid player name is: 1 to 16 ASCII letters, digits, `-` or `_`. Names are unique at a table
/// without regard to case.
public enum PlayerName {
  /// The longest name, in characters.
  public static let maxLength = 16

  /// Whether `text` is a valid name.
  public static func isValid(_ text: String) -> Bool {
    Request.isWord(text, max: maxLength, extra: "_-")
  }

  /// Whether two names are the same name at a table (names differ only in more than case).
  public static func same(_ a: String, _ b: String) -> Bool {
    a.lowercased() == b.lowercased()
  }
}
