import SetCore
import SetProtocol
import SetSimulation
import Testing

@testable import SetClientCore

@Suite("The bot's brain: a horse race among the sets on the table")
struct BotBrainTests {
  /// A 12-card table, drawn by seeded shuffles, on which exactly `sets` sets lie; with `shared`, the
  /// one set's cards share exactly that many features.
  static func table(sets: Int, shared: Int? = nil) -> [Card] {
    var random = SplitMix64(seed: 42)
    while true {
      var deck = Card.all
      deck.fisherYatesShuffle(using: &random)
      let cards = Array(deck.prefix(12))
      let found = SetFinder.all(in: cards)
      guard found.count == sets else { continue }
      if let shared, BotSkill.sharedFeatures(found[0]) != shared { continue }
      return cards
    }
  }

  /// Ann (this client, seat one) and bob in open play at `cards`, 30 cards left in the deck.
  static func model(_ cards: [Card]) -> ClientModel {
    var model = ClientModel()
    let table = cards.enumerated().map { "\(Slot($0.offset).label)=\($0.element)" }.joined(separator: " ")
    for line in ["SETDUEL 1 hello", "OK MODE machine", "JOINED 1 1 ann", "OK NAME 1 secret", "JOINED 2 2 bob"]
      + ["START 3 1 30 \(table)"]
    {
      _ = model.apply(line: line, at: .zero)
    }
    return model
  }

  /// What a fresh bot does first at `cards`, over `trials` seeds: when it acted and what it sent.
  static func firstMoves(_ skill: BotSkill, at cards: [Card], trials: Int) -> [(at: Int64, command: String)] {
    let model = model(cards)
    return (0..<trials).map { seed in
      var brain = BotBrain(skill: skill, seed: UInt64(seed), picksAtOnce: true)
      let wake = brain.decide(model, now: .zero).wake!
      let commands = brain.decide(model, now: wake).commands
      return (wake.milliseconds, commands.map(\.line).joined(separator: "; "))
    }
  }

  /// The mean time to the first claim, over the trials that claimed.
  static func meanClaimTime(_ skill: BotSkill, at cards: [Card]) -> Int64 {
    let claims = firstMoves(skill, at: cards, trials: 600).filter { $0.command.hasPrefix("PICK") }
    return claims.map(\.at).reduce(0, +) / Int64(claims.count)
  }

  @Test("a table with more sets is searched faster", arguments: BotLevel.allCases)
  func moreSetsFaster(level: BotLevel) {
    let one = Self.meanClaimTime(level.skill, at: Self.table(sets: 1, shared: 1))
    let many = Self.meanClaimTime(level.skill, at: Self.table(sets: 5))
    // Five exponential searches of similar means: the first ends in about a fifth of the time.
    #expect(many - level.skill.glance < (one - level.skill.glance) / 2, "one set \(one) ms, five sets \(many) ms")
  }

  @Test("a set whose cards share more features is found sooner", arguments: BotLevel.allCases)
  func sharedFeaturesSooner(level: BotLevel) {
    let times = (0...3).map { Self.meanClaimTime(level.skill, at: Self.table(sets: 1, shared: $0)) }
    #expect(times == times.sorted(by: >), "mean times by shared features 0...3: \(times)")
    #expect(times[3] < times[0] * 2 / 3)
  }

  @Test("sets are overlooked and claims are false at the level's rates", arguments: BotLevel.allCases)
  func missesAndFalseClaims(level: BotLevel) {
    let trials = 4_000
    let moves = Self.firstMoves(level.skill, at: Self.table(sets: 1), trials: trials)
    // With one set on the table and cards in the deck, a bot that overlooked it asks for cards.
    let deals = moves.filter { $0.command == "DEAL" }.count
    let claims = moves.compactMap { move in
      move.command.hasPrefix("PICK ") ? move.command.dropFirst(5).split(separator: " ").compactMap(CardCode.card) : nil
    }
    #expect(deals + claims.count == trials)
    let wrong = claims.filter { !SetLogic.isSet($0) }.count
    let missRate = Double(deals) / Double(trials)
    let falseRate = Double(wrong) / Double(claims.count)
    #expect(abs(missRate - Double(level.skill.overlooks) / 1_000) < 0.02, "missed \(deals) of \(trials)")
    #expect(abs(falseRate - Double(level.skill.falseClaims) / 1_000) < 0.015, "\(wrong) false of \(claims.count)")
    #expect(wrong > 0)
  }

  @Test("the logarithm behind the search times is right", arguments: [1e-300, 1e-9, 0.25, 0.5, 1, 1.5, 2, 9.75e12])
  func logarithm(x: Double) {
    // Each expected value is the natural logarithm as a C library prints it, to 16 digits.
    let expected: [Double: Double] = [
      1e-300: -690.775_527_898_213_7, 1e-9: -20.723_265_836_946_41, 0.25: -1.386_294_361_119_890_6,
      0.5: -0.693_147_180_559_945_3, 1: 0, 1.5: 0.405_465_108_108_164_4, 2: 0.693_147_180_559_945_3,
      9.75e12: 29.908_288_400_938_304,
    ]
    #expect(abs(Elementary.log(x) - expected[x]!) < 1e-12)
  }

  /// Easy is made for beginners (see `BeginnerTests`): normal wins nearly all its games against it.
  @Test(
    "each level wins more games than the one below it; normal and hard each win some",
    arguments: [(BotLevel.easy, BotLevel.normal, false), (.normal, .hard, true)])
  func neighboursWinSome(weaker: BotLevel, stronger: BotLevel, bothWin: Bool) throws {
    var wins = [0, 0]
    for seed in 1...20 {
      let game = UInt64(seed)
      var duel = BotDuel(
        BotBrain(level: weaker, seed: game * 2), BotBrain(level: stronger, seed: game * 2 + 1), seed: game)
      let played = duel.play()
      let result = try #require(played)
      #expect(result.ending == .completed)
      if let winner = result.winner { wins[winner.offset] += 1 }
    }
    #expect(!bothWin || (wins[0] >= 1 && wins[1] >= 1), "\(weaker) won \(wins[0]), \(stronger) won \(wins[1])")
    #expect(wins[1] > wins[0])
  }
}
