import SetCore
import SetHost
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

/// `MOOD`: a seated player's mood, relayed to the table in each connection's presentation, outside the
/// events, limited in rate, and refused to spectators.
@Suite("Moods")
struct MoodTests {
  static let ann = ConnectionID(1)
  static let bot = ConnectionID(2)
  static let cy = ConnectionID(3)
  static let dee = ConnectionID(4)

  /// ann (machine) and bot (machine) seated, cy watching in words, dee watching as a program.
  static func table() -> HostDriver {
    var driver = HostDriver(seed: 7)
    for (id, name, machine) in [(ann, "ann", true), (bot, "bot", true), (cy, "cy", false), (dee, "dee", true)] {
      driver.connect(id)
      if machine { driver.send("MODE MACHINE", from: id) }
      driver.send("NAME \(name)", from: id)
    }
    for id in [ann, bot, cy, dee] { _ = driver.drain(id) }
    return driver
  }

  @Test("a mood goes to everyone named, the sender too, as MOOD <seat> <word> or in words, with no event number")
  func relayed() {
    var table = Self.table()
    let seq = table.host.seq
    table.send("MOOD looking", from: Self.bot)
    #expect(table.drain(Self.bot) == ["MOOD 2 looking", "OK MOOD"])
    #expect(table.drain(Self.ann) == ["MOOD 2 looking"])
    #expect(table.drain(Self.dee) == ["MOOD 2 looking"])
    #expect(table.drain(Self.cy) == ["bot is looking for a set."])
    #expect(table.host.seq == seq, "not an event")
    #expect(!table.records.contains { $0.contains("MOOD") || $0.contains("mood") }, "not recorded")
  }

  @Test("in words, the player who showed it reads it in the second person")
  func secondPerson() {
    var driver = HostDriver(seed: 7)
    driver.connect(Self.ann)
    driver.send("NAME ann", from: Self.ann)
    driver.connect(Self.bot)
    driver.send("NAME bot", from: Self.bot)
    _ = driver.drain(Self.ann)
    _ = driver.drain(Self.bot)
    driver.send("MOOD beaten", from: Self.ann)
    #expect(driver.drain(Self.ann) == ["You were beaten to it.", "OK MOOD"])
    #expect(driver.drain(Self.bot) == ["ann was beaten to it."])
  }

  @Test("a spectator's mood, an unknown word and a mood before NAME are refused and tell nobody")
  func refusals() {
    var table = Self.table()
    table.send("MOOD glad", from: Self.dee)
    #expect(table.drain(Self.dee) == ["ERR NOT_SEATED only the two seated players can do that"])
    table.send("MOOD grumpy", from: Self.bot)
    #expect(table.drain(Self.bot) == ["ERR BAD_ARGUMENT usage: MOOD looking|sure|glad|beaten"])
    let stranger = ConnectionID(9)
    table.connect(stranger)
    _ = table.drain(stranger)
    table.send("MOOD glad", from: stranger)
    #expect(table.drain(stranger).first?.hasPrefix("ERR NOT_NAMED") == true)
    #expect(table.drain(Self.ann).isEmpty)
  }

  @Test("a seat shows at most a burst of 4 moods, then 2 a second")
  func rateLimited() {
    var table = Self.table()
    for _ in 0..<4 { table.send("MOOD sure", from: Self.bot, at: 1_000) }
    #expect(table.drain(Self.ann) == Array(repeating: "MOOD 2 sure", count: 4))
    table.send("MOOD glad", from: Self.bot, at: 1_000)
    #expect(table.drain(Self.bot).last?.hasPrefix("ERR RATE_LIMITED moods shown too often") == true)
    #expect(table.drain(Self.ann).isEmpty)
    // The other seat has its own allowance.
    table.send("MOOD glad", from: Self.ann, at: 1_000)
    #expect(table.drain(Self.bot) == ["MOOD 1 glad"])
    #expect(table.drain(Self.ann) == ["MOOD 1 glad", "OK MOOD"])
    table.send("MOOD glad", from: Self.bot, at: 1_500)
    #expect(table.drain(Self.ann) == ["MOOD 2 glad"])
  }
}
