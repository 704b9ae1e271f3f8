import SetPureTestSupport
import SetTransport
import Testing

/// `TOP`, the leaderboard a table sends.
@Suite("TOP")
struct TopTests {
  @Test("TOP lists only players with a finished game")
  func topLeavesOutPlayersWithoutGames() {
    var table = HostDriver(seed: 7)
    let (ann, bob) = (ConnectionID(1), ConnectionID(2))
    for (id, name) in [(ann, "ann"), (bob, "bob")] {
      table.connect(id)
      table.send("MODE MACHINE", from: id)
      table.send("NAME \(name)", from: id)
    }
    _ = table.drain(ann)
    table.send("TOP", from: ann)
    #expect(table.drain(ann) == ["OK TOP 0"])
  }
}
