import SetCore
import SetHost
import SetProtocol
import SetPureTestSupport
import SetStats
import SetTransport
import Testing

/// A computer player the server seats itself is marked in the record, and its figures as a bot's.
@Suite("Bots in the record")
struct BotMarkTests {
  @Test("the bot's seat is marked after its JOINED; the record replays and folds with the mark")
  func botIsMarked() throws {
    var rules = Rules()
    rules.resumeGrace = 100
    var driver = HostDriver(seed: 7, rules: rules)
    driver.host.botNames = ["bot"]
    let (ann, bot) = (ConnectionID(1), ConnectionID(2))
    for id in [ann, bot] {
      driver.connect(id)
      driver.send("MODE MACHINE", from: id, at: 0)
    }
    driver.send("NAME ann", from: ann, at: 0)
    driver.send("NAME Bot", from: bot, at: 0)
    driver.disconnect(ann, at: Instant(milliseconds: 10))
    driver.advance(to: Instant(milliseconds: 200))  // ann forfeits: a rated game.
    let lines = GameRecord.header(seed: 7, rules: rules) + driver.records
    let joined = try #require(lines.firstIndex { $0.hasPrefix("ev JOINED 2 2 Bot") })
    let mark = try #require(lines.firstIndex(of: "bot 2"))
    #expect(mark > joined)
    #expect(!lines.contains("bot 1"))
    let text = lines.joined(separator: "\n") + "\n"
    #expect(try Replay(text: text).verify() > 0)
    var history = History()
    try history.fold(record: text)
    #expect(history.player("bot")?.isBot == true && history.player("bot")?.games == 1)
    #expect(history.player("ann")?.isBot == false)
    #expect(driver.host.history.player("BOT")?.figures.isBot == true, "the live history has the mark too")
    #expect(StatsText.leaderboard(history.leaderboard()).contains { $0.contains("Bot\(StatsText.botMark)") })
  }
}
