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

  @Test func genericCodeDrivesEitherTransportThroughTheProtocol() {
    let real: any LineTransport.Type = LineServer.self  // Compiles only if LineServer conforms.
    #expect(real is LineServer.Type)
    func greet(_ transport: some LineTransport, _ id: ConnectionID) -> Bool {
      transport.send("welcome", to: id)
    }
    let transport = RecordingLineTransport()
    transport.open(ConnectionID(rawValue: 7))
    #expect(greet(transport, ConnectionID(rawValue: 7)))
    #expect(transport.lines(to: ConnectionID(rawValue: 7)) == ["welcome"])
  }
}
