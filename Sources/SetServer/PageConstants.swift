import SetBase
import SetCore
import SetProtocol

/// The server's rules and words that the player's page needs, written from the Swift values as the
/// script that runs before the page's own (`constants.js`, the first part of `/page.js`): one global,
/// `SERVER`, that the page reads instead of keeping a copy.
///
/// - `variants`: each variant's rule sentence, group size, table size and whether it keeps a chain
/// - `cards`: each card's code and its words (`two red solid diamonds`)
/// - `features`: each feature's name and its values' words by code letter, in the code's order, and
///   the endings of "why not a set" (`whyNot`, as `HumanText.whyNot` says it)
/// - `scoreReasons`: `SCORE`'s reason words by `ScoreReason` case
/// - `name`: the name and secret rules (a pattern, the longest name, a sentence)
/// - `slots`: the table's slot labels and the chain's
/// - `errors`: every `ERR` code by `ErrorCode` case
/// - `moods`: each `MOOD` word and what it says of the player (the page draws each its own face)
/// - `reconnect`: the page's back-off after a dropped connection, and its wait after a full server
public enum PageConstants {
  /// The page's first delay before connecting again, in milliseconds; it doubles up to `longestRetry`.
  public static let firstRetry: Int64 = 500
  /// The page's longest delay between tries, in milliseconds.
  public static let longestRetry: Int64 = 8_000
  /// How long the page waits after a server full of connections closed it (`1013`), in milliseconds.
  public static let fullRetry: Int64 = 8_000

  /// The script: `const SERVER = Object.freeze(<json>);`.
  public static let script: String =
    "// The server's rules and words, written by the server from its Swift values (PageConstants.swift).\n"
    + "\"use strict\";\n\nconst SERVER = Object.freeze(\(json));\n"

  /// The constants as JSON.
  public static var json: String {
    object([
      ("variants", object(Variant.allCases.map { ($0.rawValue, variant($0)) })),
      ("cards", object(Card.all.map { (CardCode.code(of: $0), string(HumanText.words($0))) })),
      ("features", array(Feature.allCases.map(feature))),
      (
        "whyNot",
        object([
          ("one", string(HumanText.whyNotOne)), ("many", string(HumanText.whyNotMany)),
        ])
      ),
      (
        "scoreReasons",
        object(ScoreReason.allCases.map { ("\($0)", string($0.rawValue)) })
      ),
      ("name", name),
      ("slots", slots),
      ("errors", object(ErrorCode.allCases.map { ("\($0)", string($0.rawValue)) })),
      ("moods", object(Mood.allCases.map { ($0.word, string($0.phrase)) })),
      (
        "reconnect",
        object([("first", "\(firstRetry)"), ("longest", "\(longestRetry)"), ("full", "\(fullRetry)")])
      ),
    ])
  }

  private static func variant(_ variant: Variant) -> String {
    object([
      ("rule", string(variant.rule)), ("groupSize", "\(variant.groupSize)"), ("tableSize", "\(variant.tableSize)"),
      ("chains", "\(variant.chains)"),
    ])
  }

  private static func feature(_ feature: Feature) -> String {
    // A card whose every digit is `digit`: its code's letter and its words for this feature.
    let values = (0..<3).map { digit in
      let card = Card(number: digit, colour: digit, shading: digit, shape: digit)
      let letter = Array(CardCode.code(of: card))[feature.rawValue]
      return (String(letter), string(HumanText.value(feature, of: card)))
    }
    return object([("name", string(feature.name)), ("values", object(values))])
  }

  private static var name: String {
    let word = "[A-Za-z0-9_\\-]"
    return object([
      ("pattern", string("^\(word){1,\(PlayerName.maxLength)}$")),
      ("maxLength", "\(PlayerName.maxLength)"),
      ("rule", string("1 to \(PlayerName.maxLength) letters, digits, - or _")),
      ("secretPattern", string("^\(word){\(NameSecret.minLength),\(NameSecret.maxLength)}$")),
    ])
  }

  private static var slots: String {
    let chain = Slot.chain.map(\.label)
    // Every label before the chain's can hold a table card.
    let table = (0..<Slot.chain[0].index).map { Slot($0).label }
    return object([("table", string(table.joined())), ("chain", string(chain.joined()))])
  }

  private static func string(_ text: String) -> String { JSONText.string(text) }

  private static func array(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

  private static func object(_ pairs: [(String, String)]) -> String {
    "{" + pairs.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
  }
}
