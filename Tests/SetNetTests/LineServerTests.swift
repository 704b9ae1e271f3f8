import Dispatch
import Glibc
import SetTestSupport
import Testing

@testable import SetNet
@testable import SetTransport

// Past 300 lines because the tests share one serialized suite: one test at a time owns the descriptors.

/// The server over real loopback sockets. Serialized: one test at a time owns the descriptors.
@Suite(.serialized) struct LineServerTests {
  @Test func echoesLinesWhateverTheirTerminator() throws {
    let harness = try ServerHarness()
    let client = try harness.client()
    client.send("hello")
    #expect(client.readLine(timeout: 5) == "echo hello")
    client.sendRaw(Array("a\nb\r\nc\r".utf8) + [0] + Array("d\re\n".utf8))
    let replies = (0..<5).map { _ in client.readLine(timeout: 5) }
    #expect(replies == ["echo a", "echo b", "echo c", "echo d", "echo e"])
    let peer = harness.sync { _, delegate in delegate.peers.values.first }
    #expect(peer?.hasPrefix("127.0.0.1:") == true)
  }

  @Test func writesWhatOneTurnGivesAConnectionInOneWrite() throws {
    let harness = try ServerHarness()
    let client = try harness.client()
    let id = try #require(harness.id(of: client))
    let before = try #require(harness.sync { server, _ in server.writeCalls(of: id) })
    // Two lines read together are answered together.
    client.sendRaw(Array("a\nb\n".utf8))
    #expect(client.readLine(timeout: 5) == "echo a")
    #expect(client.readLine(timeout: 5) == "echo b")
    #expect(harness.sync { server, _ in server.writeCalls(of: id) } == before + 1)
    // Lines given outside a batch of input (on a timer, say) are written at once.
    let writtenAtOnce = harness.sync { server, _ in
      server.send("one", to: id)
      return server.writeCalls(of: id)
    }
    #expect(writtenAtOnce == before + 2)
    #expect(client.readLine(timeout: 5) == "one")
  }

  @Test func aBroadcastIsWrittenToEachWatcherAtOnceTheSendersLineFirst() throws {
    let harness = try ServerHarness()
    let sender = try harness.client()
    let watcher = try harness.client()
    let senderID = try #require(harness.id(of: sender))
    let watcherID = try #require(harness.id(of: watcher))
    let before = harness.sync { server, _ in [server.writeCalls(of: senderID), server.writeCalls(of: watcherID)] }
    sender.send("cast 1 hello")
    #expect(sender.readLine(timeout: 5) == "cast 0 hello")
    #expect(sender.readLine(timeout: 5) == "cast")
    #expect(watcher.readLine(timeout: 5) == "cast 0 hello")
    let after = harness.sync { server, _ in [server.writeCalls(of: senderID), server.writeCalls(of: watcherID)] }
    // The watcher's line in one write of its own, from the broadcast's one array; the sender, given
    // its line first, has it written before the watcher's, and its answer after.
    #expect((after[1] ?? -1) == (before[1] ?? -2) + 1)
    #expect((after[0] ?? -1) == (before[0] ?? -3) + 2)
  }

  @Test func aBroadcastToAWatcherWhoseSocketIsFullKeepsTheRestInOrder() throws {
    let harness = try ServerHarness(LineServer.Configuration(maxQueuedOutputBytes: 64 << 20))
    let sender = try harness.client()
    let watcher = try harness.client()
    _ = try #require(harness.id(of: sender))
    let watcherID = try #require(harness.id(of: watcher))
    // 4 MB to a watcher that does not read yet: far past what its socket takes.
    sender.send("cast 4000 abcdefghij")
    for number in 0..<4000 {
      guard let line = sender.readLine(timeout: 10), line.hasPrefix("cast \(number) ") else {
        Issue.record("the sender's broadcast \(number) did not come")
        return
      }
    }
    #expect(sender.readLine(timeout: 10) == "cast")
    #expect(harness.sync { server, _ in server.writeCalls(of: watcherID) ?? 0 } > 0)
    for number in 0..<4000 {
      let line = watcher.readLine(timeout: 10)
      guard line == "cast \(number) " + String(repeating: "abcdefghij", count: 100) else {
        Issue.record("broadcast \(number) came as \(String(describing: line?.prefix(40)))")
        return
      }
    }
  }

