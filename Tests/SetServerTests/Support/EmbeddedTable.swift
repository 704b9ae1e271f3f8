import SetCore
import SetHost
import SetServer
import SetTestSupport
import SetTransport

/// A whole `TableServer` in memory: an `EmbeddedLineServer` for its transport and a `ManualClock` for
/// its game clock and the transport's limits. Time moves only when the test calls `advance(by:)`;
/// everything runs on the test's thread, so what a peer reads right after a call is all there is.
final class EmbeddedTable {
  let clock = ManualClock()
  let transport: EmbeddedLineServer
  let server: TableServer

  /// A table dealt from `seed`, its limits as `LoopbackTable.lenient`'s unless `configure` changes them,
  /// writing `record` if given and its log lines to `log`.
  init(
    seed: UInt64 = 7, claimWindow: Int64 = 60_000, socketBufferBytes: Int = 64 * 1024, record: RecordFile? = nil,
    log: LogLines? = nil,
    _ configure: (inout TableServer.Settings) -> Void = { _ in }
  ) {
    var settings = TableServer.Settings()
    settings.seed = seed
    settings.rules = Rules(claimWindow: claimWindow)
    settings.network.rateLimit = LoopbackTable.bulkRate
    settings.recordsDirectory = nil
    configure(&settings)
    transport = EmbeddedLineServer(
      configuration: settings.network, clock: clock, socketBufferBytes: socketBufferBytes)
    server = TableServer(
      settings: settings, transport: transport, timer: clock.makeTimer(), record: record,
      log: { level, line in log?.append(level, line) })
  }

  /// A new connection, its banner not yet read.
  func connect() -> EmbeddedPeer {
    EmbeddedPeer(transport: transport, id: transport.connect())
  }

  /// A new connection in the machine presentation, banner and MODE reply read.
  func machine() -> EmbeddedPeer {
    let peer = connect()
    peer.send("MODE MACHINE")
    _ = peer.lines()
    return peer
  }

  /// A new machine-mode connection named `name`, every line so far read.
  func named(_ name: String) -> EmbeddedPeer {
    let peer = machine()
    peer.send("NAME \(name)")
    _ = peer.lines()
    return peer
  }

  /// Lets `duration` pass: timers due within it fire in order.
  func advance(by duration: Duration) {
    clock.advance(by: duration)
  }

  /// How many connections the host knows.
  var connectionCount: Int { server.inspect { $0.connectionCount } }
}

/// The peer's end of one embedded connection: what a client would write and read.
final class EmbeddedPeer {
  let transport: EmbeddedLineServer
  let id: ConnectionID
  /// Bytes read that do not yet end a line.
  private var partial: [UInt8] = []

  init(transport: EmbeddedLineServer, id: ConnectionID) {
    self.transport = transport
    self.id = id
  }

  /// Sends `line` and a LF.
  func send(_ line: String) {
    transport.write(line: line, from: id)
  }

  /// Sends `bytes` as they are.
  func sendRaw(_ bytes: [UInt8]) {
    transport.write(bytes, from: id)
  }

  /// Reads everything waiting and returns the complete lines, without their CRLF.
  func lines() -> [String] {
    partial += transport.read(from: id)
    return completeLines()
  }

  /// Reads at most `limit` bytes, as a slow reader would, and returns the complete lines read so far.
  func lines(upTo limit: Int) -> [String] {
    partial += transport.read(from: id, upTo: limit)
    return completeLines()
  }

  /// The complete lines among the bytes read, without their CRLF; the rest waits for its line end.
  private func completeLines() -> [String] {
    var lines: [String] = []
    while let end = partial.firstIndex(of: 10) {
      var line = partial[..<end]
      if line.last == 13 { line = line.dropLast() }
      lines.append(String(decoding: line, as: UTF8.self))
      partial.removeSubrange(...end)
    }
    return lines
  }

  /// Whether the server ended this connection's output (half-closed or closed it).
  var outputEnded: Bool { transport.outputEnded(id) }

  /// Whether the server closed the socket.
  var isClosed: Bool { transport.isSocketClosed(id) }

  /// Whether the server ended the connection with a reset, which a peer sees at once.
  var wasReset: Bool { transport.wasReset(id) }

  /// Half-closes: the peer sends nothing more.
  func endInput() {
    transport.endInput(from: id)
  }
}

/// Log lines kept for a test.
final class LogLines: @unchecked Sendable {
  // @unchecked Sendable: written and read on the test's thread only (an embedded table runs inline).
  private(set) var lines: [(level: LogLevel, text: String)] = []

  func append(_ level: LogLevel, _ text: String) { lines.append((level, text)) }
}
