import SetCore

/// Mark Glickman's Glicko-2 rating system ("Example of the Glicko-2 system", 2013): a rating, how
/// sure it is (the deviation) and how erratic the player is (the volatility). Each game is one rating
/// period, so both players are updated after every game from their ratings before it.
public enum Glicko2 {
  /// One player's rating on the Glicko scale.
  public struct Rating: Equatable, Sendable {
    /// The rating: 1500 for a new player.
    public var rating: Double
    /// The rating deviation: 350 for a new player, smaller as the rating grows surer.
    public var deviation: Double
    /// The volatility: how much the player's strength is expected to swing.
    public var volatility: Double

    /// A rating with these figures; with none, a new player's.
    public init(rating: Double = 1500, deviation: Double = 350, volatility: Double = 0.06) {
      self.rating = rating
      self.deviation = deviation
      self.volatility = volatility
    }
  }

  /// One game's result from a player's side: the opponent's rating before the game and the score,
  /// 1 for a win, 0.5 for a tie and 0 for a loss.
  public struct Result: Equatable, Sendable {
    public var opponent: Rating
    public var score: Double

    public init(opponent: Rating, score: Double) {
      self.opponent = opponent
      self.score = score
    }
  }

  /// The system constant, which limits how fast the volatility changes; Glickman suggests 0.3 to 1.2.
  public static let defaultTau = 0.5
  /// The deviation never grows past a new player's.
  public static let maximumDeviation = 350.0
  private static let scale = 173.7178
  private static let convergence = 0.000_001

  /// The player's rating after a rating period with these results (none: only the deviation grows).
  public static func update(_ player: Rating, results: [Result], tau: Double = defaultTau) -> Rating {
    let mu = (player.rating - 1500) / scale
    let phi = player.deviation / scale
    let sigma = player.volatility
    guard !results.isEmpty else {
      let grown = (phi * phi + sigma * sigma).squareRoot() * scale
      return Rating(rating: player.rating, deviation: min(grown, maximumDeviation), volatility: sigma)
    }
    var inverseVariance = 0.0
    var improvement = 0.0
    for result in results {
      let muJ = (result.opponent.rating - 1500) / scale
      let gJ = g(result.opponent.deviation / scale)
      let expected = 1 / (1 + Elementary.exp(-gJ * (mu - muJ)))
      inverseVariance += gJ * gJ * expected * (1 - expected)
      improvement += gJ * (result.score - expected)
    }
    let v = 1 / inverseVariance
    let delta = v * improvement
    let newSigma = volatility(sigma: sigma, phi: phi, v: v, delta: delta, tau: tau)
    let phiStar = (phi * phi + newSigma * newSigma).squareRoot()
    let newPhi = 1 / (1 / (phiStar * phiStar) + 1 / v).squareRoot()
    let newMu = mu + newPhi * newPhi * improvement
    return Rating(
      rating: newMu * scale + 1500, deviation: min(newPhi * scale, maximumDeviation), volatility: newSigma)
  }

  /// Both players' ratings after one game between them; `score` is the first player's (1, 0.5 or 0).
  public static func game(_ first: Rating, _ second: Rating, score: Double, tau: Double = defaultTau) -> (
    Rating, Rating
  ) {
    (
      update(first, results: [Result(opponent: second, score: score)], tau: tau),
      update(second, results: [Result(opponent: first, score: 1 - score)], tau: tau)
    )
  }

  private static func g(_ phi: Double) -> Double {
    1 / (1 + 3 * phi * phi / (Double.pi * Double.pi)).squareRoot()
  }

  /// Step 5 of the paper: the new volatility, by the Illinois algorithm.
  private static func volatility(sigma: Double, phi: Double, v: Double, delta: Double, tau: Double) -> Double {
    let a = Elementary.log(sigma * sigma)
    func f(_ x: Double) -> Double {
      let ex = Elementary.exp(x)
      let d = phi * phi + v + ex
      return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau)
    }
    var lower = a
    var upper: Double
    if delta * delta > phi * phi + v {
      upper = Elementary.log(delta * delta - phi * phi - v)
    } else {
      var k = 1.0
      while f(a - k * tau) < 0 { k += 1 }
      upper = a - k * tau
    }
    var fLower = f(lower)
    var fUpper = f(upper)
    var iterations = 0
    while abs(upper - lower) > convergence && iterations < 100 {
      let c = lower + (lower - upper) * fLower / (fUpper - fLower)
      let fC = f(c)
      if fC * fUpper <= 0 {
        lower = upper
        fLower = fUpper
      } else {
        fLower /= 2
      }
      upper = c
      fUpper = fC
      iterations += 1
    }
    return Elementary.exp(lower / 2)
  }
}
