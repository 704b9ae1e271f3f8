import SetCore
import SetHost
import SetNet
import SetPureTestSupport
import SetServer
import Testing

/// A real `TableServer` on 127.0.0.1 and a port the kernel chose, for one test; nothing is logged. It stops when the fixture is released, so a test that ends, however it ends,
/// leaves no server behind.
package final class LoopbackTable {
  /// The server, for what a test inspects of it (sockets, seats, the host).
  package let server: TableServer
  /// The port it listens on.
  package let port: UInt16

  /// Starts a table with `settings`, moved onto loopback and a free port.
  package init(settings: TableServer.Settings) throws {
    var settings = settings
    settings.network.host = "127.0.0.1"
    settings.network.port = 0
    server = TableServer(settings: settings, log: { _, _ in })
    port = try server.start()
  }

  /// Starts a table dealt from `seed` under `rules` that keeps no record; `configure` changes any
  /// setting first.
  package convenience init(
    seed: UInt64 = 7, rules: Rules = Rules(), _ configure: (inout TableServer.Settings) -> Void = { _ in }
  ) throws {
    var settings = TableServer.Settings()
    settings.seed = seed
    settings.rules = rules
    settings.recordsDirectory = nil
    configure(&settings)
    try self.init(settings: settings)
  }

  deinit {
    server.stop()
  }

  /// A new plain connection to the table, nothing read from it yet.
  package func connect(timeout: Double = 10) throws -> BlockingLineClient {
    try BlockingLineClient(host: "127.0.0.1", port: port, timeout: timeout)
  }

  /// Runs `body` with the host on the table's queue.
  package func inspect<T>(_ body: (GameHost) -> T) -> T {
    server.inspect(body)
  }

  /// Whether `condition` on the host comes to hold within `timeout` seconds (see `eventually`).
  package func eventually(timeout: Double = 30, _ condition: (GameHost) -> Bool) -> Bool {
    SetPureTestSupport.eventually(timeout: timeout) { inspect(condition) }
  }
}

extension BlockingLineClient {
  /// Reads lines until one satisfies `done` and returns every line read, that one included. If the
  /// connection ends or falls silent for `timeout` seconds first, records an issue at the caller's line
  /// and returns what it read.
  package func readLines(
    timeout: Double = 10, until done: (String) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) -> [String] {
    var lines: [String] = []
    while let line = readLine(timeout: timeout) {
      lines.append(line)
      if done(line) { return lines }
    }
    Issue.record("the line awaited never came; last lines: \(lines.suffix(5))", sourceLocation: sourceLocation)
    return lines
  }
}
