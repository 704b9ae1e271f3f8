/// Text that came from someone else (another person, a file, the network), made harmless to show:
/// every character that could move the cursor, recolour or rewrite a terminal, or hide or reorder text,
/// is replaced by a visible one. Everything SetDuel shows a person that it did not write itself goes
/// through `text(_:)` at the point it is shown.
///
/// Replaced:
/// - C0 controls (U+0000 to U+001F, ESC, backspace, tab and line breaks included) and DEL, by their
///   control pictures (U+2400 to U+241F, U+2421): ESC shows as `␛`, backspace as `␈`.
/// - C1 controls (U+0080 to U+009F, such as the one-character CSI U+009B and OSC U+009D), and the
///   invisible and direction-changing formatting characters (bidirectional embeddings, overrides and
///   isolates, zero-width characters, line and paragraph separators, tag characters, fillers), by
///   U+FFFD `�`.
public enum Harmless {
  /// What a character that cannot be shown by a picture of its own becomes.
  public static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// `text` with every harmful character replaced by a visible one (see `Harmless`).
  public static func text(_ text: String) -> String {
    // Printable ASCII, the common case, is returned as it is without building anything.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { scalars.append(shown(scalar) ?? scalar) }
    return String(scalars)
  }

  /// Whether `text` holds no character `text(_:)` would replace.
  public static func isHarmless(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } || text.unicodeScalars.allSatisfy { shown($0) == nil }
  }

  /// What `scalar` is shown as, or nil when it is shown as itself.
  static func shown(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch scalar.value {
    case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value)
    case 0x7F: "\u{2421}"
    case 0x80...0x9F,  // C1 controls
      0xAD,  // soft hyphen
      0x034F,  // combining grapheme joiner
      0x061C,  // Arabic letter mark
      0x115F, 0x1160, 0x3164, 0xFFA0,  // Hangul fillers
      0x17B4, 0x17B5, 0x180B...0x180F,  // Khmer vowels inherent, Mongolian selectors and separator
      0x200B...0x200F,  // zero-width space, joiners, direction marks
      0x2028...0x202E,  // line and paragraph separators, embeddings and overrides
      0x2060...0x206F,  // word joiner, invisible operators, isolates, deprecated format characters
      0xFEFF,  // zero-width no-break space
      0xFFF9...0xFFFB,  // interlinear annotation
      0xE0000...0xE007F:  // tag characters
      replacement
    default: nil
    }
  }
}
