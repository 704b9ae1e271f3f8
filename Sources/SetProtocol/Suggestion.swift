/// "Did you mean ...?": the known word nearest to a mistyped one, for request verbs and for the
/// command line's subcommands and options.
public enum Suggestion {
  /// The candidate nearest to `word`: one that `word` begins (or that begins `word`), else one at most
  /// two edits away (one, for words of three letters or fewer), a swap of neighbouring letters counting
  /// as one edit. Nil if none is that near. Comparison is exact: callers settle the case first.
  public static func nearest(to word: String, among candidates: [String]) -> String? {
    guard word.count >= 2 else { return nil }
    if let longer = candidates.first(where: { $0.hasPrefix(word) || (word.hasPrefix($0) && $0.count >= 3) }) {
      return longer
    }
    let scored = candidates.map { (word: $0, distance: distance(Array(word), Array($0))) }
    guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
    return best.distance <= (word.count <= 3 ? 1 : 2) ? best.word : nil
  }

  /// `a, b or c`: the choices a refusal lists, when none is near enough to guess (`a, b and c` with
  /// `and`).
  public static func alternatives(_ words: [String], _ conjunction: String = "or") -> String {
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " \(conjunction) " + words[words.count - 1]
  }

  /// The question a guess is put as, wherever one is made: `did you mean X?`, with `guess` as the
  /// caller writes it (`--first-to`, `HELP PICK`).
  public static func question(_ guess: String) -> String { "did you mean \(guess)?" }

  /// `question` for the candidate nearest to `word`, written by `spell`; nil when none is near.
  public static func question(
    for word: String, among candidates: [String], spell: (String) -> String = { $0 }
  ) -> String? {
    nearest(to: word, among: candidates).map { question(spell($0)) }
  }

  /// The edit distance between two words, a swap of neighbouring letters counting as one edit.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
      }
    }
    return d[a.count][b.count]
  }
}
