// Measures the rules core in one run: the set finder against the naive triple loop, and complete
// simulated games per second on one core. Build in release: `swift run -c release setduel-bench`.
import SetCore
import SetSimulation

let clock = ContinuousClock()

/// Seconds in a duration, as a Double.
func seconds(_ duration: Duration) -> Double {
  let parts = duration.components
  return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
}

/// The best time per call of `body` over `rounds` rounds of `calls` calls each, in seconds; `body`
/// returns a count that is checked so the work cannot be optimised away.
func bestTime(rounds: Int, calls: Int, expecting expected: Int, _ body: () -> Int) -> Double {
  var best = Double.infinity
  for _ in 0..<rounds {
    var total = 0
    let elapsed = clock.measure {
      for _ in 0..<calls { total &+= body() }
    }
    precondition(total == expected * calls, "wrong count: \(total / calls), expected \(expected)")
    best = min(best, seconds(elapsed) / Double(calls))
  }
  return best
}

/// `value` (not negative) rounded to `decimals` places, without Foundation.
func format(_ value: Double, decimals: Int) -> String {
  var scale = 1
  for _ in 0..<decimals { scale *= 10 }
  let units = Int(value * Double(scale) + 0.5)
  let whole = String(units / scale)
  guard decimals > 0 else { return whole }
  let fraction = String(units % scale)
  return whole + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
}

// MARK: - Finding all sets among the 81 cards

let deck = Card.all
let finder = bestTime(rounds: 7, calls: 2_000, expecting: 1_080) { SetFinder.count(in: deck) }
let naive = bestTime(rounds: 7, calls: 100, expecting: 1_080) { SetFinder.naiveCount(in: deck) }

print("Finding all 1080 sets among the 81 cards (best of 7 rounds):")
print("  SetFinder (pairs + presence mask): \(format(finder * 1e6, decimals: 1)) µs")
print("  naive triple loop:                 \(format(naive * 1e6, decimals: 1)) µs")
print("  SetFinder is \(format(naive / finder, decimals: 1))× faster")

// MARK: - Complete simulated games per second on one core

/// Plays seeded games for about `budget` seconds and returns games per second with the mean steps.
func gamesPerSecond(_ behaviour: Behaviour, budget: Double) -> (rate: Double, steps: Double, sets: Double) {
  var games = 0
  var steps = 0
  var sets = 0
  var seed: UInt64 = 1
  let start = clock.now
  var elapsed = 0.0
  while elapsed < budget {
    for _ in 0..<200 {
      let stats = SimulatedGame.play(seed: seed, behaviour: behaviour)
      precondition(stats.finished, "game \(seed) did not finish")
      games += 1
      steps += stats.steps
      sets += stats.setsFound
      seed += 1
    }
    elapsed = seconds(clock.now - start)
  }
  return (Double(games) / elapsed, Double(steps) / Double(games), Double(sets) / Double(games))
}

print("")
print("Complete simulated games on one core (about 3 s each):")
for (name, behaviour) in [("perfect players", Behaviour.perfect), ("mixed players", Behaviour.mixed)] {
  let result = gamesPerSecond(behaviour, budget: 3)
  print(
    "  \(name): \(format(result.rate, decimals: 0)) games/s"
      + " (\(format(result.steps, decimals: 1)) calls on the match and \(format(result.sets, decimals: 1)) sets a game)"
  )
}
