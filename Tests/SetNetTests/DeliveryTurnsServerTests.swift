import Dispatch
import Glibc
import SetTestSupport
import Testing

@testable import SetNet
@testable import SetTransport

/// Puts each connection in the group its "group N" line names; "work" takes 2 ms of the queue (the
/// first one waits, before it, for the test to say the quiet line is on its way); any other line is
/// noted and answered "done <line>".
private final class GroupedDelegate: LineServerDelegate, @unchecked Sendable {
  // Sendable by confinement: used on the server's queue (the test reads it through `queue.sync`).
  weak var server: LineServer?
  var groups: [ConnectionID: Int] = [:]
  /// The lines handled, in the order handled.
  var handled: [String] = []
  let firstWorkStarted = DispatchSemaphore(value: 0)
  let quietLineSent = DispatchSemaphore(value: 0)

  func connected(_ id: ConnectionID, peer: String) {}

  func received(_ input: LineInput, from id: ConnectionID) {
    guard case .line(let line) = input else { return }
    if line.hasPrefix("group "), let group = Int(line.dropFirst(6)) {
      groups[id] = group
    } else if line == "work" {
      if !handled.contains("work") {
        firstWorkStarted.signal()
        _ = quietLineSent.wait(timeout: .now() + 10)
      }
      usleep(2_000)
    }
    handled.append(line)
    server?.send("done \(line)", to: id)
  }

  func inputEnded(_ id: ConnectionID) { server?.close(id) }
  func disconnected(_ id: ConnectionID, reason: DisconnectReason) {}
  func turnGroup(of id: ConnectionID) -> Int { groups[id] ?? 0 }
}

@Suite("The loop serves tables in turns", .serialized)
struct DeliveryTurnsServerTests {
  @Test("a quiet group's line read behind a busy group's backlog is handled after one of its lines, not after all")
  func aQuietLineWaitsForOneLineNotTheBacklog() throws {
    let queue = DispatchQueue(label: "DeliveryTurnsServerTests")
    var configuration = LineServer.Configuration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    let server = LineServer(configuration: configuration, queue: queue)
    let delegate = GroupedDelegate()
    server.delegate = delegate
    delegate.server = server
    let port = try queue.sync { try server.start() }
    defer { queue.sync { server.stop() } }

    let busy = try (0..<8).map { _ in try BlockingLineClient(host: "127.0.0.1", port: port, timeout: 10) }
    let quiet = try BlockingLineClient(host: "127.0.0.1", port: port, timeout: 10)
    for client in busy {
      client.send("group 2")
      #expect(client.readLine(timeout: 10) == "done group 2")
    }
    quiet.send("group 1")
    #expect(quiet.readLine(timeout: 10) == "done group 1")

    // Eight lines of work at table 2; while the first is handled, table 1's line arrives, after all of
    // them (a write to a loopback socket is in the server's socket when `send` returns).
    for client in busy { client.send("work") }
    #expect(delegate.firstWorkStarted.wait(timeout: .now() + 10) == .success)
    quiet.send("ping")
    delegate.quietLineSent.signal()
    #expect(quiet.readLine(timeout: 10) == "done ping")
    for client in busy { #expect(client.readLine(timeout: 10) == "done work") }
    let handled = queue.sync { delegate.handled.filter { $0 == "work" || $0 == "ping" } }
    // In the order of arrival alone, the ping came ninth; in turns, it follows the work under way.
    #expect(handled == ["work", "ping"] + Array(repeating: "work", count: 7))
  }
}
