import SetCore
import SetSimulation
import Testing

/// Thousands of seeded games played to the end by simulated players, with the invariants of
/// ORACLES.md checked after every call on the match.
@Suite("Properties of whole games")
struct PropertyTests {
  /// A named batch of games: a behaviour, rules and a range of seeds.
  struct Batch: Sendable, CustomTestStringConvertible {
    var name: String
    var behaviour: Behaviour
    var rules: Rules
    var seeds: Range<UInt64>
    var testDescription: String { "\(name), seeds \(seeds.lowerBound)..<\(seeds.upperBound)" }
  }

  /// A behaviour that leaves and forfeits far more often, to reach the pause paths many times, and
  /// calls Set after windows ran out, before their timers fired.
  static let restless = Behaviour(
    wrongPick: 200, blindClaim: 100, explicitClaim: 300, onePick: 500, unpick: 300, timeout: 150, late: 50,
    needlessDeal: 100, leave: 60, forfeit: 20, probe: 200)

  /// Twenty batches make up `propertyGames` games.
  static let batches: [Batch] = {
    var batches: [Batch] = []
    let size = UInt64(max(1, propertyGames / 20))
    for index in 0..<UInt64(14) {
      batches.append(
        Batch(name: "mixed", behaviour: .mixed, rules: Rules(), seeds: (index * size)..<((index + 1) * size)))
    }
    var noPickClaims = Rules()
    noPickClaims.pickClaims = false
    batches.append(
      Batch(name: "mixed, claim first", behaviour: .mixed, rules: noPickClaims, seeds: 100_000..<(100_000 + size)))
    batches.append(
      Batch(
        name: "mixed, 2 s claims", behaviour: .mixed, rules: Rules(claimWindow: 2_000),
        seeds: 200_000..<(200_000 + size)))
    for index in 0..<UInt64(2) {
      batches.append(
        Batch(
          name: "restless", behaviour: restless, rules: Rules(),
          seeds: (300_000 + index * size)..<(300_000 + (index + 1) * size)))
    }
    for index in 0..<UInt64(2) {
      batches.append(
        Batch(
          name: "perfect", behaviour: .perfect, rules: Rules(),
          seeds: (400_000 + index * size)..<(400_000 + (index + 1) * size)))
    }
    return batches
  }()

  /// The most calls on the match any game may take.
  static let stepBound = 3_000

  @Test(
    "SETDUEL_GAMES games: every card in one place, scores equal to broadcast deltas, no card credited twice, every game ends, the finder agrees with the naive loop on every table",
    arguments: batches)
  func invariantsHold(batch: Batch) {
    var totals = GameStats(seed: 0)
    var forfeits = 0
    var completed = 0
    var tables = 0
    var empty = 0
    for seed in batch.seeds {
      var checker = InvariantChecker(seed: seed)
      var game = SimulatedGame(seed: seed, behaviour: batch.behaviour, rules: batch.rules, maxSteps: Self.stepBound)
      let stats = game.play { step in
        checker.check(step)
        VariantTests.compareFinder(step, seed: seed, tables: &tables, empty: &empty)
      }
      for failure in checker.failures { Issue.record(Comment(rawValue: failure)) }
      #expect(stats.finished, "seed \(seed) did not end within \(Self.stepBound) calls")
      totals.steps += stats.steps
      totals.refused += stats.refused
      totals.setsFound += stats.setsFound
      totals.wrongPicks += stats.wrongPicks
      totals.expiredWindows += stats.expiredWindows
      totals.late += stats.late
      totals.needlessDeals += stats.needlessDeals
      totals.deals += stats.deals
      totals.leaves += stats.leaves
      switch stats.result?.ending {
      case .completed: completed += 1
      case .forfeit: forfeits += 1
      case nil: break
      }
    }
    #expect(completed + forfeits == batch.seeds.count)
    #expect(tables > batch.seeds.count * 5, "only \(tables) tables")
    #expect(totals.setsFound > 0 && totals.deals > 0)
    let behaviour = batch.behaviour
    if behaviour == .perfect {
      #expect(totals.refused == 0 && totals.wrongPicks == 0 && totals.needlessDeals == 0 && forfeits == 0)
    }
    // A batch of the default size, 500 games, really exercised what its behaviour asks for, and came
    // upon tables without a set, so that "none" was compared too; a smaller one may not have.
    guard batch.seeds.count >= 500 else { return }
    #expect(empty > 0, "no table without a set came up")
    if behaviour.wrongPick > 0 { #expect(totals.wrongPicks > 0) }
    if behaviour.timeout > 0 { #expect(totals.expiredWindows > 0) }
    if behaviour.late > 0 { #expect(totals.late > 0) }
    if behaviour.needlessDeal > 0 { #expect(totals.needlessDeals > 0) }
    if behaviour.probe > 0 { #expect(totals.refused > 0) }
    if behaviour.leave > 0 { #expect(totals.leaves > 0) }
    if behaviour.forfeit > 0 { #expect(forfeits > 0) }
  }
}
