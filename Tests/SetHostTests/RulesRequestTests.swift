import SetCore
import SetHost
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

/// What a client learns before it sits down or after it comes back: `RULES` without a name, and the
/// forfeit's time on an away seat's `PLAYER` line in a paused game.
@Suite("Rules and forfeits asked for")
struct RulesRequestTests {
  static let ann = ConnectionID(1)
  static let bob = ConnectionID(2)
  static let cy = ConnectionID(3)

  @Test("RULES before a name: the RULES line to a program, sentences to a person")
  func rulesBeforeAName() {
    var driver = HostDriver(seed: 7, rules: Rules(claimWindow: 6_500))
    driver.connect(Self.ann)
    driver.send("MODE MACHINE", from: Self.ann)
    _ = driver.drain(Self.ann)
    driver.send("RULES", from: Self.ann)
    #expect(driver.drain(Self.ann) == [ServerLine.rules(Rules(claimWindow: 6_500)).line, "OK RULES"])
    driver.connect(Self.bob)
    _ = driver.drain(Self.bob)
    driver.send("RULES", from: Self.bob)
    let words = driver.drain(Self.bob)
    #expect(words.first == "Calling Set gives you 6.5 s to pick three cards. After a wrong pick or a")
    let text = words.joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(text.contains("has 13 s alone; after a needless deal, 9.8 s."), "\(words)")
    #expect(text.contains("A dropped player's seat is held for 60 s. OK RULES"), "\(words)")
    #expect(words.allSatisfy { $0.count <= 77 })
  }

  @Test("in a paused game, STATE's PLAYER line of the seat away says how long before it is forfeited")
  func forfeitOnThePlayerLine() throws {
    var driver = HostDriver(seed: 7)
    for (id, name) in [(Self.ann, "ann"), (Self.bob, "bob")] {
      driver.connect(id)
      driver.send("MODE MACHINE", from: id)
      driver.send("NAME \(name)", from: id)
    }
    driver.disconnect(Self.ann, at: Instant(milliseconds: 1_000))
    _ = driver.drain(Self.bob)
    driver.send("STATE", from: Self.bob, at: 21_000)
    let lines = driver.drain(Self.bob)
    #expect(lines.contains("PLAYER 1 ann 0 away 40000"), "\(lines)")
    #expect(lines.contains("PLAYER 2 bob 0 here"), "\(lines)")
  }
}
