/// A player's mood, as the faces of the classic "play against the phone" Set game showed the computer's:
/// looking for a set, sure it sees one (in the last two seconds before it calls Set), glad to have won
/// the race to a set, beaten to one. A seated player (the computer players do) sends `MOOD <word>`; the
/// table is told `MOOD <seat> <word>`, outside the events, and people read it in words.
public enum Mood: String, CaseIterable, Sendable {
  case looking
  case sure
  case glad
  case beaten

  /// The word the wire spells it with.
  public var word: String { rawValue }

  /// The mood of a word, in any case, or nil for a word that is not one.
  public init?(word: String) {
    self.init(rawValue: word.lowercased())
  }

  /// The moods as the usage lists them: `looking|sure|glad|beaten`.
  public static let choices = allCases.map(\.word).joined(separator: "|")

  /// How many moods a seat may show a second, and in a burst: more are refused (`RATE_LIMITED`).
  public static let perSecond = 2
  public static let burst = 4

  /// What the mood says of whoever shows it, after its name (`bot is` ...): the page's title for it.
  public var phrase: String {
    switch self {
    case .looking: "looking for a set"
    case .sure: "sure it sees one"
    case .glad: "glad"
    case .beaten: "beaten to it"
    }
  }

  /// The mood in words, for the human presentation: `bot is looking for a set.`, or in the second
  /// person to the player who showed it (`you`).
  public func sentence(name: String, you: Bool = false) -> String {
    switch (self, you) {
    case (.looking, false): "\(name) is looking for a set."
    case (.looking, true): "You are looking for a set."
    case (.sure, false): "\(name) is sure it sees one..."
    case (.sure, true): "You are sure you see one..."
    case (.glad, false): "\(name) is glad."
    case (.glad, true): "You are glad."
    case (.beaten, false): "\(name) was beaten to it."
    case (.beaten, true): "You were beaten to it."
    }
  }
}
