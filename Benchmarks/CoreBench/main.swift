// Measures the rules core in one run: the set finder against the naive triple loop, and complete
// simulated games per second on one core. Build in release: `swift run -c release setduel-bench`.
import BenchmarkSupport
import SetCore
import SetSimulation

let clock = ContinuousClock()

/// Seconds per call of `body`, timed over `calls` calls; `body` returns a count that is checked so the
/// work cannot be optimised away.
func timePerCall(calls: Int, expecting expected: Int, _ body: () -> Int) -> Double {
  var total = 0
  let elapsed = clock.measure {
    for _ in 0..<calls { total &+= body() }
  }
  precondition(total == expected * calls, "wrong count: \(total / calls), expected \(expected)")
  return seconds(elapsed) / Double(calls)
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
// The two are timed in alternate rounds, so a busy moment on the machine hits both alike; each keeps
// its best round.
var finder = Double.infinity
var naive = Double.infinity
for _ in 0..<9 {
  finder = min(finder, timePerCall(calls: 4_000, expecting: 1_080) { SetFinder.count(in: deck) })
  naive = min(naive, timePerCall(calls: 50, expecting: 1_080) { SetFinder.naiveCount(in: deck) })
}

print("Finding all 1080 sets among the 81 cards (best of 9 alternating rounds):")
print("  SetFinder (pairs + presence mask): \(format(finder * 1e6, decimals: 1)) µs")
print("  naive triple loop:                 \(format(naive * 1e6, decimals: 1)) µs")
print("  SetFinder is \(format(naive / finder, decimals: 1))× faster")

// MARK: - Complete simulated games per second on one core

/// Plays the same `games` seeded games in each of `rounds` rounds and returns the best round's games
/// per second, with the mean calls on the match and sets found per game. The best round is the one
/// least disturbed by other work on the machine.
func gamesPerSecond(_ behaviour: Behaviour, games: Int, rounds: Int) -> (rate: Double, steps: Double, sets: Double) {
  var best = Double.infinity
  var steps = 0
  var sets = 0
  for _ in 0..<rounds {
    steps = 0
    sets = 0
    let elapsed = clock.measure {
      for seed in 1...UInt64(games) {
        let stats = SimulatedGame.play(seed: seed, behaviour: behaviour)
        precondition(stats.finished, "game \(seed) did not finish")
        steps += stats.steps
        sets += stats.setsFound
      }
    }
    best = min(best, seconds(elapsed))
  }
  return (Double(games) / best, Double(steps) / Double(games), Double(sets) / Double(games))
}

print("")
print("Complete simulated games on one core (the same 10,000 seeded games, best of 5 rounds):")
for (name, behaviour) in [("perfect players", Behaviour.perfect), ("mixed players", Behaviour.mixed)] {
  let result = gamesPerSecond(behaviour, games: 10_000, rounds: 5)
  print(
    "  \(name): \(format(result.rate, decimals: 0)) games/s"
      + " (\(format(result.steps, decimals: 1)) calls on the match and \(format(result.sets, decimals: 1)) sets a game)"
  )
}

// MARK: - Each variant: its group finder against the naive loop, and whole games

/// The tables (with their chains) met in `games` seeded games of perfect players of `variant`.
func tables(of variant: Variant, games: Int) -> [(table: [Card], chain: [Card])] {
  var seen: [(table: [Card], chain: [Card])] = []
  for seed in 1...UInt64(games) {
    _ = SimulatedGame.play(seed: seed, behaviour: .perfect, rules: Rules(variant: variant)) { step in
      seen.append((step.after.table.cards, step.after.chain))
    }
  }
  return seen
}

print("")
print("Each variant: every group on the tables of 200 seeded games, finder against naive loop (best of 5),")
print("and 1,000 perfect players' games on one core (best of 3):")
for variant in Variant.allCases {
  let seen = tables(of: variant, games: 200)
  let groups = seen.reduce(0) { $0 + GroupFinder.naiveAll(variant, in: $1.table, chain: $1.chain).count }
  var fast = Double.infinity
  var slow = Double.infinity
  for _ in 0..<5 {
    fast = min(
      fast,
      timePerCall(calls: 5, expecting: groups) {
        seen.reduce(0) { $0 + GroupFinder.count(variant, in: $1.table, chain: $1.chain) }
      })
    slow = min(
      slow,
      timePerCall(calls: 1, expecting: groups) {
        seen.reduce(0) { $0 + GroupFinder.naiveAll(variant, in: $1.table, chain: $1.chain).count }
      })
  }
  var best = Double.infinity
  for _ in 0..<3 {
    let elapsed = clock.measure {
      for seed in 1...UInt64(1_000) {
        let stats = SimulatedGame.play(seed: seed, behaviour: .perfect, rules: Rules(variant: variant))
        precondition(stats.finished, "\(variant) game \(seed) did not finish")
      }
    }
    best = min(best, seconds(elapsed))
  }
  let perTable = Double(seen.count)
  print(
    "  \(variant.rawValue.padding(7)) finder \(format(fast / perTable * 1e9, decimals: 0)) ns a table,"
      + " naive \(format(slow / perTable * 1e9, decimals: 0)) ns (\(format(slow / fast, decimals: 1))× faster);"
      + " \(format(1_000 / best, decimals: 0)) games/s")
}

extension String {
  /// The text padded with spaces to `width` characters.
  fileprivate func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
