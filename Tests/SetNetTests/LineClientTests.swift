import Dispatch
import SetTestSupport
import Testing

@testable import SetNet
@testable import SetTransport

extension LineServerTests {
  /// `LineClient` against a real server; nested so it shares the loopback suite's serialization.
  @Suite struct LineClientTests {
    @Test func lineClientDeliversLinesAndReportsTheEnd() throws {
      let harness = try ServerHarness()
      let queue = DispatchQueue(label: "SetNetTests.client")
      let client = LineClient(queue: queue)
      let record = ClientRecord()
      try queue.sync {
        client.onInput = { record.inputs.append($0) }
        client.onDisconnect = { record.reasons.append($0) }
        try client.connect(host: "localhost", port: harness.port)
        client.send("hello")
        client.send("world")
      }
      #expect(eventually { queue.sync { record.inputs.count == 2 } })
      #expect(queue.sync { record.inputs } == [.line("echo hello"), .line("echo world")])
      harness.stop()
      #expect(eventually { queue.sync { record.reasons == [.peerClosed] } })
      #expect(queue.sync { client.isConnected } == false)
    }

    @Test func closeIsReportedOnBothSides() throws {
      let harness = try ServerHarness()
      let queue = DispatchQueue(label: "SetNetTests.client")
      let client = LineClient(queue: queue)
      let record = ClientRecord()
      try queue.sync {
        client.onDisconnect = { record.reasons.append($0) }
        try client.connect(host: "127.0.0.1", port: harness.port)
      }
      #expect(harness.eventually { server, _ in server.connectionCount == 1 })
      queue.sync { client.close() }
      #expect(eventually { queue.sync { record.reasons == [.closed] } })
      #expect(harness.eventually { _, delegate in Array(delegate.disconnects.values) == [.closed] })
    }

    @Test func connectingWhereNothingListensThrows() throws {
      let harness = try ServerHarness()
      harness.stop()
      let client = LineClient(queue: harness.queue)
      #expect(throws: SocketError.self) {
        try harness.queue.sync { try client.connect(host: "127.0.0.1", port: harness.port) }
      }
    }
  }
}

/// What a `LineClient` reported. Used only on the client's queue.
private final class ClientRecord: @unchecked Sendable {
  // Sendable by confinement: touched only on the client's queue.
  var inputs: [LineInput] = []
  var reasons: [DisconnectReason] = []
}