  @Test func halfClosedClientStillGetsRepliesToWhatItSent() throws {
    let harness = try ServerHarness()
    let client = try harness.client()
    let id = try #require(harness.id(of: client))
    client.send("later one")  // Answered after the server has seen the end of input.
    client.send("two")
    client.sendRaw(Array("three".utf8))  // No terminator: the end of input ends the line.
    client.shutdownWrite()
    let replies = (0..<3).map { _ in client.readLine(timeout: 5) }
    #expect(replies == ["echo two", "echo three", "echo one"])
    #expect(client.waitForClose(timeout: 5))
    #expect(harness.eventually { _, delegate in delegate.disconnects[id] == .closed })
    #expect(harness.sync { _, delegate in delegate.ended.contains(id) })
  }

  @Test func closingAfterFlushDeliversEverythingQueued() throws {
    let harness = try ServerHarness(LineServer.Configuration(maxQueuedOutputBytes: 64 << 20))
    let client = try harness.client()
    client.send("flood 8000")  // 8 MB: more than the kernel holds, so the write source flushes the rest.
    var count = 0
    while let line = client.readLine(timeout: 5), line.count == 1000 {
      count += 1
    }
    #expect(count == 8000)
    #expect(client.isClosedByPeer)
    client.send("quit")
    let other = try harness.client()
    other.send("quit")
    #expect(other.readLine(timeout: 5) == "bye")
    #expect(other.waitForClose(timeout: 5))
  }

