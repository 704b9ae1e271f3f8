import SetCore
import SetProtocol
import SetSimulation
import Testing

@testable import SetClientCore

@Suite("The bot's mood: looking, sure before it calls Set, glad or beaten after a set")
struct BotMoodTests {
  /// A bot that finds a set 5 s after the table changes, never missing one, with its moods.
  static func steadyBot() -> BotBrain {
    BotBrain(skill: .steady(every: 5_000), seed: 1, picksAtOnce: true, showsMood: true)
  }

  static func at(_ milliseconds: Int64) -> Instant { Instant(milliseconds: milliseconds) }

  /// The `SET` event of the first set on `model`'s table, found by `seat`, as event `seq`.
  static func setLine(_ model: ClientModel, by seat: Seat, seq: Int) -> String {
    let set = SetFinder.all(in: model.cards)[0]
    let slots = set.map { Slot(model.cards.firstIndex(of: $0)!).label }.joined(separator: ",")
    return "SET \(seq) \(seat.rawValue) \(slots) \(set.map(\.description).joined(separator: ",")) 5000"
  }

  @Test("it looks, is sure two seconds before it calls Set, and is glad when it found the set")
  func looksThenSureThenGlad() {
    var model = BotBrainTests.model(BotBrainTests.table(sets: 1))
    var brain = Self.steadyBot()
    let first = brain.decide(model, now: .zero)
    #expect(first.commands == [.mood(.looking)])
    #expect(first.wake == Self.at(3_000))
    #expect(brain.decide(model, now: .zero).commands.isEmpty, "a mood is shown once")
    let sure = brain.decide(model, now: Self.at(3_000))
    #expect(sure.commands == [.mood(.sure)])
    #expect(sure.wake == Self.at(5_000))
    let claim = brain.decide(model, now: Self.at(5_000))
    #expect(claim.commands.count == 1 && claim.commands.first?.verb == .pick)
    _ = model.apply(line: Self.setLine(model, by: .one, seq: 4), at: Self.at(5_100))
    #expect(brain.decide(model, now: Self.at(5_100)).commands.first == .mood(.glad))
  }

  @Test("beaten when the other player found a set, held two seconds before it looks again")
  func beatenThenLooksAgain() {
    var model = BotBrainTests.model(BotBrainTests.table(sets: 1))
    var brain = Self.steadyBot()
    _ = brain.decide(model, now: .zero)
    _ = model.apply(line: Self.setLine(model, by: .two, seq: 4), at: Self.at(1_000))
    let beaten = brain.decide(model, now: Self.at(1_000))
    #expect(beaten.commands == [.mood(.beaten)])
    #expect(beaten.wake == Self.at(3_000))
    #expect(brain.decide(model, now: Self.at(2_999)).commands.isEmpty)
    #expect(
      brain.decide(model, now: Self.at(3_000)).commands.first.map { [.mood(.looking), .mood(.sure)].contains($0) }
        == true)
  }

  @Test("moods change nothing the bot plays: the same seeds play the same game with them or without")
  func moodsChangeNoPlay() {
    for level in BotLevel.allCases {
      var plain = BotDuel(BotBrain(level: level, seed: 1), BotBrain(level: level, seed: 2), seed: 99)
      var moody = BotDuel(
        BotBrain(level: level, seed: 1, showsMood: true), BotBrain(level: level, seed: 2, showsMood: true), seed: 99)
      let result = plain.play()
      #expect(result != nil)
      #expect(moody.play() == result, "\(level)")
    }
  }

  @Test("a bot without moods sends none")
  func noMoodsUnlessAsked() {
    let model = BotBrainTests.model(BotBrainTests.table(sets: 1))
    var brain = BotBrain(skill: .steady(every: 5_000), seed: 1, picksAtOnce: true)
    for time: Int64 in [0, 3_000, 5_000] {
      #expect(!brain.decide(model, now: Self.at(time)).commands.contains { $0.verb == .mood })
    }
  }
}
