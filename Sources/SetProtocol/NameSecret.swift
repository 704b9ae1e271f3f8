/// The secret that makes a name its owner's: an optional second word of `NAME`. The server keeps only
/// a fingerprint of it (see `NameClaim`), and a name's rating moves only in games played with the
/// secret that first claimed it.
public enum NameSecret {
  /// The shortest secret: long enough that guessing it is hopeless, when it is drawn at random.
  public static let minLength = 16
  /// The longest secret.
  public static let maxLength = 64

  /// Whether `text` is a secret: 16 to 64 ASCII letters, digits, `-` or `_`.
  public static func isValid(_ text: String) -> Bool {
    text.utf8.count >= minLength && Request.isWord(text, max: maxLength, extra: "-_")
  }

  /// What a secret is, in words.
  public static let rule = "a secret is \(minLength) to \(maxLength) ASCII letters, digits, - or _"
}
