import Dispatch
import Glibc
import SetCore
import SetHost
import SetNet
import SetProtocol
import SetServer
import SetTestSupport
import SetTransport
import Testing

@testable import SetClient
@testable import SetClientCore

@Suite("Client over loopback", .timeLimit(.minutes(2)))
struct LoopbackTests {
  @Test("two bots play a whole game against each other through a real server")
  func botsOverLoopback() throws {
    let table = try LoopbackTable(seed: 42)
    let queue = DispatchQueue(label: "test.bots")
    let bots = [("ann", BotLevel.hard, UInt64(1)), ("bob", BotLevel.normal, UInt64(2))].map { name, level, seed in
      let session = ClientSession(host: "127.0.0.1", port: table.port, name: name, queue: queue, policy: .quick)
      return BotPlayer(session: session, brain: BotBrain(level: level, seed: seed, pace: 0.02, picksAtOnce: true))
    }
    queue.sync { bots[0].start() }
    #expect(eventually(timeout: 30) { queue.sync { bots[0].session.model.seat == .one } })
    queue.sync { bots[1].start() }
    let over = eventually(timeout: 90) {
      queue.sync {
        if case .over(let result?) = bots[0].session.model.phase, case .over = bots[1].session.model.phase {
          return result.ending == .completed
        }
        return false
      }
    }
    #expect(over, "no game over: \(queue.sync { bots[0].session.model.phase })")
    queue.sync {
      let models = bots.map(\.session.model)
      #expect(models[0].results == models[1].results)
      #expect(models[0].names == ["ann", "bob"])
      #expect(models[1].seat == .two)
      #expect(models[0].sets.one + models[0].sets.two >= 20)
      for bot in bots { bot.stop() }
    }
  }

  @Test("a name already at the table: the session sits down under another, and says which")
  func renamed() throws {
    let table = try LoopbackTable(seed: 3)
    let queue = DispatchQueue(label: "test.renamed")
    let bot = try table.connect()
    bot.send("MODE MACHINE")
    bot.send("NAME bot")
    // The name must be taken before the session asks for it; on a busy machine the server may read the
    // session's lines first otherwise, and then it is `bot` that is renamed.
    _ = bot.readLines { $0.hasPrefix("OK NAME 1 ") }
    let player = ClientSession(host: "127.0.0.1", port: table.port, name: "BOT", queue: queue, policy: .quick)
    queue.sync { player.start() }
    #expect(eventually(timeout: 30) { queue.sync { player.model.seat == .two } })
    queue.sync {
      #expect(player.name == "BOT2")
      #expect(player.renaming == "Someone here is already called BOT: you play as BOT2.")
      player.close()
    }
  }

