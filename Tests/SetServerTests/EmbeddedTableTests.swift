import SetCore
import SetProtocol
import SetPureTestSupport
import SetServer
import SetTransport
import Testing

/// The table's limits and clocks through the whole server in memory: an embedded transport and a
/// manual clock, so every timeout is met to the millisecond and every line is known exactly. No sockets
/// and no sleeps.
@Suite("Embedded table: limits and clocks")
struct EmbeddedTableTests {
  static let idle = "ERR IDLE no NAME in time; goodbye"
  static let tooSlow = "ERR TOO_SLOW you stopped reading; goodbye"
  static let flood = "ERR FLOOD too many lines too fast; goodbye"
  static let rateLimited = "ERR RATE_LIMITED too many lines too fast; slow down"

  @Test("a connection that never names itself is closed with IDLE at the timeout; named ones may stay silent")
  func idleConnectionsAreClosed() {
    let table = EmbeddedTable { $0.network.idleTimeout = .seconds(60) }
    let ann = table.named("ann")
    let silent = table.connect()
    let banner = silent.lines()
    #expect(banner.count == 1 && banner[0].hasPrefix("SETDUEL 1 "), "\(banner)")
    table.advance(by: .milliseconds(59_999))
    #expect(silent.lines() == [] && !silent.outputEnded)
    table.advance(by: .milliseconds(1))
    #expect(silent.lines() == [Self.idle])
    #expect(silent.outputEnded && !silent.isClosed, "half-closed, waiting for the peer to close")
    silent.endInput()
    #expect(silent.isClosed)
    // The named connection said nothing all that time, and ten minutes more, and is still here.
    table.advance(by: .seconds(600))
    ann.send("PING still")
    #expect(ann.lines() == ["PONG still"])
    #expect(table.connectionCount == 1)
  }

  @Test("QUIT is answered, then the connection is reset at once, though the peer keeps its side open")
  func quitHangsUp() {
    let table = EmbeddedTable()
    // In words, the prompt written after the last reply stands before OK QUIT; none comes after it.
    for (presentation, reply) in [("MODE MACHINE", "OK QUIT"), ("MODE HUMAN", "> OK QUIT")] {
      let ann = table.connect()
      _ = ann.lines()
      ann.send(presentation)
      _ = ann.lines()
      ann.send("QUIT")
      ann.send("PING after")
      #expect(ann.lines() == [reply], "nothing after QUIT is read")
      #expect(!ann.isClosed, "the peer has a moment to read its reply")
      table.advance(by: ConnectionStateMachine.hangUpGrace)
      #expect(ann.isClosed && ann.wasReset)
    }
    let bob = table.named("bob")
    bob.send("PING still")
    #expect(bob.lines() == ["PONG still"])
  }

  @Test("a closing connection whose peer never closes loses its socket at the close deadline")
  func closeDeadline() {
    let table = EmbeddedTable {
      $0.network.idleTimeout = .seconds(60)
      $0.network.closeTimeout = .seconds(5)
    }
    let silent = table.connect()
    table.advance(by: .seconds(60))
    #expect(silent.outputEnded && !silent.isClosed)
    table.advance(by: .milliseconds(4_999))
    #expect(!silent.isClosed)
    table.advance(by: .milliseconds(1))
    #expect(silent.isClosed)
    #expect(table.transport.openSocketCount == 0)
  }

  @Test("a client that stops reading is dropped with TOO_SLOW, its farewell on a line of its own")
  func nonReadingClientIsDropped() throws {
    let table = EmbeddedTable(socketBufferBytes: 16 * 1024) {
      $0.network.maxQueuedOutputBytes = 64 * 1024
      $0.network.closeTimeout = .seconds(5)
    }
    let ann = table.named("ann")
    let slow = table.named("slow")
    _ = ann.lines()
    #expect(table.connectionCount == 2)
    // About a kilobyte of HELP each, 200 KB in all, asked in one read and never read: far more than
    // the socket and the cap hold.
    slow.sendRaw(Array(String(repeating: "HELP\n", count: 200).utf8))
    #expect(!table.transport.isConnected(slow.id))
    #expect(table.connectionCount == 1)
    #expect(table.transport.queuedOutputBytes(slow.id) < 1024, "the queue was forgotten at once")
    // Meanwhile the others carry on.
    ann.send("PING here")
    #expect(ann.lines() == ["LEFT 4 2 60000", "PONG here"], "the slow player's seat is kept for its return")
    // The peer reads again: what the socket held, then the farewell on a line of its own, then the end.
    let lines = slow.lines()
    #expect(lines.last == Self.tooSlow)
    #expect(lines.filter { $0.contains("TOO_SLOW") }.count == 1)
    #expect(lines.count < 200 * 10, "every reply arrived: nothing was discarded")
    #expect(slow.outputEnded && !slow.isClosed)
    table.advance(by: .seconds(5))
    #expect(slow.isClosed, "closed at the deadline though the peer never closed")
  }

