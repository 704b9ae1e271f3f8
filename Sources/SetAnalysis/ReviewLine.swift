import SetCore
import SetProtocol

/// The data lines of `REVIEW` in the machine presentation (protocol.md, Reviewing a game), one per set
/// and one per player, before `OK REVIEW <game>`. Kept here, beside the analysis they carry, as the
/// wire's other lines are kept in SetProtocol, which the analysis depends on.
public enum ReviewLine: Equatable, Sendable {
  /// `REVIEWSET <game> <cards> <differing> <appearedSeq> <appearedMs> <goneSeq> <goneMs> <fate> <foundBy>
  /// <findMs>`: `-` for a value that is not there, `foundBy` 0 for nobody.
  case set(game: Int, SetOnTable)
  /// `REVIEWPLAYER <game> <seat> <found> <missed> <wrongPicks> <number>,<colour>,<shading>,<shape>
  /// <longestUnseenMs> <finds1>/<median1>,...,<finds4>/<median4>`: wrong picks by the feature that broke
  /// them, and per number of differing features the sets found and their median find time (`-` for none).
  case player(game: Int, PlayerAnalysis)

  /// Every line for a game: its sets, then its players.
  public static func lines(for game: GameAnalysis) -> [String] {
    game.sets.map { ReviewLine.set(game: game.game, $0).line }
      + game.players.map { ReviewLine.player(game: game.game, $0).line }
  }

  public var line: String {
    func optional(_ value: (some BinaryInteger)?) -> String { value.map { "\($0)" } ?? "-" }
    switch self {
    case .set(let game, let set):
      let fate =
        switch set.fate {
        case .found: "found"
        case .broken: "broken"
        case .stillThere: "there"
        }
      return [
        "REVIEWSET", "\(game)", set.cards.map(\.description).joined(separator: ","), "\(set.differing)",
        "\(set.appearedSeq)", "\(set.appearedMs)", optional(set.goneSeq), optional(set.goneMs), fate,
        "\(set.foundBy?.rawValue ?? 0)", optional(set.findMs),
      ].joined(separator: " ")
    case .player(let game, let player):
      let finds = player.findTimes.map { "\($0.count)/" + optional(AnalysisText.median($0)) }
      return [
        "REVIEWPLAYER", "\(game)", "\(player.seat.rawValue)", "\(player.setsFound)", "\(player.setsMissed)",
        "\(player.wrongPicks)", player.wrongPicksBy.map(String.init).joined(separator: ","),
        optional(player.longestUnseenMs), finds.joined(separator: ","),
      ].joined(separator: " ")
    }
  }

  /// A player's summary figures read back from a `REVIEWPLAYER` line: the seat, sets missed, the
  /// longest unseen and wrong picks by feature; nil when the line is not one.
  public static func playerSummary(_ line: String) -> (
    game: Int, seat: Seat, missed: Int, longestUnseenMs: Int64?, wrongPicksBy: [Int]
  )? {
    let words = line.split(separator: " ")
    guard words.count >= 9, words[0] == "REVIEWPLAYER", let game = Int(words[1]),
      let seat = Int(words[2]).flatMap(Seat.init(rawValue:)), let missed = Int(words[4])
    else { return nil }
    let by = words[6].split(separator: ",").compactMap { Int($0) }
    guard by.count == 4 else { return nil }
    return (game, seat, missed, Int64(words[7]), by)
  }
}
