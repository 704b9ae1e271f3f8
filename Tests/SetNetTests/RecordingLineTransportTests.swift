import SetNet
import SetTransport
import Testing

@Suite struct RecordingLineTransportTests {
  @Test func recordsRequestsForOpenConnectionsOnly() {
    let transport = RecordingLineTransport()
    let first = ConnectionID(rawValue: 1)
    let second = ConnectionID(rawValue: 2)
    transport.open(first)
    let sentToOpen = transport.send("hello", to: first)
    let sentToUnknown = transport.send("lost", to: second)
    transport.markIdentified(first)
    transport.close(first, flushFirst: true)
    let sentAfterClose = transport.send("late", to: first)
    #expect(sentToOpen && !sentToUnknown && !sentAfterClose)
    #expect(transport.lines(to: first) == ["hello"])
    #expect(
      transport.actions == [.sent("hello", to: first), .identified(first), .closed(first, flushFirst: true)])
    #expect(transport.openConnections.isEmpty)
  }

  @Test func genericCodeDrivesTheRecordingTransportThroughTheProtocol() {
    let transport = RecordingLineTransport()
    transport.open(ConnectionID(rawValue: 7))
    #expect(greet(transport, ConnectionID(rawValue: 7)))
    #expect(transport.lines(to: ConnectionID(rawValue: 7)) == ["welcome"])
  }
}

extension LineServerTests {
  /// The same generic code drives a real `LineServer` (in the loopback suite, for its serialization).
  @Test func genericCodeDrivesALineServerThroughTheProtocol() throws {
    let harness = try ServerHarness()
    let client = try harness.client()
    let id = try #require(harness.id(of: client))
    #expect(harness.sync { server, _ in greet(server, id) })
    #expect(client.readLine(timeout: 5) == "welcome")
    #expect(!harness.sync { server, _ in greet(server, ConnectionID(rawValue: id.rawValue + 1000)) })
  }
}

/// Code written against the protocol alone: greets `id` on whichever transport it is given.
private func greet(_ transport: some LineTransport, _ id: ConnectionID) -> Bool {
  transport.send("welcome", to: id)
}