  @Test("a client that asks and asks but never reads is not read either, and loses nothing once it reads")
  func nonReaderIsPaused() {
    let table = EmbeddedTable(socketBufferBytes: 16 * 1024) {
      $0.network.maxQueuedOutputBytes = 64 * 1024
      $0.network.rateLimit = nil
    }
    let ann = table.named("ann")
    let asker = table.named("asker")
    _ = ann.lines()
    // 200 HELPs one by one, some 3 KB of answer each, 600 KB in all: far past the socket and the cap.
    for index in 1...200 { asker.send(index.isMultiple(of: 50) ? "PING \(index)" : "HELP") }
    asker.endInput()
    #expect(table.transport.isConnected(asker.id), "dropped, though it only asked")
    let queued = table.transport.queuedOutputBytes(asker.id)
    #expect(queued > 32 * 1024 && queued < 32 * 1024 + 4 * 1024, "\(queued) queued: read on past half the cap")
    // Meanwhile the others carry on, and its seat is not left.
    ann.send("PING here")
    #expect(ann.lines() == ["PONG here"])
    // It reads, slowly: every answer comes, in order, and then its end of input is seen.
    var lines: [String] = []
    for _ in 0..<10_000 where !asker.isClosed { lines += asker.lines(upTo: 4096) }
    lines += asker.lines()  // What the socket still held when it closed.
    #expect(lines.filter { $0 == "OK HELP" }.count == 196)
    #expect(lines.filter { $0.hasPrefix("PONG ") } == ["PONG 50", "PONG 100", "PONG 150", "PONG 200"])
    #expect(!lines.contains { $0.contains("TOO_SLOW") })
    #expect(asker.isClosed, "its end of input was not seen")
    #expect(ann.lines() == ["LEFT 4 2 60000"], "its seat is left when it goes, not before")
  }

  @Test("a flood is refused line by line, then cut off, and other connections are not limited")
  func floodIsCutOff() {
    // The protocol's limits: 20 lines a second, bursts of 40, a flood past 100 refusals in 10 s.
    let table = EmbeddedTable { $0.network.rateLimit = TokenBucket.Configuration() }
    let ann = table.named("ann")
    let observer = table.named("observer")
    let flooder = table.named("flood")  // MODE and NAME took 2 of its 40.
    flooder.sendRaw(Array((1...400).map { "@f\($0) SAY \($0)\n" }.joined().utf8))
    // Meanwhile another connection sends a burst of its own, within its own limit: all answered.
    ann.sendRaw(Array((1...30).map { "@a\($0) PING\n" }.joined().utf8))
    #expect(ann.lines().filter { $0.hasPrefix("PONG @a") }.count == 30)
    let replies = flooder.lines().filter { $0.hasPrefix("OK ") || $0.hasPrefix("ERR ") }
    #expect(replies.count == 38 + 100 + 1)
    #expect(replies.prefix(38).enumerated().allSatisfy { $1.hasPrefix("OK @f\($0 + 1)") })
    #expect(replies.dropFirst(38).prefix(100).allSatisfy { $0 == Self.rateLimited })
    #expect(replies.last == Self.flood)
    #expect(flooder.isClosed, "dropped at once")
    // A refused line was not carried out: everyone saw exactly the SAYs that were answered OK.
    #expect(observer.lines().filter { $0.hasPrefix("SAY ") && $0.contains(" flood ") }.count == 38)
    #expect(table.connectionCount == 2)
  }

