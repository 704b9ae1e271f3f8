import SetCore
import SetPureTestSupport
import SetTransport
import Testing

@testable import SetHost

/// Every event goes to both seated players before any spectator, whatever order they connected in.
@Suite("Broadcast order")
struct BroadcastOrderTests {
  @Test("a seat resumed after spectators joined is still written to before them")
  func playersBeforeSpectators() {
    var table = GameHostTests.seated()
    let watchers = (3...6).map { ConnectionID(UInt64($0)) }
    for watcher in watchers {
      table.connect(watcher)
      table.send("MODE MACHINE", from: watcher, at: 0)
      table.send("NAME w\(watcher.rawValue)", from: watcher, at: 0)
    }
    table.disconnect(GameHostTests.bob, at: Instant(milliseconds: 10))
    let bob2 = ConnectionID(7)
    table.connect(bob2)
    table.send("MODE MACHINE", from: bob2, at: 20)
    table.send("RESUME \(table.tokens.issued[1])", from: bob2, at: 30)
    let claim = table.host.receive("CLAIM", from: GameHostTests.ann, at: Instant(milliseconds: 40))
    let receivers = claim.flatMap(\.deliveries).compactMap { delivery -> ConnectionID? in
      delivery.lines.contains { $0.hasPrefix("CLAIM ") } ? delivery.to : nil
    }
    #expect(Set(receivers) == Set([GameHostTests.ann, bob2] + watchers))
    #expect(Set(receivers.prefix(2)) == [GameHostTests.ann, bob2], "\(receivers)")
  }
}