  @Test("a dropped connection is taken back with RESUME, and the model catches up")
  func resumeAfterDrop() throws {
    let table = try LoopbackTable(seed: 3)
    let queue = DispatchQueue(label: "test.resume")
    let (ann, bob) = try Self.annAndBob(at: table, annVia: table.port, on: queue)
    let token = queue.sync { ann.model.token }
    #expect(token != nil)

    var links: [LinkStatus] = []
    queue.sync {
      ann.onChange = { if links.last != ann.link { links.append(ann.link) } }
      ann.dropConnection()
    }
    // While ann is away, bob acts: ann's model must learn of it after resuming.
    #expect(
      eventually(timeout: 30) { queue.sync { ann.link == .connected && links.count >= 2 } },
      "the link went \(queue.sync { links })")
    #expect(eventually(timeout: 30) { queue.sync { ann.model.present == [true, true] && !ann.model.awaitingState } })
    bob.send("DEAL")
    #expect(
      eventually(timeout: 30) {
        queue.sync { ann.model.log.entries.contains { $0.text.contains("needless") || $0.text.contains("more cards") } }
      })
    queue.sync {
      #expect(links.first == .reconnecting(attempt: 1, limit: ReconnectPolicy.quick.attempts(holding: 60_000)))
      #expect(ann.model.seat == .one)
      #expect(ann.model.token == token)
      #expect(ann.name == "ann")
    }
    var bobLines: [String] = []
    while let line = bob.readLine(timeout: 0.5) { bobLines.append(line) }
    #expect(bobLines.contains { $0.hasPrefix("LEFT ") && $0.split(separator: " ")[2] == "1" })
    #expect(bobLines.contains { $0.hasPrefix("BACK ") })
    queue.sync { ann.close() }
  }

  @Test("a seat is taken back after the link stays down for longer than the policy's count of tries takes")
  func resumeAfterALongOutage() throws {
    let table = try LoopbackTable(seed: 3)
    let relay = try LinkRelay(to: table.port)
    defer { relay.stop() }
    let queue = DispatchQueue(label: "test.outage")
    let (ann, bob) = try Self.annAndBob(at: table, annVia: relay.port, on: queue)
    let token = queue.sync { ann.model.token }
    var links: [LinkStatus] = []
    queue.sync { ann.onChange = { if links.last != ann.link { links.append(ann.link) } } }
    // The link goes down: ann's connection is cut, and every try is closed as soon as it is made.
    relay.takeDown()
    let beyond = ReconnectPolicy.quick.attempts + 2
    let triedOn = eventually(timeout: 30) {
      queue.sync { if case .reconnecting(let attempt, _) = ann.link { attempt >= beyond } else { false } }
    }
    #expect(triedOn, "the link went \(queue.sync { links })")
    relay.bringBack()
    #expect(
      eventually(timeout: 30) { queue.sync { ann.link == .connected && ann.model.present == [true, true] } },
      "the link went \(queue.sync { links })")
    queue.sync {
      #expect(links.first == .reconnecting(attempt: 1, limit: ReconnectPolicy.quick.attempts(holding: 60_000)))
      #expect(ann.model.seat == .one)
      #expect(ann.model.token == token)
    }
    var bobLines: [String] = []
    while let line = bob.readLine(timeout: 0.5) { bobLines.append(line) }
    #expect(bobLines.contains { $0.hasPrefix("BACK ") }, "\(bobLines)")
    queue.sync { ann.close() }
  }

  @Test("a session whose seat is taken back on another connection stops, and does not take it back")
  func seatTakenElsewhere() throws {
    let table = try LoopbackTable(seed: 3)
    let queue = DispatchQueue(label: "test.elsewhere")
    let ann = ClientSession(host: "127.0.0.1", port: table.port, name: "ann", queue: queue, policy: .quick)
    queue.sync { ann.start() }
    #expect(eventually(timeout: 30) { queue.sync { ann.model.seat == .one && ann.model.token != nil } })
    let token = try #require(queue.sync { ann.model.token })
    // A second client with the same token, as a second `setduel play` of ann's would send.
    let other = try table.connect()
    other.send("MODE MACHINE")
    other.send("RESUME \(token)")
    let farewell = "your seat was taken back on another connection with its token; goodbye"
    #expect(eventually(timeout: 30) { queue.sync { ann.link == .lost("the server closed: \(farewell)") } })
    // Given time to retry, it has not: the other connection keeps the seat, untold.
    var lines: [String] = []
    while let line = other.readLine(timeout: 1) { lines.append(line) }
    #expect(lines.contains("OK RESUME 1 ann"), "\(lines)")
    #expect(!lines.contains { $0.contains("RESUMED_ELSEWHERE") }, "\(lines)")
    #expect(queue.sync { ann.link } == .lost("the server closed: \(farewell)"))
    queue.sync { ann.close() }
  }

  @Test("a name already taken becomes name2")
  func nameTaken() throws {
    let table = try LoopbackTable()
    let queue = DispatchQueue(label: "test.names")
    let first = ClientSession(host: "127.0.0.1", port: table.port, name: "ann", queue: queue)
    let second = ClientSession(host: "127.0.0.1", port: table.port, name: "ann", queue: queue)
    queue.sync { first.start() }
    #expect(eventually(timeout: 30) { queue.sync { first.model.seat == .one } })
    queue.sync { second.start() }
    // The seat comes with OK NAME; the other seat's name with the lines that follow it.
    #expect(eventually(timeout: 30) { queue.sync { second.model.seat == .two && second.model.names.one != nil } })
    queue.sync {
      #expect(second.name == "ann2")
      #expect(second.model.names == ["ann", "ann2"])
      first.close()
      second.close()
    }
  }

  /// The link of a session to `host:port` just after it started.
  func linkAfterStart(host: String, port: UInt16) -> LinkStatus {
    let queue = DispatchQueue(label: "test.start")
    let session = ClientSession(host: host, port: port, name: "ann", queue: queue, policy: .quick)
    queue.sync { session.start() }
    return queue.sync { session.link }
  }

  @Test("a server that is not there: the session says so, without retrying")
  func nobodyThere() throws {
    var port: UInt16 = 0
    do {
      let table = try LoopbackTable()
      port = table.port
    }
    #expect(
      linkAfterStart(host: "127.0.0.1", port: port)
        == .lost("cannot connect to 127.0.0.1:\(port): refused (is setduel serve running there, on port \(port)?)"))
  }

  @Test("a host name that does not resolve is named as such, without retrying")
  func nameNotFound() {
    #expect(
      linkAfterStart(host: "no-such-host.invalid", port: 7878)
        == .lost("cannot connect to no-such-host.invalid:7878: no host named no-such-host.invalid was found"))
  }

  @Test("a connection that never reached a table is not retried")
  func notATableIsNotRetried() throws {
    let (listener, port) = try LoopbackSockets.listen()
    // Accepts one connection and closes it at once, as something that is not a SetDuel table might, on
    // a thread of its own that is over before the listener is closed: a late accept on a descriptor
    // number another test has since been given would take that test's connection.
    let acceptor = DispatchSemaphore(value: 0)
    DispatchQueue(label: "test.notatable.accept").async {
      close(accept(listener, nil, nil))
      acceptor.signal()
    }
    defer {
      shutdown(listener, Int32(SHUT_RDWR))  // Wakes an accept still waiting.
      acceptor.wait()
      close(listener)
    }
    let queue = DispatchQueue(label: "test.notatable")
    var links: [LinkStatus] = []
    let session = ClientSession(host: "127.0.0.1", port: port, name: "ann", queue: queue, policy: .quick)
    queue.sync {
      session.onChange = { links.append(session.link) }
      session.start()
    }
    let lost = LinkStatus.lost("127.0.0.1:\(port) closed the connection before saying it is a SetDuel table")
    #expect(eventually(timeout: 30) { queue.sync { session.link == lost } })
    queue.sync { #expect(!links.contains { if case .reconnecting = $0 { true } else { false } }) }
  }

  @Test("a host that accepts the connection and says nothing: the session says so, without retrying")
  func silentHost() throws {
    // Never accepted: the kernel completes the connection into the backlog, and nothing answers.
    let (listener, port) = try LoopbackSockets.listen()
    defer { close(listener) }
    var policy = ReconnectPolicy.quick
    policy.answerWithin = 300
    let queue = DispatchQueue(label: "test.silent")
    var links: [LinkStatus] = []
    let session = ClientSession(host: "127.0.0.1", port: port, name: "ann", queue: queue, policy: policy)
    queue.sync {
      session.onChange = { links.append(session.link) }
      session.start()
    }
    let lost = LinkStatus.lost(
      "127.0.0.1:\(port) accepted the connection but said nothing for 0.3 s: is it a SetDuel table?")
    #expect(eventually(timeout: 30) { queue.sync { session.link == lost } }, "\(queue.sync { session.link })")
    queue.sync { #expect(!links.contains { if case .reconnecting = $0 { true } else { false } }) }
  }

  /// Ann's session, on `queue`, connected through `port` to `table`, in seat 1, and Bob by hand in
  /// seat 2, once the game is open.
  static func annAndBob(
    at table: LoopbackTable, annVia port: UInt16, on queue: DispatchQueue,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (ClientSession, BlockingLineClient) {
    let ann = ClientSession(host: "127.0.0.1", port: port, name: "ann", queue: queue, policy: .quick)
    queue.sync { ann.start() }
    #expect(eventually(timeout: 30) { queue.sync { ann.model.seat == .one } }, sourceLocation: sourceLocation)
    let bob = try table.connect()
    bob.send("MODE MACHINE")
    bob.send("NAME bob")
    #expect(eventually(timeout: 30) { queue.sync { ann.model.phase == .open } }, sourceLocation: sourceLocation)
    return (ann, bob)
  }

  @Test("a connection that gets no answer says how long it waited")
  func noAnswerWords() {
    let failure = ConnectFailure(SocketError("connect", code: ETIMEDOUT), timeoutSeconds: 5)
    #expect(failure.message(host: "10.1.2.3", port: 7878) == "cannot connect to 10.1.2.3:7878: no answer within 5 s")
  }

  @Test("a bot at a full table watches until a seat is free, then sits down in it")
  func botWaitsForASeat() throws {
    var rules = Rules()
    rules.resumeGrace = 200
    let table = try LoopbackTable(seed: 42, rules: rules)
    let ann = try table.connect()
    ann.send("MODE MACHINE")
    ann.send("NAME ann")
    let bob = try table.connect()
    bob.send("MODE MACHINE")
    bob.send("NAME bob")
    #expect(table.eventually { $0.seatsTaken == [true, true] })
    let queue = DispatchQueue(label: "test.waiting")
    let session = ClientSession(host: "127.0.0.1", port: table.port, name: "bot", queue: queue, policy: .quick)
    let bot = BotPlayer(session: session, brain: BotBrain(level: .normal, seed: 3, pace: 0.02, picksAtOnce: true))
    let said = Said()
    queue.sync {
      bot.onWaiting = { said.values.append($0) }
      bot.start()
    }
    #expect(eventually(timeout: 30) { queue.sync { bot.session.model.isSpectator && said.values == [true] } })
    let connections = table.inspect { Set($0.clientIDs) }
    bob.close()  // bob forfeits after the grace, and his seat is freed at game over
    let seated = eventually(timeout: 30) { queue.sync { bot.session.model.seat == .two } }
    #expect(seated, "\(queue.sync { bot.session.model.phase })")
    #expect(queue.sync { said.values } == [true, false])
    #expect(table.eventually { $0.seatsTaken == [true, true] })
    #expect(
      table.inspect { Set($0.clientIDs) }.isSubset(of: connections), "it sat down on the connection it watched on")
    queue.sync { bot.stop() }
  }
}

/// What a callback said, kept on the test's queue.
private final class Said: @unchecked Sendable {
  // @unchecked Sendable: touched only on the test's serial queue.
  var values: [Bool] = []
}
