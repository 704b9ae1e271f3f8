import SetClientCore
import SetCore
import SetProtocol
import SetSimulation
import Testing

/// The bots play every variant at every level, through a real host, with the horse-race model.
@Suite("Bots in every variant")
struct VariantBotTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var variant: Variant
    var level: BotLevel
    var testDescription: String { "\(variant), \(level)" }
  }

  static let cases = Variant.allCases.filter { $0 != .normal }.flatMap { variant in
    [BotLevel.easy, .normal, .hard].map { Case(variant: variant, level: $0) }
  }

  @Test("two bots play a whole game of the variant to the end", arguments: cases)
  func botsPlayAVariant(_ game: Case) {
    for seed in UInt64(1)...3 {
      var duel = BotDuel(
        BotBrain(level: game.level, seed: seed), BotBrain(level: game.level, seed: seed + 10), seed: 90 + seed,
        rules: Rules(variant: game.variant))
      guard let result = duel.play() else {
        Issue.record("seed \(seed): the game did not end: \(duel.models[0].phase), \(duel.models[0].cards.count) cards")
        continue
      }
      #expect(result.ending == .completed)
      #expect(duel.models[0].rules.variant == game.variant)
      // Most of the deck went in groups: the bots found them, chain cards and UltraSets included.
      let groups = result.sets.one + result.sets.two
      #expect(groups * 2 >= game.variant.maxGroups, "seed \(seed): only \(groups) groups")
    }
  }
}
