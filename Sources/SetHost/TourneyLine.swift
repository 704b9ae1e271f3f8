import SetCore
import SetTournament

/// What every entrant is told of the tournament, outside any table's event numbering (as `NOTICE`):
/// `TOURNEY <kind> <fields>` in the machine grammar, a sentence in words.
///
/// - `TOURNEY started <rounds>` (`-` in an arena), `TOURNEY finished`, `TOURNEY clock-ended`
/// - `TOURNEY round <round> <bye>` (`-` for none): a Swiss round is paired; its pairs follow
/// - `TOURNEY pair <round> <board> <seat1> <seat2>`: a pair of the round just paired, told at once so
///   that the break before the round's games shows them
/// - `TOURNEY seat <game> <round> <seat1> <seat2>` (`-` for an arena's round): these two are seated
/// - `TOURNEY result <game> <seat1> <seat2> <result> <points1> <points2>`: `seat1`, `seat2`, `tie`,
///   `forfeit1`, `forfeit2` or `forfeit-both`; the points each scored (half-points in a Swiss)
/// - `TOURNEY bye <name> <round>`, `TOURNEY withdrew <name> <asked|two-forfeits>`
struct TourneyLine: Equatable {
  var kind: String
  var fields: [String]
  var words: String

  /// The line's first word.
  static let tag = "TOURNEY"

  var line: String { ([Self.tag, kind] + fields).joined(separator: " ") }

  /// Whether the line names `name` (a withdrawn player is still told of its withdrawal).
  func names(_ name: String) -> Bool { fields.contains(name) }

  init(kind: String, fields: [String], words: String) {
    (self.kind, self.fields, self.words) = (kind, fields, words)
  }

  /// The lines an event is told as: a Swiss round's pairing is its `round` line and a `pair` line a
  /// game; most events are one line; some are not told.
  static func lines(for event: TournamentEvent) -> [TourneyLine] {
    guard let line = TourneyLine(event: event) else { return [] }
    guard case .roundPaired(let round) = event else { return [line] }
    return [line]
      + round.games.map { game in
        TourneyLine(
          kind: "pair", fields: ["\(round.number)", "\(game.table)", game.seats.one, game.seats.two],
          words: "Board \(game.table): \(game.seats.one) plays \(game.seats.two).")
      }
  }

  /// The line an event is told as, or nil for one the entrants are not told.
  init?(event: TournamentEvent) {
    switch event {
    case .started(let rounds):
      kind = "started"
      fields = [rounds.map(String.init) ?? "-"]
      words = "The tournament has started" + (rounds.map { ": \($0) rounds." } ?? ".")
    case .finished:
      (kind, fields, words) = ("finished", [], "The tournament is over: STANDINGS gives the final order.")
    case .clockEnded:
      (kind, fields, words) = ("clock-ended", [], "The tournament's clock ran out: no new game is paired.")
    case .roundPaired(let round):
      kind = "round"
      fields = ["\(round.number)", round.bye ?? "-"]
      words =
        "Round \(round.number) is paired: \(round.games.count) games"
        + (round.bye.map { ", \($0) has the bye." } ?? ".")
    case .seat(let pairing):
      kind = "seat"
      fields = ["\(pairing.game)", pairing.round.map(String.init) ?? "-", pairing.seats.one, pairing.seats.two]
      words = "Game \(pairing.game): \(pairing.seats.one) plays \(pairing.seats.two)."
    case .result(let game, let seats, let result, let points):
      kind = "result"
      fields = ["\(game)", seats.one, seats.two, result.rawValue, "\(points.one)", "\(points.two)"]
      let outcome =
        switch result {
        case .seat1: "\(seats.one) beat \(seats.two)"
        case .seat2: "\(seats.two) beat \(seats.one)"
        case .tie: "\(seats.one) and \(seats.two) tied"
        case .forfeit1: "\(seats.one) forfeited to \(seats.two)"
        case .forfeit2: "\(seats.two) forfeited to \(seats.one)"
        case .forfeitBoth: "\(seats.one) and \(seats.two) both forfeited"
        }
      words = "Game \(game): \(outcome)."
    case .bye(let name, let round):
      (kind, fields, words) = ("bye", [name, "\(round)"], "\(name) has the bye in round \(round).")
    case .withdrew(let name, let cause):
      kind = "withdrew"
      fields = [name, cause.rawValue]
      words = "\(name) withdrew" + (cause == .twoForfeits ? " after two forfeits in a row." : ".")
    default:
      return nil
    }
  }
}