  @Test("lines past the rate get RATE_LIMITED and are not carried out; the limit refills with time")
  func rateLimitedLinesAreRefused() {
    let table = EmbeddedTable { $0.network.rateLimit = TokenBucket.Configuration() }
    let observer = table.named("observer")
    let eager = table.named("eager")  // MODE and NAME took 2 of its 40.
    eager.sendRaw(Array((1...45).map { "@e\($0) SAY \($0)\n" }.joined().utf8))
    var replies = eager.lines().filter { $0.hasPrefix("OK ") || $0.hasPrefix("ERR ") }
    #expect(replies.count == 45)
    #expect(replies.prefix(38).enumerated().allSatisfy { $1.hasPrefix("OK @e\($0 + 1)") })
    #expect(replies.suffix(7) == Array(repeating: Self.rateLimited, count: 7))
    // 20 tokens a second: a second later there is room for 20 lines, not 21.
    table.advance(by: .seconds(1))
    eager.sendRaw(Array((1...21).map { "@r\($0) PING\n" }.joined().utf8))
    replies = eager.lines().filter { $0.hasPrefix("PONG ") || $0.hasPrefix("ERR ") }
    #expect(replies == (1...20).map { "PONG @r\($0)" } + [Self.rateLimited])
    #expect(observer.lines().filter { $0.hasPrefix("SAY ") && $0.contains(" eager ") }.count == 38)
    #expect(table.transport.isConnected(eager.id))
  }

  @Test("a claim runs out when the clock passes its window, then the passed turn does, to the millisecond")
  func claimWindowRunsOut() {
    let table = EmbeddedTable(claimWindow: 300)
    let ann = table.named("ann")
    let bob = table.named("bob")
    #expect(ann.lines().contains { $0.hasPrefix("START 3 ") })
    ann.send("CLAIM")
    #expect(ann.lines() == ["CLAIM 4 1 300", "OK CLAIM"])
    table.advance(by: .milliseconds(299))
    #expect(ann.lines() == [])
    table.advance(by: .milliseconds(1))
    #expect(ann.lines() == ["EXPIRED 5 1 claim", "SCORE 6 1 -1 -1 expired", "TURN 7 2 600 turn"])
    table.advance(by: .milliseconds(599))
    #expect(ann.lines() == [])
    table.advance(by: .milliseconds(1))
    #expect(ann.lines() == ["EXPIRED 8 2 turn", "OPEN 9"])
    #expect(bob.lines().suffix(2) == ["EXPIRED 8 2 turn", "OPEN 9"])
  }

  @Test("a whole game played in memory, a claim left to run out on the way, ends with the deck spent")
  func wholeGame() throws {
    let table = EmbeddedTable(claimWindow: 5_000)
    let ann = table.machine()
    let bob = table.machine()
    ann.send("NAME ann")
    bob.send("NAME bob")
    var model = GameModel()
    var bobModel = GameModel()
    ann.lines().forEach { model.read($0) }
    bob.lines().forEach { bobModel.read($0) }
    #expect(model.sawStart && bobModel.sawStart)
    // Bob claims and lets the window run out: -1, and ann holds the turn until hers runs out too.
    bob.send("CLAIM")
    table.advance(by: .seconds(5))
    table.advance(by: .seconds(10))
    var steps = 0
    var sets = 0
    while !model.over {
      steps += 1
      try #require(steps < 200, "the game did not end")
      let player = steps % 2 == 0 ? ann : bob
      if let set = model.someSet {
        player.send("PICK " + set.map(\.label).joined(separator: " "))
        sets += 1
      } else {
        player.send("DEAL")
      }
      ann.lines().forEach { model.read($0) }
      bob.lines().forEach { bobModel.read($0) }
    }
    #expect(model.problems == [])
    #expect(bobModel.problems == [])
    #expect(model.counts["EXPIRED"] == 2)
    #expect(model.scores == bobModel.scores && model.scores.two == model.taken.two.count / 3 - 1)
    #expect(model.deck == 0 && model.someSet == nil)
    #expect(model.taken.values.joined().count + model.cards.count == 81)
    #expect(sets > 20)
    #expect(table.transport.isConnected(ann.id) && table.transport.isConnected(bob.id))
  }

  @Test("a shutdown tells every client, closes each after its output and is done before it returns")
  func shutdownInMemory() {
    let table = EmbeddedTable()
    let ann = table.named("ann")
    let stranger = table.connect()
    _ = stranger.lines()
    let finished = Flag()
    table.server.shutdown(reason: "maintenance") { finished.set() }
    #expect(finished.isSet)
    #expect(ann.lines().last?.hasPrefix("BYE ") == true)
    #expect(stranger.lines() == ["ERR SHUTTING_DOWN the server is shutting down"])
    #expect(ann.isClosed && stranger.isClosed)
  }
}

/// A flag set from a `@Sendable` callback; the embedded table calls back on the test's own thread.
private final class Flag: @unchecked Sendable {
  // Safe: set and read on the test's thread only (the embedded table runs everything there).
  private(set) var isSet = false
  func set() { isSet = true }
}
