/// What a valid player name is: 1 to 16 ASCII letters, digits, `-` or `_`. Names are unique at a table
/// without regard to case.
public enum PlayerName {
  /// The longest name, in characters.
  public static let maxLength = 16

  /// Whether `text` is a valid name.
  public static func isValid(_ text: String) -> Bool {
    Request.isWord(text, max: maxLength, extra: "_-")
  }

  /// `text` made a valid name: the characters a name may not hold left out, cut to the longest name;
  /// nil when nothing is left.
  public static func fitted(_ text: String) -> String? {
    let kept = text.unicodeScalars.filter { isValid(String($0)) }.prefix(maxLength)
    return kept.isEmpty ? nil : String(String.UnicodeScalarView(kept))
  }

  /// Whether two names are the same name at a table (names differ only in more than case).
  public static func same(_ a: String, _ b: String) -> Bool {
    key(a) == key(b)
  }

  /// What a name is matched by: the same for two names that are the same name, whatever their case.
  public static func key(_ name: String) -> String {
    name.lowercased()
  }
}
