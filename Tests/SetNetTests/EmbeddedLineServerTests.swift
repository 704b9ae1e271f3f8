import SetTransport
import Testing

/// The in-memory line server: framing, the connection state machine's limits on a manual clock, and
/// the delegate's calls in the order `LineServer` makes them.
@Suite struct EmbeddedLineServerTests {
  /// Echoes each line; "quit" closes after "bye"; records every call, in order.
  final class Recorder: LineServerDelegate {
    weak var server: EmbeddedLineServer?
    var calls: [String] = []

    func connected(_ id: ConnectionID, peer: String) { calls.append("connected \(id)") }

    func received(_ input: LineInput, from id: ConnectionID) {
      calls.append("received \(input) from \(id)")
      guard case .line(let text) = input else { return }
      server?.send("echo \(text)", to: id)
      if text == "quit" {
        server?.close(id, flushFirst: true)
        calls.append("close returned")
      }
    }

    func inputEnded(_ id: ConnectionID) { calls.append("inputEnded \(id)") }

    func disconnected(_ id: ConnectionID, reason: DisconnectReason) { calls.append("disconnected \(id) \(reason)") }

    func farewellLine(for reason: DisconnectReason) -> String? { "farewell \(reason)" }
  }

  static func make(_ configuration: LineServerConfiguration = LineServerConfiguration(), socketBufferBytes: Int = 1024)
    -> (EmbeddedLineServer, Recorder)
  {
    let server = EmbeddedLineServer(configuration: configuration, socketBufferBytes: socketBufferBytes)
    let recorder = Recorder()
    recorder.server = server
    server.delegate = recorder
    return (server, recorder)
  }

  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func framesInputAnyWayItIsSplitAndWritesCRLFLines() {
    let (server, recorder) = Self.make()
    let id = server.connect()
    for byte in Array("one\r\ntwo\rthr".utf8) { server.write([byte], from: id) }
    server.write(Array("ee\n".utf8), from: id)
    #expect(Self.text(server.read(from: id)) == "echo one\r\necho two\r\necho three\r\n")
    #expect(recorder.calls.first == "connected #1" && recorder.calls.count == 4)
  }

  @Test func disconnectedComesAfterTheCallThatClosedReturns() {
    let (server, recorder) = Self.make()
    let id = server.connect()
    server.write(line: "quit", from: id)
    #expect(
      recorder.calls.suffix(3) == ["received line(\"quit\") from #1", "close returned", "disconnected #1 closed"])
    #expect(Self.text(server.read(from: id)) == "echo quit\r\n")
    #expect(server.outputEnded(id) && !server.isSocketClosed(id))
    server.endInput(from: id)
    #expect(server.isSocketClosed(id))
    #expect(!server.send("late", to: id))
  }

  @Test func theEndOfInputDeliversTheLastLineThenIsReported() {
    let (server, recorder) = Self.make()
    let id = server.connect()
    server.write(Array("last".utf8), from: id)
    server.endInput(from: id)
    #expect(recorder.calls.suffix(2) == ["received line(\"last\") from #1", "inputEnded #1"])
    #expect(server.isConnected(id), "still open for writing")
  }

  @Test func aPeerThatStopsReadingFillsTheCapAndSeesTheFarewellWhenItReadsAgain() {
    let (server, recorder) = Self.make(LineServerConfiguration(maxQueuedOutputBytes: 100), socketBufferBytes: 50)
    let id = server.connect()
    for index in 0..<10 { server.send("line \(index) of output", to: id) }
    #expect(!server.isConnected(id))
    #expect(recorder.calls.last == "disconnected #1 outputOverflow")
    let lines = Self.text(server.read(from: id)).split(separator: "\r\n")
    #expect(lines.last == "farewell outputOverflow")
    #expect(server.outputEnded(id))
  }

  @Test func idleAndCloseDeadlinesAreMetOnTheManualClock() {
    let (server, recorder) = Self.make(LineServerConfiguration(idleTimeout: .seconds(10), closeTimeout: .seconds(2)))
    let silent = server.connect()
    let named = server.connect()
    server.markIdentified(named)
    server.clock.advance(by: .milliseconds(9_999))
    #expect(server.isConnected(silent))
    server.clock.advance(by: .milliseconds(1))
    #expect(recorder.calls.last == "disconnected #1 idleTimeout")
    #expect(Self.text(server.read(from: silent)) == "farewell idleTimeout\r\n")
    server.clock.advance(by: .milliseconds(1_999))
    #expect(!server.isSocketClosed(silent))
    server.clock.advance(by: .milliseconds(1))
    #expect(server.isSocketClosed(silent))
    server.clock.advance(by: .seconds(3600))
    #expect(server.isConnected(named))
  }

  @Test func stopDropsEveryConnectionWithItsFarewell() {
    let (server, recorder) = Self.make()
    let first = server.connect()
    let second = server.connect()
    server.stop()
    #expect(recorder.calls.suffix(2) == ["disconnected #1 serverStopped", "disconnected #2 serverStopped"])
    #expect(Self.text(server.read(from: first)) == "farewell serverStopped\r\n")
    #expect(server.isSocketClosed(first) && server.isSocketClosed(second))
    #expect(server.openSocketCount == 0)
  }

  @Test func manualTimersFireInDeadlineOrderWithTheClockAtEachDeadline() {
    let clock = ManualClock()
    var fired: [String] = []
    let late = clock.makeTimer()
    let early = clock.makeTimer()
    late.setHandler { fired.append("late at \(clock.now.milliseconds)") }
    early.setHandler {
      fired.append("early at \(clock.now.milliseconds)")
      early.schedule(at: clock.now + .milliseconds(50))  // re-armed within the span: fires again
    }
    late.schedule(at: Instant(nanoseconds: 120_000_000))
    early.schedule(at: Instant(nanoseconds: 30_000_000))
    clock.advance(by: .milliseconds(130))
    #expect(fired == ["early at 30", "early at 80", "late at 120", "early at 130"])
    #expect(clock.now.milliseconds == 130 && clock.nextDeadline?.milliseconds == 180)
  }
}
