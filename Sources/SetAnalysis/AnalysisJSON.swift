import SetCore

/// The analysis as JSON, for scripts; README.md documents every field. Written by hand, since the
/// pure modules do without Foundation: keys in a fixed order, integers only, strings escaped.
public enum AnalysisJSON {
  /// The record's analysis (only `games`, when given) as one JSON object on one line.
  public static func encode(_ record: RecordAnalysis, file: String, games: [GameAnalysis]? = nil) -> String {
    let list = (games ?? record.games).map(game).joined(separator: ",")
    return "{\"file\":\(string(file)),\"seed\":\(record.seed),\"closedCleanly\":\(record.closedCleanly),"
      + "\"games\":[\(list)]}"
  }

  static func game(_ game: GameAnalysis) -> String {
    let result = game.result.map { result in
      let ending =
        switch result.ending {
        case .completed: "completed"
        case .forfeit: "forfeit"
        }
      return "{\"winner\":\(optional(result.winner?.rawValue)),\"scores\":\(array(result.scores.values)),"
        + "\"sets\":\(array(result.sets.values)),\"ending\":\"\(ending)\"}"
    }
    return "{\"game\":\(game.game),\"durationMs\":\(game.durationMs),\"result\":\(result ?? "null"),"
      + "\"medianFindMs\":\(optional(game.medianFindMs)),\"sameDeckAs\":\(optional(game.sameDeckAs)),"
      + "\"players\":[\(game.players.map(player).joined(separator: ","))],"
      + "\"sets\":[\(game.sets.map(set).joined(separator: ","))]}"
  }

  static func player(_ player: PlayerAnalysis) -> String {
    let byFeature = Feature.allCases.map { "\"\($0.name)\":\(player.wrongPicksBy[$0.rawValue])" }
    let times = (1...4).map { "\"\($0)\":\(array(player.findTimes[$0 - 1]))" }
    return "{\"seat\":\(player.seat.rawValue),\"name\":\(string(player.name)),\"bot\":\(player.isBot),"
      + "\"setsFound\":\(player.setsFound),\"setsMissed\":\(player.setsMissed),\"missed\":\(array(player.missed)),"
      + "\"findTimesByDiffering\":{\(times.joined(separator: ","))},\"wrongPicks\":\(player.wrongPicks),"
      + "\"wrongPicksBy\":{\(byFeature.joined(separator: ","))},"
      + "\"longestUnseenMs\":\(optional(player.longestUnseenMs)),\"longestUnseenSet\":\(optional(player.longestUnseenSet))}"
  }

  static func set(_ set: SetOnTable) -> String {
    let fate =
      switch set.fate {
      case .found: "found"
      case .broken: "broken"
      case .stillThere: "stillThere"
      }
    return "{\"cards\":[\(set.cards.map { "\"\($0)\"" }.joined(separator: ","))],\"differing\":\(set.differing),"
      + "\"appearedSeq\":\(set.appearedSeq),\"goneSeq\":\(optional(set.goneSeq)),"
      + "\"appearedMs\":\(set.appearedMs),\"goneMs\":\(optional(set.goneMs)),"
      + "\"foundBy\":\(optional(set.foundBy?.rawValue)),\"fate\":\"\(fate)\",\"findMs\":\(optional(set.findMs))}"
  }

  private static func optional(_ value: (some BinaryInteger)?) -> String { value.map { "\($0)" } ?? "null" }

  private static func array(_ values: [some BinaryInteger]) -> String {
    "[" + values.map { "\($0)" }.joined(separator: ",") + "]"
  }

  /// A JSON string: quotes, backslashes and control characters escaped.
  static func string(_ text: String) -> String { JSONText.string(text) }
}
