import Dispatch
import SetNet
import SetTestSupport
import SetTransport

/// An echo-ish delegate that records what it sees. Answers:
/// - "whoami": "id N"; "identify": marks the connection identified and answers "identified";
/// - "quit": "bye", then closes (flushing); "spam N": N lines of 1000 bytes, stopping if dropped;
/// - "flood N": N lines of 1000 bytes, then closes (flushing); "later X": "echo X" 20 ms later;
/// - "cast N X": N broadcasts to every connection ("cast <i> X"), then "cast" to the sender;
/// - "next turn": nothing, but notes in `turns` how many inputs had come by the queue's next turn;
/// - any other line: "echo <line>"; too long, bad UTF-8, rate limited: "too long", "bad utf8", "slow down".
/// 50 ms after the end of a connection's input it closes the connection (flushing).
final class EchoDelegate: LineServerDelegate, @unchecked Sendable {
  // Sendable by confinement: used only on the server's queue (tests read it through `queue.sync`).
  weak var server: LineServer?
  var peers: [ConnectionID: String] = [:]
  var inputs: [ConnectionID: [LineInput]] = [:]
  /// How many inputs had been received from all connections together by each "next turn"'s next turn.
  var turns: [Int] = []
  private var received = 0
  var ended: Set<ConnectionID> = []
  var disconnects: [ConnectionID: DisconnectReason] = [:]
  var disconnectCount = 0

  func connected(_ id: ConnectionID, peer: String) {
    peers[id] = peer
  }

  func received(_ input: LineInput, from id: ConnectionID) {
    inputs[id, default: []].append(input)
    received += 1
    guard let server else { return }
    switch input {
    case .line("whoami"):
      server.send("id \(id.rawValue)", to: id)
    case .line("identify"):
      server.markIdentified(id)
      server.send("identified", to: id)
    case .line("quit"):
      server.send("bye", to: id)
      server.close(id)
    case .line(let text) where text.hasPrefix("spam ") || text.hasPrefix("flood "):
      let count = Int(text.split(separator: " ")[1]) ?? 0
      let payload = String(repeating: "x", count: 1000)
      for _ in 0..<count {
        guard server.send(payload, to: id) else { break }
      }
      if text.hasPrefix("flood ") {
        server.close(id)
      }
    case .line(let text) where text.hasPrefix("cast "):
      // "cast N X": N broadcasts of "cast X" (X repeated to 1,000 bytes if N > 1) to every connection, in
      // the order they connected, then "cast" to the sender.
      let words = text.split(separator: " ", maxSplits: 2).map(String.init)
      let count = Int(words[1]) ?? 1
      let body = count > 1 ? String(repeating: words[2], count: 1000 / max(1, words[2].count)) : words[2]
      for number in 0..<count {
        server.broadcastRaw(Array("cast \(number) \(body)\r\n".utf8), to: peers.keys.sorted())
      }
      server.send("cast", to: id)
    case .line("next turn"):
      server.queue.async { [self] in turns.append(received) }
    case .line(let text) where text.hasPrefix("later "):
      server.queue.asyncAfter(deadline: .now() + .milliseconds(20)) {
        server.send("echo \(text.dropFirst(6))", to: id)
      }
    case .line(let text):
      server.send("echo \(text)", to: id)
    case .tooLong:
      server.send("too long", to: id)
    case .invalidUTF8:
      server.send("bad utf8", to: id)
    case .rateLimited:
      server.send("slow down", to: id)
    case .interrupt, .reply:
      break  // Acted on by the server; never delivered.
    }
  }

  func inputEnded(_ id: ConnectionID) {
    ended.insert(id)
    server?.queue.asyncAfter(deadline: .now() + .milliseconds(50)) { [server] in
      server?.close(id, flushFirst: true)
    }
  }

  func disconnected(_ id: ConnectionID, reason: DisconnectReason) {
    disconnectCount += 1
    disconnects[id] = reason
  }

  func farewellLine(for reason: DisconnectReason) -> String? {
    "farewell \(reason)"
  }
}

/// A `LineServer` on 127.0.0.1, port 0, with an `EchoDelegate`.
final class ServerHarness {
  let queue = DispatchQueue(label: "SetNetTests.server")
  let server: LineServer
  let delegate = EchoDelegate()
  let port: UInt16

  init(_ configuration: LineServer.Configuration = LineServer.Configuration()) throws {
    var configuration = configuration
    configuration.host = "127.0.0.1"
    configuration.port = 0
    server = LineServer(configuration: configuration, queue: queue)
    server.delegate = delegate
    delegate.server = server
    let server = server
    port = try queue.sync { try server.start() }
  }

  deinit {
    stop()
  }

  /// A new blocking client, connected.
  func client() throws -> BlockingLineClient {
    try BlockingLineClient(host: "127.0.0.1", port: port, timeout: 5)
  }

  /// Runs `body` on the server's queue.
  func sync<T>(_ body: (LineServer, EchoDelegate) -> T) -> T {
    queue.sync { body(server, delegate) }
  }

  /// Whether `condition`, checked on the server's queue, comes to hold within `timeout` seconds.
  func eventually(timeout: Double = 10, _ condition: (LineServer, EchoDelegate) -> Bool) -> Bool {
    SetTestSupport.eventually(timeout: timeout, pollMilliseconds: 2) { sync(condition) }
  }

  /// The server's ID for `client`'s connection (asks "whoami").
  func id(of client: BlockingLineClient) -> ConnectionID? {
    client.send("whoami")
    guard let line = client.readLine(timeout: 5), line.hasPrefix("id "), let number = UInt64(line.dropFirst(3))
    else { return nil }
    return ConnectionID(rawValue: number)
  }

  func stop() {
    sync { server, _ in server.stop() }
  }
}
