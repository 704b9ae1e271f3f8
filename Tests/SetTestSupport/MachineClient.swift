import SetNet
import SetProtocol
import SetPureTestSupport
import SetTransport

/// A test's failure with words, thrown by the helpers.
package struct TestFailure: Error, CustomStringConvertible {
  package var description: String

  package init(_ description: String) {
    self.description = description
  }
}

/// A real TCP client in the machine presentation: it pairs requests with their replies by request id,
/// and keeps every event line it reads, and a `GameModel` built from them.
package final class MachineClient {
  /// How long a line may take to arrive: generous, so a loaded machine does not fail a test.
  package static let timeout = 10.0

  package let link: BlockingLineClient
  package let label: String
  /// Every event line read, in order.
  package private(set) var events: [String] = []
  /// What the lines read say about the game.
  package private(set) var model = GameModel()
  private var requests = 0

  /// Connects to `port` on loopback, reads the banner and, unless `machine` is false, switches to the
  /// machine presentation. A machine client speaks first, as `setduel play` does: a table that serves a
  /// page sends its banner to a silent connection only after the sniffing time.
  package init(port: UInt16, label: String, machine: Bool = true) throws {
    self.label = label
    link = try BlockingLineClient(host: "127.0.0.1", port: port, timeout: Self.timeout)
    let mode = machine ? nextID() : nil
    if let mode { send("@\(mode) MODE MACHINE") }
    guard let banner = readLine(), banner.hasPrefix("SETDUEL 1 ") else {
      throw TestFailure("\(label): no banner")
    }
    if let mode {
      let (reply, _) = try reply(to: mode)
      guard case .ok = reply.kind else { throw TestFailure("\(label): MODE MACHINE got \(reply.line)") }
    }
  }

  /// Sends a line as it is.
  @discardableResult
  package func send(_ line: String) -> Bool { link.send(line) }

  /// The next line, noted in the events and the model; nil on timeout or at the end of the connection.
  package func readLine(timeout: Double = MachineClient.timeout) -> String? {
    guard let line = link.readLine(timeout: timeout) else { return nil }
    model.read(line)
    if case .event = ServerLine.decode(line) { events.append(line) }
    return line
  }

  /// Sends `line` with a fresh request id and reads up to its reply: the reply, and the lines before it.
  package func request(_ line: String) throws -> (reply: Reply, before: [String]) {
    let id = nextID()
    guard send("@\(id) \(line)") else { throw TestFailure("\(label): could not send \(line)") }
    return try reply(to: id)
  }

  /// A fresh request id.
  package func nextID() -> String {
    requests += 1
    return "\(label)-\(requests)"
  }

  /// Reads up to the reply to the request sent with `id`: the reply, and the lines before it.
  package func reply(to id: String) throws -> (reply: Reply, before: [String]) {
    var before: [String] = []
    while let received = readLine() {
      if let reply = Reply.decode(received), reply.id == id { return (reply, before) }
      before.append(received)
    }
    throw TestFailure("\(label): no reply to @\(id); last lines: \(before.suffix(5))")
  }

  /// Sends `line` and requires `OK`: returns the reply's fields.
  @discardableResult
  package func ok(_ line: String) throws -> [String] {
    let (reply, _) = try request(line)
    guard case .ok(let ok) = reply.kind else { throw TestFailure("\(label): \(line) got \(reply.line)") }
    return ok.fields
  }

  /// Sends `line` and requires `ERR` with `code`.
  package func refused(_ line: String, _ code: ErrorCode) throws {
    let (reply, _) = try request(line)
    guard case .error(let error) = reply.kind, error.code == code else {
      throw TestFailure("\(label): \(line) got \(reply.line), expected ERR \(code.rawValue)")
    }
  }

  /// The `STAT` line the reply to `STATS name` brings, and whether a `RATED` line came before it.
  package func statLine(_ name: String) throws -> (line: String, rated: Bool) {
    let (reply, before) = try request("STATS \(name)")
    guard case .ok(.stats) = reply.kind, let line = before.last(where: { $0.hasPrefix("STAT ") }) else {
      throw TestFailure("\(label): STATS \(name) got \(reply.line)")
    }
    return (line, before.contains { $0.hasPrefix("RATED ") })
  }

  /// Sends PING and reads up to its PONG: afterwards every event broadcast before it has been read.
  package func sync() throws {
    let (reply, _) = try request("PING")
    guard case .pong = reply.kind else { throw TestFailure("\(label): PING got \(reply.line)") }
  }

  /// Reads lines until one matches `predicate`; returns it, or throws with the last lines seen.
  @discardableResult
  package func readUntil(_ what: String, _ predicate: (String) -> Bool) throws -> String {
    var seen: [String] = []
    while let line = readLine() {
      if predicate(line) { return line }
      seen.append(line)
    }
    throw TestFailure("\(label): never got \(what); last lines: \(seen.suffix(5))")
  }

  /// Reads every line until the server closes the connection; returns them (empty if it never closed).
  package func readToEnd(timeout: Double = MachineClient.timeout) -> (lines: [String], closed: Bool) {
    var lines: [String] = []
    while let line = readLine(timeout: timeout) { lines.append(line) }
    return (lines, link.isClosedByPeer)
  }

  /// Reads whatever has arrived, without waiting.
  package func drain() {
    while readLine(timeout: 0) != nil {}
  }

  package func close() { link.close() }
}
