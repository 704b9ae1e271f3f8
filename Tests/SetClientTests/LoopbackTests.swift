import Dispatch
import SetCore
import SetHost
import SetNet
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
    #expect(eventually(timeout: 10) { queue.sync { bots[0].session.model.seat == .one } })
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
      #expect(models[0].sets[0] + models[0].sets[1] >= 20)
      for bot in bots { bot.stop() }
    }
  }

  @Test("a dropped connection is taken back with RESUME, and the model catches up")
  func resumeAfterDrop() throws {
    let table = try LoopbackTable(seed: 3)
    let queue = DispatchQueue(label: "test.resume")
    let ann = ClientSession(host: "127.0.0.1", port: table.port, name: "ann", queue: queue, policy: .quick)
    queue.sync { ann.start() }
    #expect(eventually(timeout: 10) { queue.sync { ann.model.seat == .one } })
    let bob = try table.connect()
    bob.send("MODE MACHINE")
    bob.send("NAME bob")
    #expect(eventually(timeout: 10) { queue.sync { ann.model.phase == .open } })
    let token = queue.sync { ann.model.token }
    #expect(token != nil)

    var links: [LinkStatus] = []
    queue.sync {
      ann.onChange = { if links.last != ann.link { links.append(ann.link) } }
      ann.dropConnection()
    }
    // While ann is away, bob acts: ann's model must learn of it after resuming.
    #expect(eventually(timeout: 10) { queue.sync { ann.link == .connected && links.count >= 2 } })
    #expect(eventually(timeout: 10) { queue.sync { ann.model.present == [true, true] && !ann.model.awaitingState } })
    bob.send("DEAL")
    #expect(
      eventually(timeout: 10) {
        queue.sync { ann.model.log.entries.contains { $0.text.contains("needless") || $0.text.contains("more cards") } }
      })
    queue.sync {
      #expect(links.first == .reconnecting(attempt: 1, limit: ReconnectPolicy.quick.attempts))
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

  @Test("a name already taken becomes name2")
  func nameTaken() throws {
    let table = try LoopbackTable()
    let queue = DispatchQueue(label: "test.names")
    let first = ClientSession(host: "127.0.0.1", port: table.port, name: "ann", queue: queue)
    let second = ClientSession(host: "127.0.0.1", port: table.port, name: "ann", queue: queue)
    queue.sync { first.start() }
    #expect(eventually(timeout: 10) { queue.sync { first.model.seat == .one } })
    queue.sync { second.start() }
    #expect(eventually(timeout: 10) { queue.sync { second.model.seat == .two } })
    queue.sync {
      #expect(second.name == "ann2")
      #expect(second.model.names == ["ann", "ann2"])
      first.close()
      second.close()
    }
  }

  @Test("a server that is not there: the session says so, without retrying")
  func nobodyThere() throws {
    var port: UInt16 = 0
    do {
      let table = try LoopbackTable()
      port = table.port
    }
    let queue = DispatchQueue(label: "test.nobody")
    let session = ClientSession(host: "127.0.0.1", port: port, name: "ann", queue: queue, policy: .quick)
    queue.sync { session.start() }
    queue.sync {
      guard case .lost = session.link else {
        Issue.record("expected lost, got \(session.link)")
        return
      }
    }
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
    #expect(eventually(timeout: 10) { queue.sync { bot.session.model.isSpectator && said.values == [true] } })
    bob.close()  // bob forfeits after the grace, and his seat is freed at game over
    let seated = eventually(timeout: 10) { queue.sync { bot.session.model.seat == .two } }
    #expect(seated, "\(queue.sync { bot.session.model.phase })")
    #expect(queue.sync { said.values } == [true, false])
    #expect(table.eventually { $0.seatsTaken == [true, true] })
    queue.sync { bot.stop() }
  }
}

/// What a callback said, kept on the test's queue.
private final class Said: @unchecked Sendable {
  // @unchecked Sendable: touched only on the test's serial queue.
  var values: [Bool] = []
}
