/// One player's place in the tournament's standings, as `STANDINGS` sends it before `OK STANDINGS`:
/// `STANDING <rank> <name> <points> <tiebreaks> <games> <wins> <ties> <losses> <byes> <streak> <status>`.
/// The tie-breaks are one word, `name=value` pairs in order joined by commas (a Swiss's
/// `buchholzCut1,buchholz,sonnebornBerger,wins`, an arena's `performance,games`; `-` for a value not
/// known yet); the streak is `-` where the format keeps none.
public struct StandingLine: Equatable, Sendable {
  public var rank: Int
  public var name: String
  /// Points as a decimal: "2.5" in a Swiss, "12" in an arena.
  public var points: String
  /// The tie-breaks, in the order they count.
  public var tieBreaks: [(name: String, value: String)]
  public var games: Int, wins: Int, ties: Int, losses: Int, byes: Int
  /// The current win streak, or nil where the format keeps none.
  public var streak: Int?
  /// `active` or `withdrawn` in a Swiss; an arena's `waiting`, `playing`, `paused`, `withdrawn`.
  public var status: String

  public init(
    rank: Int, name: String, points: String, tieBreaks: [(name: String, value: String)], games: Int, wins: Int,
    ties: Int, losses: Int, byes: Int, streak: Int?, status: String
  ) {
    self.rank = rank
    self.name = name
    self.points = points
    self.tieBreaks = tieBreaks
    self.games = games
    self.wins = wins
    self.ties = ties
    self.losses = losses
    self.byes = byes
    self.streak = streak
    self.status = status
  }

  public static func == (a: Self, b: Self) -> Bool { a.line == b.line }

  /// The line's first word.
  public static let tag = "STANDING"

  /// The line in the machine grammar.
  public var line: String {
    let breaks = tieBreaks.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
    let counts = [games, wins, ties, losses, byes].map(String.init)
    return
      ([Self.tag, "\(rank)", name, points, breaks.isEmpty ? "-" : breaks] + counts + [
        streak.map(String.init) ?? "-", status,
      ]).joined(separator: " ")
  }

  /// The line `line` reads as, or nil if it fits no grammar.
  public init?(line: String) {
    let f = line.split(separator: " ").map(String.init)
    guard f.count >= 12, f[0] == Self.tag, let rank = Int(f[1]), rank >= 1, PlayerName.isValid(f[2]) else {
      return nil
    }
    var breaks: [(name: String, value: String)] = []
    if f[4] != "-" {
      for pair in f[4].split(separator: ",") {
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        breaks.append((parts[0], parts[1]))
      }
    }
    let counts = f[5...9].compactMap { Int($0) }
    guard counts.count == 5, counts.allSatisfy({ $0 >= 0 }) else { return nil }
    let streak = Int(f[10])
    guard streak != nil || f[10] == "-" else { return nil }
    self.init(
      rank: rank, name: f[2], points: f[3], tieBreaks: breaks, games: counts[0], wins: counts[1], ties: counts[2],
      losses: counts[3], byes: counts[4], streak: streak, status: f[11])
  }

  /// The line in words, for a person: "1. ann 2.5 points (buchholzCut1 4.5, ...); 3 games: 2 won, ...".
  public var words: String {
    let breaks = tieBreaks.map { "\($0.name) \($0.value)" }.joined(separator: ", ")
    let record = "\(games) games: \(wins) won, \(ties) tied, \(losses) lost, \(byes) byes"
    let streakText = streak.map { $0 >= 2 ? ", \($0) wins in a row" : "" } ?? ""
    return "\(rank). \(name) \(points) points (\(breaks)); \(record)\(streakText); \(status)"
  }
}
