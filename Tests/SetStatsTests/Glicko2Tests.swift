import SetCore
import Testing

@testable import SetStats

/// Glicko-2 against the worked example in Glickman's paper, and the elementary functions under it.
@Suite("Glicko-2")
struct Glicko2Tests {
  @Test("Glickman's worked example gives the published figures to the printed precision")
  func workedExample() {
    let player = Glicko2.Rating(rating: 1500, deviation: 200, volatility: 0.06)
    let results = [
      Glicko2.Result(opponent: .init(rating: 1400, deviation: 30), score: 1),
      Glicko2.Result(opponent: .init(rating: 1550, deviation: 100), score: 0),
      Glicko2.Result(opponent: .init(rating: 1700, deviation: 300), score: 0),
    ]
    let after = Glicko2.update(player, results: results, tau: 0.5)
    // The paper rounds on the Glicko-2 scale to four places (mu' = -0.2069, phi' = 0.8722) and prints
    // r' and RD' from those rounded values, so the exact figures sit within one unit of the last
    // printed digit of r' = 1464.06, RD' = 151.52 and sigma' = 0.05999, and match mu' and phi' exactly.
    #expect(rounded((after.rating - 1500) / 173.7178, places: 4) == -0.2069)
    #expect(rounded(after.deviation / 173.7178, places: 4) == 0.8722)
    #expect(abs(after.rating - 1464.06) < 0.01)
    #expect(abs(after.deviation - 151.52) < 0.01)
    #expect(abs(after.volatility - 0.05999) < 0.000_01)
    // Unrounded, the example gives r' = 1464.0507, RD' = 151.5165, sigma' = 0.0599960.
    #expect(rounded(after.rating, places: 4) == 1464.0507)
    #expect(rounded(after.deviation, places: 4) == 151.5165)
    #expect(rounded(after.volatility, places: 7) == 0.059_996_0)
  }

  @Test("a rating period without games only widens the deviation, never past a new player's")
  func idlePeriod() {
    let player = Glicko2.Rating(rating: 1600, deviation: 100, volatility: 0.06)
    let after = Glicko2.update(player, results: [])
    #expect(after.rating == 1600)
    #expect(after.deviation > 100 && after.deviation < 101)
    #expect(Glicko2.update(Glicko2.Rating(), results: []).deviation == 350)
  }

  @Test("a win raises the winner and lowers the loser by the same amount between equals")
  func gameBetweenEquals() {
    let (winner, loser) = Glicko2.game(Glicko2.Rating(), Glicko2.Rating(), score: 1)
    #expect(winner.rating > 1500 && loser.rating < 1500)
    #expect(abs((winner.rating - 1500) - (1500 - loser.rating)) < 1e-9)
    let (tieA, tieB) = Glicko2.game(Glicko2.Rating(), Glicko2.Rating(), score: 0.5)
    #expect(abs(tieA.rating - 1500) < 1e-9 && abs(tieB.rating - 1500) < 1e-9)
  }

  @Test(
    "exp and log agree with known values and invert each other", arguments: [-30.0, -1, -0.1, 0, 0.5, 1, 2, 10, 50])
  func elementary(x: Double) {
    let y = Elementary.exp(x)
    #expect(abs(Elementary.log(y) - x) <= 1e-12 * max(1, abs(x)))
  }

  @Test("exp and log at fixed points")
  func elementaryFixedPoints() {
    #expect(abs(Elementary.exp(1) - 2.718_281_828_459_045) < 1e-15)
    #expect(abs(Elementary.log(10) - 2.302_585_092_994_046) < 1e-15)
    #expect(Elementary.exp(0) == 1)
    #expect(Elementary.log(1) == 0)
  }

  private func rounded(_ value: Double, places: Int) -> Double {
    var factor = 1.0
    for _ in 0..<places { factor *= 10 }
    return (value * factor).rounded() / factor
  }
}
