import SetCore
import SetHost
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

/// `EVENTS`: the game so far, for a client that comes to a table mid-game with nothing kept (a page in
/// another browser): the events already broadcast since the game's `START`, and nothing else.
@Suite("The game so far asked for")
struct PastEventsTests {
  static let ann = ConnectionID(1)
  static let bob = ConnectionID(2)
  static let cy = ConnectionID(3)

  /// ann and bob play on seed 7; ann finds a set and makes a wrong pick; cy watches in the machine
  /// presentation and dee in words.
  static func playedHalfway() throws -> HostDriver {
    var driver = HostDriver(seed: 7)
    for (id, name) in [(ann, "ann"), (bob, "bob")] {
      driver.connect(id)
      driver.send("MODE MACHINE", from: id)
      driver.send("NAME \(name)", from: id)
    }
    let cards = driver.host.match.table.cards
    let set = try #require(SetFinder.first(in: cards))
    let slots = set.compactMap { cards.firstIndex(of: $0) }.map { Slot($0).label }
    driver.send("PICK " + slots.joined(separator: " "), from: ann, at: 1_000)
    let table = driver.host.match.table.cards
    let wrong = table.indices.first { index in
      !SetLogic.isSet(table[0], table[1], table[index]) && index > 1
    }
    driver.send("PICK A B \(Slot(try #require(wrong)).label)", from: ann, at: 2_000)
    return driver
  }

  @Test("a spectator who comes mid-game is told every event since START as it was broadcast, and no more")
  func machine() throws {
    var driver = try Self.playedHalfway()
    let received = driver.drain(Self.bob).filter { !$0.hasPrefix("OK ") && !$0.hasPrefix("NOTICE ") }
    let told = Array(received.drop { !$0.hasPrefix("START ") })
    driver.connect(Self.cy)
    driver.send("MODE MACHINE", from: Self.cy)
    driver.send("NAME cy", from: Self.cy)
    _ = driver.drain(Self.cy)
    driver.send("SAY hello", from: Self.bob)
    _ = driver.drain(Self.cy)
    driver.send("EVENTS", from: Self.cy)
    let lines = driver.drain(Self.cy)
    let events = lines.dropLast().map { String($0.dropFirst("EVENT ".count)) }
    #expect(lines.dropLast().allSatisfy { $0.hasPrefix("EVENT ") }, "\(lines)")
    #expect(events.first?.hasPrefix("START 3 1 ") == true, "\(lines)")
    // What bob was told from START on, chat aside: the set, its score, the wrong pick and the turn passed.
    #expect(events == told, "\(events) against \(told)")
    #expect(events.contains { $0.hasPrefix("SET ") } && events.contains { $0.hasPrefix("NOSET ") })
    #expect(lines.last == "OK EVENTS 1 \(events.count)")
    for line in lines.dropLast() { #expect(ServerLine.decode(line).map(\.line) == line) }
  }

  @Test("in words, the happenings told again in the second person for the asker's seat")
  func words() throws {
    var driver = try Self.playedHalfway()
    driver.send("MODE HUMAN", from: Self.ann)
    _ = driver.drain(Self.ann)
    driver.send("EVENTS", from: Self.ann)
    let text = driver.drain(Self.ann).joined(separator: "\n")
    #expect(text.contains("You found a set"), "\(text)")
    #expect(text.contains("Game 1"), "\(text)")
    #expect(!text.contains("EVENT "), "\(text)")
    #expect(text.contains("OK EVENTS 1 "), "\(text)")
  }

  @Test("before the first game there is nothing to tell; before a name, EVENTS is refused")
  func nothingYet() {
    var driver = HostDriver(seed: 7)
    driver.connect(Self.ann)
    driver.send("MODE MACHINE", from: Self.ann)
    _ = driver.drain(Self.ann)
    driver.send("EVENTS", from: Self.ann)
    #expect(driver.drain(Self.ann).last?.hasPrefix("ERR NOT_NAMED") == true)
    driver.send("NAME ann", from: Self.ann)
    _ = driver.drain(Self.ann)
    driver.send("EVENTS", from: Self.ann)
    #expect(driver.drain(Self.ann) == ["OK EVENTS 0 0"])
    driver.send("EVENTS now", from: Self.ann)
    #expect(driver.drain(Self.ann) == ["ERR BAD_ARGUMENT usage: EVENTS"])
  }
}
