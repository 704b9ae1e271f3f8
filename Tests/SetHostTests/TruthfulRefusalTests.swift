import SetCore
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

@testable import SetHost

/// Every refusal's code and words are true in the state where they are sent, and a refused request
/// changes nothing.
@Suite("Truthful refusals")
struct TruthfulRefusalTests {
  @Test("a named spectator's RESUME is ALREADY_NAMED and takes no seat")
  func namedSpectatorCannotResume() {
    var table = GameHostTests.seated()
    let cat = ConnectionID(3)
    table.connect(cat)
    table.send("MODE MACHINE", from: cat, at: 0)
    table.send("NAME cat", from: cat, at: 10)
    table.disconnect(GameHostTests.bob, at: Instant(milliseconds: 20))
    _ = table.drain(cat)
    table.send("RESUME \(table.tokens.issued[1])", from: cat, at: 30)
    #expect(table.drain(cat) == ["ERR ALREADY_NAMED " + ErrorCode.alreadyNamed.text])
    let paused = if case .paused = table.host.match.phase { true } else { false }
    #expect(paused, "the game should wait for bob")
    #expect(table.host.seating.holders.two?.client == nil, "the spectator took the away player's seat")
    // The seat's own player still resumes it.
    let bob2 = ConnectionID(4)
    table.connect(bob2)
    table.send("MODE MACHINE", from: bob2, at: 40)
    table.send("RESUME \(table.tokens.issued[1])", from: bob2, at: 50)
    #expect(table.drain(bob2).last == "OK RESUME 2 bob")
  }

  @Test("UNPICK in open play is NOT_PICKED, for nobody holds a turn; in the other's window, NOT_YOUR_TURN")
  func unpickInOpenPlay() {
    var table = GameHostTests.seated()
    _ = table.drain(GameHostTests.ann)
    table.send("UNPICK A", from: GameHostTests.ann, at: 100)
    #expect(table.drain(GameHostTests.ann) == ["ERR NOT_PICKED slot A is not picked"])
    #expect(table.host.match.phase == .open)
    table.send("CLAIM", from: GameHostTests.bob, at: 200)
    _ = table.drain(GameHostTests.ann)
    table.send("UNPICK A", from: GameHostTests.ann, at: 300)
    #expect(table.drain(GameHostTests.ann) == ["ERR NOT_YOUR_TURN bob holds the claim"])
  }
}