  @Test func writeSourceSleepsOnceOutputIsFlushed() async {
    // CPU time is counted for the whole process: measured in a child process of its own, so tests
    // running alongside do not count.
    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      let harness = try ServerHarness(LineServer.Configuration(maxQueuedOutputBytes: 64 << 20))
      let client = try harness.client()
      client.send("spam 4000")  // 4 MB: more than the kernel holds, so the write source flushes the rest.
      var count = 0
      while count < 4000, let line = client.readLine(timeout: 5), line.count == 1000 {
        count += 1
      }
      check(count == 4000, "got \(count) of 4000 lines")
      client.send("ping")
      check(client.readLine(timeout: 5) == "echo ping", "no echo")
      // Idle now: a write source left resumed would fire without end and burn a core.
      let before = cpuMilliseconds()
      usleep(300_000)
      let used = cpuMilliseconds() - before
      check(used < 150, "\(used) ms of CPU in 300 ms idle")
    }
    reportChildFailure(result)
  }

  @Test func servesOnAfterManyConnectsAndDisconnects() throws {
    let harness = try ServerHarness()
    for round in 0..<200 {
      let client = try harness.client()
      client.send("ping \(round)")
      switch round % 3 {
      case 0: #expect(client.readLine(timeout: 5) == "echo ping \(round)")
      case 1: break  // Gone before the reply: the server's write may meet EPIPE or ECONNRESET.
      default: client.reset()
      }
      client.close()
    }
    #expect(
      harness.eventually { server, delegate in
        server.openSocketCount == 0 && server.connectionCount == 0 && delegate.disconnectCount == 200
      })
    #expect(harness.sync { _, delegate in delegate.disconnects.count } == 200)
    let client = try harness.client()
    client.send("still here?")
    #expect(client.readLine(timeout: 5) == "echo still here?")
  }

  @Test func dropsAClientThatDoesNotReadWhileOthersStayResponsive() throws {
    // A long close timeout: however slowly a loaded machine reads, the farewell waits for it.
    let harness = try ServerHarness(
      LineServer.Configuration(maxQueuedOutputBytes: 256 * 1024, closeTimeout: .seconds(60)))
    let slow = try harness.client()
    let slowID = try #require(harness.id(of: slow))
    let other = try harness.client()
    slow.send("spam 30000")  // 30 MB, far more than the kernel buffers and the cap together.
    other.send("ping")
    #expect(other.readLine(timeout: 5) == "echo ping")
    #expect(harness.eventually { _, delegate in delegate.disconnects[slowID] == .outputOverflow })
    // The queue was forgotten; once the slow client reads again, what the kernel held comes first
    // (perhaps ending mid-line), then the farewell on a line of its own, then the end.
    var last: String?
    while let line = slow.readLine(timeout: 5) {
      last = line
    }
    #expect(last == "farewell outputOverflow")
    #expect(slow.isClosedByPeer)
    slow.close()
    #expect(harness.eventually { server, _ in server.openSocketCount == 1 })
    other.send("pong")
    #expect(other.readLine(timeout: 5) == "echo pong")
  }

  @Test func stopsReadingAClientThatAsksWithoutReadingAndAnswersEverythingOnceItReads() throws {
    let harness = try ServerHarness(
      LineServer.Configuration(maxQueuedOutputBytes: 256 * 1024, rateLimit: nil, closeTimeout: .seconds(60)))
    let asker = try harness.client()
    let askerID = try #require(harness.id(of: asker))
    let other = try harness.client()
    // 10,000 small requests, 70 KB, each answered with 2 KB: 20 MB, far more than the kernel's buffers
    // and the cap together, a mark among them every thousand. One read's answers, some 64 KB, fit.
    let requests = (0..<10_000).map { $0.isMultiple(of: 1_000) ? "spam 2\nmark \($0)\n" : "spam 2\n" }
    #expect(asker.sendRaw(Array(requests.joined().utf8)))
    other.send("ping")
    #expect(other.readLine(timeout: 5) == "echo ping")
    // The server stops reading it rather than dropping it: what it asked waits unread.
    #expect(harness.eventually { server, _ in server.isReadingPaused(askerID) })
    let read = harness.sync { _, delegate in delegate.inputs[askerID]?.count ?? 0 }
    #expect(read < 10_000, "all \(read) requests were read though none of the answers were")
    other.send("still there")
    #expect(other.readLine(timeout: 5) == "echo still there")
    // It reads: every answer, in order, and it was never dropped.
    var spam = 0
    var marks: [String] = []
    while spam < 20_000 || marks.count < 10, let line = asker.readLine(timeout: 10) {
      if line.hasPrefix("mark") || line.hasPrefix("echo") { marks.append(line) } else { spam += 1 }
    }
    #expect(spam == 20_000)
    #expect(marks == (0..<10).map { "echo mark \($0 * 1_000)" })
    #expect(harness.sync { _, delegate in delegate.disconnects[askerID] } == nil)
    asker.send("ping")
    #expect(asker.readLine(timeout: 5) == "echo ping")
  }

  @Test func rateLimitsLinesAndDropsASustainedFlood() throws {
    let limit = TokenBucket.Configuration(
      linesPerSecond: 1, burst: 5, floodRefusals: 10, floodWindowMilliseconds: 60_000)
    let harness = try ServerHarness(LineServer.Configuration(rateLimit: limit))
    let client = try harness.client()
    client.sendRaw(Array((1...8).map { "l\($0)\n" }.joined().utf8))
    let replies = (0..<8).compactMap { _ in client.readLine(timeout: 5) }
    #expect(replies.count == 8)
    #expect(Array(replies.prefix(5)) == (1...5).map { "echo l\($0)" })
    #expect(replies.dropFirst(5).filter { $0 == "slow down" }.count >= 2)
    client.sendRaw(Array((1...20).map { "f\($0)\n" }.joined().utf8))
    #expect(client.waitForClose(timeout: 5))
    #expect(harness.eventually { _, delegate in delegate.disconnects.values.first == .flooded })
    let inputs = harness.sync { _, delegate in delegate.inputs.values.first ?? [] }
    #expect(inputs.contains(.rateLimited))
  }

  @Test func turnsAwayConnectionsPastTheMaximum() throws {
    let harness = try ServerHarness(LineServer.Configuration(maxConnections: 2))
    let first = try harness.client()
    let second = try harness.client()
    #expect(harness.eventually { server, _ in server.connectionCount == 2 })
    let third = try harness.client()
    #expect(third.readLine(timeout: 5) == "farewell serverFull")
    #expect(third.waitForClose(timeout: 5))
    first.send("ping")
    #expect(first.readLine(timeout: 5) == "echo ping")
    #expect(harness.sync { _, delegate in delegate.peers.count } == 2)
    second.close()
    #expect(harness.eventually { server, _ in server.openSocketCount == 1 })
    let fourth = try harness.client()
    fourth.send("ping")
    #expect(fourth.readLine(timeout: 5) == "echo ping")
  }

  @Test func dropsUnidentifiedIdleConnections() throws {
    let harness = try ServerHarness(LineServer.Configuration(idleTimeout: .milliseconds(500)))
    let identified = try harness.client()
    identified.send("identify")
    #expect(identified.readLine(timeout: 5) == "identified")
    let silent = try harness.client()
    let chatty = try harness.client()
    for tick in 0..<8 {
      chatty.send("tick \(tick)")
      #expect(chatty.readLine(timeout: 5) == "echo tick \(tick)")
      usleep(100_000)
    }
    #expect(silent.readLine(timeout: 5) == "farewell idleTimeout")
    #expect(silent.waitForClose(timeout: 5))
    identified.send("ping")
    #expect(identified.readLine(timeout: 5) == "echo ping")
    #expect(harness.sync { _, delegate in Array(delegate.disconnects.values) } == [.idleTimeout])
  }

  @Test func stopClosesEveryConnection() throws {
    let harness = try ServerHarness()
    let clients = try (0..<3).map { _ in try harness.client() }
    #expect(harness.eventually { server, _ in server.connectionCount == 3 })
    harness.stop()
    for client in clients {
      #expect(client.waitForClose(timeout: 5))
    }
    #expect(harness.eventually { _, delegate in delegate.disconnects.count == 3 })
    #expect(harness.sync { _, delegate in Set(delegate.disconnects.values) } == [.serverStopped])
    #expect(throws: SocketError.self) { try harness.client() }
  }

  @Test func answersTimingMarkAndEndsOnInterrupt() throws {
    let harness = try ServerHarness()
    let client = try harness.client()
    client.sendRaw([255, 253, 6] + Array("x\n".utf8))
    let expected: [UInt8] = [255, 251, 6] + Array("echo x\r\n".utf8)
    var raw: [UInt8] = []
    while raw.count < expected.count, let more = client.readRawBytes(timeout: 5) {
      raw += more
    }
    #expect(raw == expected)
    client.sendRaw([255, 244])
    #expect(client.readLine(timeout: 5) == "farewell interrupted")
    #expect(client.waitForClose(timeout: 5))
    #expect(harness.eventually { _, delegate in delegate.disconnects.values.first == .interrupted })
  }

  @Test func readsAFastSenderAFewLinesATurn() throws {
    // No rate limit, and room for every echo the flooder does not read.
    let harness = try ServerHarness(LineServer.Configuration(maxQueuedOutputBytes: 64 << 20, rateLimit: nil))
    let flooder = try harness.client()
    let flooderID = try #require(harness.id(of: flooder))
    let line = Array(String(repeating: "f", count: 99).utf8) + [10]
    let lines = 2_560  // 256 KB: many turns' worth, and within what loopback sockets hold unread.
    // Sent while the server's queue is held, so that all of it waits in the socket when the server
    // first reads; "next turn" has the delegate note how far the server got before its queue's next
    // turn, where timers, other connections' input and everything else queued get their go.
    let sent = harness.sync { _, _ in
      flooder.sendRaw(Array("next turn\n".utf8) + Array(repeating: line, count: lines).flatMap { $0 })
    }
    try #require(sent)
    #expect(harness.eventually { _, delegate in delegate.inputs[flooderID]?.count == lines + 2 })
    // The "whoami", "next turn" and the lines framed by the same read: one turn's worth, not all.
    let firstTurn = try #require(harness.sync { _, delegate in delegate.turns.first })
    // A read is at most 256 bytes (BENCHMARKS.md, "The read per turn"): two of these lines, a third begun.
    let oneRead = 256 / line.count + 2
    #expect(firstTurn <= oneRead, "\(firstTurn - 2) of \(lines) lines were handled before the next turn")
  }

  @Test func reportsOverlongAndInvalidLines() throws {
    let harness = try ServerHarness(LineServer.Configuration(maxLineBytes: 16))
    let client = try harness.client()
    client.sendRaw(Array((String(repeating: "x", count: 5000) + "\nok\n").utf8) + [0xC3, 0x28, 10])
    let replies = (0..<3).map { _ in client.readLine(timeout: 5) }
    #expect(replies == ["too long", "echo ok", "bad utf8"])
  }

  @Test func pausesAcceptingWhenOutOfDescriptors() async {
    // The descriptor limit is the whole process's: lowered in a child process of its own, so tests
    // running alongside never meet EMFILE.
    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      // A short close timeout makes the sweep frequent; once it has run, Dispatch has its timer set
      // up (it does so lazily, and without descriptors it could not).
      let harness = try ServerHarness(LineServer.Configuration(closeTimeout: .milliseconds(200)))
      check(harness.eventually { server, _ in server.sweeps > 0 }, "the sweep never ran")
      let hold = DispatchSemaphore(value: 0)
      harness.queue.async { hold.wait() }  // Hold the server while the clients' connections complete.
      let clients = try (0..<3).map { _ in try harness.client() }
      var original = rlimit()
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
      check(getrlimit(resource, &original) == 0, "getrlimit failed")
      var lowered = original
      lowered.rlim_cur = 0  // Until restored, any new descriptor fails with EMFILE.
      check(setrlimit(resource, &lowered) == 0, "setrlimit failed")
      hold.signal()
      usleep(350_000)
      let (connected, pauses) = harness.sync { server, _ in (server.connectionCount, server.acceptPauses) }
      check(setrlimit(resource, &original) == 0, "setrlimit failed")
      check(connected == 0, "\(connected) connections accepted without descriptors")
      check((1...10).contains(pauses), "paused \(pauses) times in 350 ms")
      for client in clients {
        client.send("ping")
        let reply = client.readLine(timeout: 5)
        let pauses = harness.sync { server, _ in server.acceptPauses }
        check(reply == "echo ping", "no echo once descriptors are back (\(pauses) pauses)")
      }
    }
    reportChildFailure(result)
  }
}

/// CPU time (user and system) this process has used, in milliseconds.
private func cpuMilliseconds() -> Int {
  var usage = rusage()
  getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
  let user = Int(usage.ru_utime.tv_sec) * 1000 + Int(usage.ru_utime.tv_usec) / 1000
  return user + Int(usage.ru_stime.tv_sec) * 1000 + Int(usage.ru_stime.tv_usec) / 1000
}

/// After an exit test (`#expect(processExitsWith:)`, for checks of what the whole process shares: its
/// CPU time, its descriptor limit): the child reports a failed `check` on standard output.
func reportChildFailure(_ result: ExitTest.Result?, sourceLocation: SourceLocation = #_sourceLocation) {
  guard let result else { return }  // The exit status was wrong: already recorded.
  let output = String(decoding: result.standardOutputContent, as: UTF8.self)
  #expect(output.isEmpty, "child process: \(output)", sourceLocation: sourceLocation)
}

/// In an exit test's child process: unless `condition` holds, writes `message` to standard output for
/// `reportChildFailure` and ends the child.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  guard !condition else { return }
  let text = Array((message() + "\n").utf8)
  _ = text.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
  exit(0)
}
