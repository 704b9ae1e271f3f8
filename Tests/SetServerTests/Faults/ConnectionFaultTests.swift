import Glibc
import SetHost
import SetNet
import SetProtocol
import SetServer
import SetTestSupport
import SetTransport
import Testing

/// Connections that misbehave over real sockets: many brief ones, one too many. After each, the server
/// answers PING at once and the game's invariants hold. (One that never reads, one that floods, one past
/// the rate and one that never names itself are tested in memory, to the millisecond: EmbeddedTableTests.)
@Suite("Faults: connections")
struct ConnectionFaultTests {
  @Test("1,000 connects and disconnects of every kind leave no socket behind and the game whole")
  func thousandConnectsAndDisconnects() throws {
    let table = try LoopbackTable.lenient()
    let game = try table.game()
    for round in 0..<1000 {
      let link = try table.connect(timeout: MachineClient.timeout)
      switch round % 5 {
      case 0:
        break  // Gone at once, perhaps before the banner is written.
      case 1:
        link.send("PING r\(round)")
        #expect(link.readLine(timeout: MachineClient.timeout)?.hasPrefix("SETDUEL 1 ") == true)
        #expect(link.readLine(timeout: MachineClient.timeout)?.hasSuffix("PONG r\(round)") == true)
      case 2:
        link.sendRaw(Array("NAME half".utf8))  // Half a line, then gone.
      case 3:
        link.send("NAME w\(round)")  // A spectator who leaves at once.
      default:
        link.send("CLAIM")  // Refused (not named); the reply is never read.
        link.shutdownWrite()
      }
      link.close()
    }
    #expect(table.eventually { $0.connectionCount == 3 }, "connections left: \(table.inspect { $0.connectionCount })")
    #expect(eventually { table.server.openSocketCount == 3 }, "sockets left: \(table.server.openSocketCount)")
    let (_, before) = try game.bob.request("STATE")
    #expect(before.contains("PLAYER 1 ann 0 here") && before.contains("PLAYER 2 bob 0 here"))
    #expect(table.health(observer: game.observer) == [])
    #expect(table.invariantProblems(observer: game.ann) == [])
  }

  @Test("past --max-connections a new connection gets SERVER_FULL; a freed place is taken again")
  func serverFull() throws {
    let table = try LoopbackTable.lenient { $0.network.maxConnections = 5 }
    let game = try table.game()
    let extra = try (0..<2).map { try table.client("extra\($0)") }
    let refused = try table.connect(timeout: MachineClient.timeout)
    #expect(refused.readLine(timeout: MachineClient.timeout) == "ERR SERVER_FULL the server is full")
    #expect(refused.waitForClose(timeout: MachineClient.timeout))
    try extra[0].sync()
    extra[1].close()
    #expect(eventually { table.server.openSocketCount == 4 })
    let again = try table.client("again")
    try again.sync()
    again.close()
    #expect(eventually { table.server.openSocketCount == 4 })
    #expect(table.health(observer: game.observer) == [])
  }
}
