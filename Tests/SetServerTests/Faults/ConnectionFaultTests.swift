import Glibc
import SetHost
import SetNet
import SetProtocol
import SetServer
import SetTestSupport
import SetTransport
import Testing

/// Connections that misbehave: many brief ones, one that never reads, one that floods, one that never
/// names itself, one too many. After each, the server answers PING at once and the game's invariants hold.
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

  @Test("a client that stops reading is dropped with TOO_SLOW while the others carry on")
  func nonReadingClientIsDropped() throws {
    let table = try LoopbackTable.lenient {
      $0.network.maxQueuedOutputBytes = 64 * 1024
      $0.network.closeTimeout = .seconds(60)  // However slowly a loaded machine reads, the farewell waits.
    }
    let game = try table.game()
    let slow = try table.named("slow").client
    // About a kilobyte of HELP each, 20 MB in all, never read: far more than the kernel holds.
    #expect(slow.link.sendRaw(Array(String(repeating: "HELP\n", count: 20_000).utf8)))
    try game.observer.sync()
    #expect(table.eventually { $0.connectionCount == 3 }, "the slow client was never dropped")
    try game.ann.sync()
    // What the kernel held arrives, then the farewell on a line of its own, then the end.
    var last: String?
    var count = 0
    while let line = slow.link.readLine(timeout: MachineClient.timeout) {
      last = line
      count += 1
    }
    #expect(slow.link.isClosedByPeer)
    #expect(last == "ERR TOO_SLOW you stopped reading; goodbye", "after \(count) lines")
    #expect(count < 20_000 * 16, "every reply arrived: nothing was discarded")
    #expect(table.health(observer: game.observer) == [])
  }

  @Test("a flood is refused line by line, then cut off, and other connections are not limited")
  func floodIsCutOff() throws {
    // The protocol's limits: 20 lines a second, bursts of 40, a flood past 100 refusals in 10 s.
    let table = try LoopbackTable.lenient { $0.network.rateLimit = TokenBucket.Configuration() }
    let game = try table.game()
    let flooder = try table.named("flood").client
    #expect(flooder.link.sendRaw(Array((1...400).map { "@f\($0) SAY \($0)\n" }.joined().utf8)))
    // Meanwhile another connection sends a burst of its own, within its own limit: all answered.
    #expect(game.bob.link.sendRaw(Array((1...30).map { "@b\($0) PING\n" }.joined().utf8)))
    var pongs = 0
    while pongs < 30, let line = game.bob.readLine() {
      #expect(!line.hasPrefix("ERR RATE_LIMITED"), "bob was limited for the flooder's lines")
      if line.hasPrefix("PONG @b") { pongs += 1 }
    }
    #expect(pongs == 30)
    let (lines, closed) = flooder.readToEnd()
    #expect(closed)
    #expect(lines.last == "ERR FLOOD too many lines too fast; goodbye")
    let carried = lines.filter { $0.hasPrefix("OK @f") }.count
    let refused = lines.filter { $0 == "ERR RATE_LIMITED too many lines too fast; slow down" }.count
    #expect(carried >= 30 && carried < 100, "\(carried) lines carried out")
    #expect(refused > 0 && carried + refused < 400)
    // A refused line was not carried out: everyone saw exactly the SAYs that were answered OK.
    try game.observer.sync()
    #expect(game.observer.events.filter { $0.hasPrefix("SAY ") && $0.contains(" flood ") }.count == carried)
    #expect(table.health(observer: game.observer) == [])
  }

  @Test("lines past the rate get RATE_LIMITED and are not carried out; the limit refills")
  func rateLimitedLinesAreRefused() throws {
    let table = try LoopbackTable.lenient { $0.network.rateLimit = TokenBucket.Configuration() }
    let game = try table.game()
    let eager = try table.named("eager").client  // MODE and NAME took 2 of its 40.
    #expect(eager.link.sendRaw(Array((1...45).map { "@e\($0) SAY \($0)\n" }.joined().utf8)))
    var replies: [String] = []
    while replies.count < 45, let line = eager.readLine() {
      if line.hasPrefix("OK @e") || line.hasPrefix("ERR ") { replies.append(line) }
    }
    let carried = replies.filter { $0.hasPrefix("OK @e") }.count
    #expect(carried >= 38 && carried < 45, "\(carried) of 45 carried out")
    #expect(replies.filter { $0.hasPrefix("ERR RATE_LIMITED") }.count == 45 - carried)
    usleep(1_000_000)  // 20 tokens a second: after a second, the bucket has room again.
    try eager.sync()
    try game.observer.sync()
    #expect(game.observer.events.filter { $0.hasPrefix("SAY ") && $0.contains(" eager ") }.count == carried)
    #expect(table.health(observer: game.observer) == [])
  }

  @Test("a connection that never names itself is closed with IDLE; named ones may stay silent")
  func idleConnectionsAreClosed() throws {
    let table = try LoopbackTable.lenient { $0.network.idleTimeout = .seconds(2) }
    let game = try table.game()
    let silent = try table.connect(timeout: MachineClient.timeout)
    var lines: [String] = []
    while let line = silent.readLine(timeout: MachineClient.timeout) { lines.append(line) }
    #expect(silent.isClosedByPeer)
    #expect(lines.count == 2 && lines.last == "ERR IDLE no NAME in time; goodbye", "\(lines)")
    // The players and the observer said nothing all that time, and are still here.
    try game.ann.sync()
    #expect(table.inspect { $0.connectionCount } == 3)
    #expect(table.health(observer: game.observer) == [])
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
