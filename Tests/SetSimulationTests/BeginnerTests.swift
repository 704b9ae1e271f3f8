import SetClientCore
import SetCore
import SetProtocol
import SetSimulation
import Testing

/// A beginner's first game against the computer is winnable: easy wins about a third of its games
/// against a simulated beginner who needs 8 to 15 s a set, seeded, on a virtual clock.
@Suite("The bot levels against a beginner")
struct BeginnerTests {
  @Test("the simulated beginner finds most sets 8 to 15 s after the table changes")
  func beginnerSpeed() {
    var random = SplitMix64(seed: 33)
    var times: [Int64] = []
    for _ in 0..<2_000 {
      let cards = (0..<12).map { _ in Card(index: UInt8(random.draw(below: 81))) }
      guard Set(cards).count == 12 else { continue }
      let sets = GroupFinder.all(.normal, in: cards)
      guard !sets.isEmpty, let found = BotSkill.beginner.race(sets, using: &random) else { continue }
      times.append(found.after)
    }
    let inRange = times.filter { (8_000...15_000).contains($0) }.count
    #expect(inRange * 100 >= times.count * 75, "\(inRange) of \(times.count)")
    let median = times.sorted()[times.count / 2]
    #expect((9_000...12_000).contains(median), "median \(median)")
  }

  @Test("easy wins about a third of its games against the beginner; normal more")
  func easyIsWinnable() {
    let easy = BotSeries(BotLevel.easy.skill, against: .beginner, games: 60)
    #expect(easy.unfinished == 0)
    #expect((14...27).contains(easy.firstWins), "easy won \(easy.firstWins) of 60: \(easy)")
    let normal = BotSeries(BotLevel.normal.skill, against: .beginner, games: 30)
    #expect(normal.firstWins * 60 > easy.firstWins * 30, "normal is stronger: \(normal)")
  }
}
