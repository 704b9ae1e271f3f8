import Glibc
import SetTestSupport
import Testing

@testable import SetNet
@testable import SetTransport

/// Broadcasts over real loopback sockets, in `LineServerTests`' serialized suite: failed sends among
/// the watchers, and WebSockets among line connections.
extension LineServerTests {
  @Test func aBroadcastGoesOnPastWatchersWhoseSendsFailAndEndsThose() throws {
    let harness = try ServerHarness()
    let clients = try (0..<8).map { _ in try harness.client() }
    let ids = try clients.map { try #require(harness.id(of: $0)) }
    // One among the first few, sent to before the rest are looked at, and one among the rest.
    let broken: Set = [2, 6]
    let before = harness.sync { server, _ in ids.map { server.writeCalls(of: $0) ?? -1 } }
    harness.sync { server, delegate in
      // Their sockets can send no more: their sends fail (EPIPE) within the broadcast.
      for index in broken { _ = shutdown(server.connections[ids[index]]!.channel.fd, Int32(SHUT_WR)) }
      server.broadcastRaw(Array("news\r\n".utf8), to: delegate.peers.keys.sorted())
    }
    for (index, client) in clients.enumerated() where !broken.contains(index) {
      #expect(client.readLine(timeout: 5) == "news", "watcher \(index)")
    }
    for index in broken {
      #expect(harness.eventually { _, delegate in delegate.disconnects[ids[index]] == .socketError(EPIPE) })
    }
    let after = harness.sync { server, _ in ids.map { server.writeCalls(of: $0) ?? -1 } }
    // The others had it in one write each.
    for index in ids.indices where !broken.contains(index) {
      #expect(after[index] == before[index] + 1, "watcher \(index)")
    }
  }

  @Test func aBroadcastReachesWebSocketWatchersAsTextMessagesAmongLineWatchers() throws {
    var configuration = LineServer.Configuration()
    configuration.webSite = WebSite(files: [
      "/": .init(contentType: "text/html; charset=utf-8", body: Array("<!doctype html><title>t</title>".utf8))
    ])
    let harness = try ServerHarness(configuration)
    let sender = try harness.client()
    // Line and WebSocket watchers taking turns, so that each kind comes among the first few and
    // among the rest.
    var watchers: [(client: BlockingLineClient, isWeb: Bool)] = []
    for index in 0..<12 {
      let client = try harness.client()
      if index % 2 == 1 {
        #expect(client.sendRaw(Self.upgrade(port: harness.port)))
        let head = try #require(client.readRawBytes(timeout: 5))
        #expect(String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101 "))
      }
      watchers.append((client, index % 2 == 1))
    }
    // Every watcher is known to the delegate before the broadcast.
    #expect(harness.eventually { _, delegate in delegate.peers.count == 13 })
    let ids = harness.sync { _, delegate in delegate.peers.keys.sorted() }
    let before = harness.sync { server, _ in ids.map { server.writeCalls(of: $0) ?? -1 } }
    #expect(sender.send("cast 1 hello"))
    #expect(sender.readLine(timeout: 5) == "cast 0 hello")
    for (index, watcher) in watchers.enumerated() {
      if watcher.isWeb {
        // One text message, the line without its CRLF, unmasked.
        let bytes = try #require(watcher.client.readRawBytes(timeout: 5), "watcher \(index)")
        #expect(bytes == [0x81, 12] + Array("cast 0 hello".utf8), "watcher \(index): \(bytes)")
      } else {
        #expect(watcher.client.readLine(timeout: 5) == "cast 0 hello", "watcher \(index)")
      }
    }
    let after = harness.sync { server, _ in ids.map { server.writeCalls(of: $0) ?? -1 } }
    // Each watcher had it in one write (the sender, first, also its answer).
    for index in 1..<ids.count { #expect(after[index] == before[index] + 1, "connection \(index)") }
  }

  /// A browser's request to open a WebSocket on `port`.
  static func upgrade(port: UInt16) -> [UInt8] {
    Array(
      ("GET /ws HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
        + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").utf8)
  }
}
