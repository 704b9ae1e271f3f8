/// The use of every command, for `HELP`, usage errors and did-you-mean: read from `Verb`.
public enum Help {
  /// The use of one verb (its spelling or an alias, in capitals), or nil if there is no such command.
  public static func usage(of verb: String) -> String? {
    Verb(word: verb)?.usage
  }

  /// The lines HELP answers with at a table whose groups hold `groupSize` cards: every command, the one
  /// named, or, for `CARDS`, what a card's code means.
  public static func lines(for verb: String?, groupSize: Int = 3) -> [String]? {
    guard let verb else { return Verb.allCases.map { line($0, groupSize: groupSize) } }
    if verb == "CARDS" { return HumanTable.legend }
    return Verb(word: verb).map { [line($0, groupSize: groupSize)] }
  }

  /// The verb nearest to a mistyped `word`, or nil if none is near (see `Suggestion`).
  public static func nearest(to word: String) -> String? {
    Suggestion.nearest(to: word.uppercased(), among: spellings)
  }

  /// Every verb's spelling in HELP's order, then the aliases in alphabetical order.
  private static let spellings = Verb.allCases.map(\.spelling) + Verb.allCases.flatMap(\.aliases).sorted()

  private static func line(_ verb: Verb, groupSize: Int) -> String {
    "\(verb.usage(groupSize: groupSize)) - \(verb.meaning)"
  }
}
