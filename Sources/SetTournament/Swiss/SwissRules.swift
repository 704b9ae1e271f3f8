/// The Swiss system's fixed numbers: how many rounds, and when late entry closes.
public enum SwissRules {
  /// The default number of rounds for `players`: ceil(log2 players) + 1, at most players - 1, at least 1.
  public static func defaultRounds(players: Int) -> Int {
    var log = 0
    while (1 << log) < players { log += 1 }
    return max(1, min(log + 1, players - 1))
  }

  /// Whether a player may still enter when `roundsStarted` of `rounds` have started: until half of
  /// them have.
  public static func lateEntryOpen(roundsStarted: Int, rounds: Int) -> Bool {
    2 * roundsStarted < rounds
  }

  /// The break between a round's last result and the next round's games, in milliseconds, during
  /// which the new pairings are shown.
  public static let breakMilliseconds: Int64 = 30_000
}
