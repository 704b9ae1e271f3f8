import SetClientCore
import SetCore

/// A series of seeded `BotDuel` games between two skills, the players swapping seats every game: how
/// the levels are calibrated, against each other and against simulated people.
public struct BotSeries: Equatable, Sendable {
  /// Games the first skill won, the second won, and drawn.
  public var firstWins = 0
  public var secondWins = 0
  public var draws = 0
  /// Sets found in all the games.
  public var sets = 0
  /// Games that did not end.
  public var unfinished = 0

  /// `games` games, deal seeds 1...games; each brain's own seed derived from the game's.
  public init(_ first: BotSkill, against second: BotSkill, games: Int) {
    for seed in 1...max(1, games) {
      let game = UInt64(seed)
      let one = BotBrain(skill: first, seed: game &* 2)
      let two = BotBrain(skill: second, seed: game &* 2 &+ 1)
      // The first player holds seat one in odd games and seat two in even ones.
      let swapped = seed % 2 == 0
      var duel = swapped ? BotDuel(two, one, seed: game) : BotDuel(one, two, seed: game)
      guard let result = duel.play() else {
        unfinished += 1
        continue
      }
      sets += result.sets.values.reduce(0, +)
      guard let winner = result.winner else {
        draws += 1
        continue
      }
      if (winner == .one) != swapped { firstWins += 1 } else { secondWins += 1 }
    }
  }
}

extension BotSkill {
  /// A beginner, as people new to the game play it: a set 8 to 15 s after the table changes (a glance of
  /// 8 s, then a search that the sets on the table race, most often over within 15 s), never a set
  /// overlooked, never a false claim, slow between picks. The easy level is measured against it.
  public static let beginner = BotSkill(
    glance: 8_000, search: 9_000, overlooks: 0, falseClaims: 0, giveUp: 15_000...20_000, pickStep: 700)
}
