import SetCore

/// What `OPEN` asks for: a table's name and the rules it differs in from the server's, each optional.
///
/// Grammar: `OPEN [<name>] [variant=<name>] [firstTo=<n>] [scoring=sets|speed] [bot=easy|normal|hard]`,
/// the options in any order, keys in any case.
public struct TableRequest: Equatable, Sendable {
  /// The table's name, or nil for the standard one (`table-<id>`).
  public var name: String?
  /// The game played, or nil for the server's.
  public var variant: Variant?
  /// The sets that win a game at once, or nil for the server's.
  public var firstTo: Int?
  /// How sets score, or nil for the server's.
  public var scoring: Scoring?
  /// A computer player for seat 2, or nil for none.
  public var bot: BotLevel?

  public init(
    name: String? = nil, variant: Variant? = nil, firstTo: Int? = nil, scoring: Scoring? = nil, bot: BotLevel? = nil
  ) {
    self.name = name
    self.variant = variant
    self.firstTo = firstTo
    self.scoring = scoring
    self.bot = bot
  }

  /// The request's words after the verb, as `parse` reads them back.
  public var words: [String] {
    var words: [String] = []
    if let name { words.append(name) }
    if let variant { words.append("variant=\(variant.rawValue)") }
    if let firstTo { words.append("firstTo=\(firstTo)") }
    if let scoring { words.append("scoring=\(scoring.rawValue)") }
    if let bot { words.append("bot=\(bot.rawValue)") }
    return words
  }

  /// The rules of a table opened with this request on a server that plays `base`.
  public func rules(over base: Rules) -> Rules {
    var rules = base
    if let variant, variant != base.variant {
      rules.variant = variant
      rules.tableSize = variant.tableSize
      if let firstTo = rules.firstTo { rules.firstTo = min(firstTo, variant.maxGroups) }
    }
    if let firstTo { rules.firstTo = firstTo }
    if let scoring { rules.scoring = scoring }
    return rules
  }

  /// The most sets any variant's game can have: a bound on `firstTo` before the table's variant is known.
  static let mostSets = Variant.allCases.map(\.maxGroups).max() ?? 27

  /// The request `OPEN`'s words make, or the error that says what is wrong with them.
  static func parse(_ words: [String]) -> Result<TableRequest, ProtocolError> {
    var request = TableRequest()
    for word in words {
      guard let equals = word.firstIndex(of: "=") else {
        guard request.name == nil else {
          return .failure(ProtocolError(.badArgument, "usage: OPEN [<name>] [<option>=<value>]... (HELP OPEN)"))
        }
        guard TableName.isValid(word) else { return .failure(ProtocolError(.badArgument, TableName.rule)) }
        request.name = word
        continue
      }
      let key = word[..<equals].lowercased()
      let value = String(word[word.index(after: equals)...])
      switch key {
      case "variant":
        guard let variant = Variant(name: value) else { return .failure(Request.unknownVariant(value)) }
        request.variant = variant
      case "firstto":
        guard value.utf8.count <= 3, let count = Int(value), (1...mostSets).contains(count) else {
          return .failure(ProtocolError(.badArgument, "firstTo takes a number of sets from 1 to \(mostSets)"))
        }
        request.firstTo = count
      case "scoring":
        guard let scoring = Scoring(rawValue: value.lowercased()) else {
          return .failure(ProtocolError(.badArgument, "scoring is sets or speed"))
        }
        request.scoring = scoring
      case "bot":
        guard let level = BotLevel(rawValue: value.lowercased()) else {
          let names = BotLevel.allCases.map(\.rawValue).joined(separator: ", ")
          return .failure(ProtocolError(.badArgument, "a bot's level is one of \(names)"))
        }
        request.bot = level
      default:
        let keys = ["variant", "firstTo", "scoring", "bot"]
        guard
          let question = Suggestion.question(
            for: key.lowercased(), among: keys.map { $0.lowercased() },
            spell: { near in
              keys.first { $0.lowercased() == near } ?? near
            })
        else {
          return .failure(ProtocolError(.badArgument, "OPEN's options are \(Suggestion.alternatives(keys, "and"))"))
        }
        return .failure(ProtocolError(.badArgument, "no such option \(Echo.word(key)) (\(question))"))
      }
    }
    return .success(request)
  }
}
