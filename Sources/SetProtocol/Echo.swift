/// A word of a request quoted back in an error, made harmless (`Harmless`) and cut to `maxLength`
/// characters, the last an ellipsis: an error line then fits 79 columns on a person's terminal
/// however long the word was.
public enum Echo {
  /// The most characters of a word an error quotes.
  public static let maxLength = 16

  /// `word` as an error quotes it.
  public static func word(_ word: some StringProtocol) -> String {
    let shown = Harmless.text(String(word))
    return shown.count > maxLength ? String(shown.prefix(maxLength - 1)) + "…" : shown
  }
}
