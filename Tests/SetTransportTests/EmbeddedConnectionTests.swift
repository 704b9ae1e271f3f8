import SetTransport
import Testing

/// What only the socket server did before its connections ran on the shared driver, shown in memory:
/// a browser's WebSocket, the farewell after discarded output, the hang-up's reset once delivered, and
/// the close deadline pushed by a peer that keeps reading.
@Suite struct EmbeddedConnectionTests {
  typealias Recorder = EmbeddedLineServerTests.Recorder

  static let site = WebSite(files: [
    "/": .init(contentType: "text/html; charset=utf-8", body: Array("<!doctype html><title>t</title>".utf8))
  ])

  static func make(_ configuration: LineServerConfiguration, socketBufferBytes: Int = 1024) -> (
    EmbeddedLineServer, Recorder
  ) {
    EmbeddedLineServerTests.make(configuration, socketBufferBytes: socketBufferBytes)
  }

  static func upgrade() -> [UInt8] {
    Array(
      ("GET /ws HTTP/1.1\r\nHost: 127.0.0.1:7777\r\nOrigin: http://127.0.0.1:7777\r\n"
        + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").utf8)
  }

  /// A masked client text frame carrying `text`.
  static func textFrame(_ text: String) -> [UInt8] {
    let payload = Array(text.utf8)
    let mask: [UInt8] = [9, 8, 7, 6]
    var bytes: [UInt8] = [0x81, 0x80 | UInt8(payload.count)] + mask
    for (index, byte) in payload.enumerated() { bytes.append(byte ^ mask[index & 3]) }
    return bytes
  }

  /// The server's (unmasked, short) frames in `bytes`, as opcode and payload.
  static func frames(_ bytes: [UInt8]) -> [(opcode: UInt8, payload: [UInt8])] {
    var frames: [(UInt8, [UInt8])] = []
    var index = 0
    while index + 2 <= bytes.count {
      var count = Int(bytes[index + 1] & 0x7F)
      var start = index + 2
      if count == 126 {
        count = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
        start += 2
      }
      frames.append((bytes[index] & 0x0F, Array(bytes[start..<min(bytes.count, start + count)])))
      index = start + count
    }
    return frames
  }

  /// The text of a 101 answer and the frames after it.
  static func splitUpgrade(_ bytes: [UInt8]) -> (head: String, frames: [(opcode: UInt8, payload: [UInt8])]) {
    let end = Array("\r\n\r\n".utf8)
    guard let at = bytes.indices.first(where: { bytes[$0...].starts(with: end) }) else { return ("", []) }
    return (String(decoding: bytes[..<at], as: UTF8.self), frames(Array(bytes[(at + 4)...])))
  }

  @Test func aWebSocketOpensInMemoryTradesTextMessagesAndEndsWithAFarewellAndACloseFrame() {
    var configuration = LineServerConfiguration(idleTimeout: .seconds(10))
    configuration.webSite = Self.site
    let (server, recorder) = Self.make(configuration, socketBufferBytes: 4096)
    let id = server.connect()
    #expect(recorder.calls.isEmpty, "not attached before it shows what it speaks")
    server.write(Self.upgrade() + Self.textFrame("hello"), from: id)
    #expect(recorder.calls == ["connected #1", "received line(\"hello\") from #1"])
    let (head, frames) = Self.splitUpgrade(server.read(from: id))
    #expect(head.hasPrefix("HTTP/1.1 101 "))
    #expect(head.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
    #expect(frames.map(\.opcode) == [1])
    #expect(frames.map { String(decoding: $0.payload, as: UTF8.self) } == ["echo hello"])
    // Silent past the idle timeout: the farewell as a text message, then close code 1000.
    server.clock.advance(by: .seconds(10))
    #expect(recorder.calls.last == "disconnected #1 idleTimeout")
    let last = Self.frames(server.read(from: id))
    #expect(last.map(\.opcode) == [1, 8])
    #expect(String(decoding: last[0].payload, as: UTF8.self) == "farewell idleTimeout")
    #expect(last[1].payload.prefix(2) == [0x03, 0xE8])
    #expect(server.outputEnded(id))
  }

  @Test func aSilentConnectionOnASiteIsALineClientOnceTheSniffingTimeIsOver() {
    var configuration = LineServerConfiguration()
    configuration.webSite = Self.site
    let (server, recorder) = Self.make(configuration)
    let id = server.connect()
    server.clock.advance(by: configuration.sniffingTime - .milliseconds(1))
    #expect(recorder.calls.isEmpty)
    server.clock.advance(by: .milliseconds(1))
    #expect(recorder.calls == ["connected #1"])
    server.write(line: "hi", from: id)
    #expect(EmbeddedLineServerTests.text(server.read(from: id)) == "echo hi\r\n")
  }

  @Test func aRequestJustInsideTheSniffingTimeGetsThePageAndTelnetOrATypedLineIsALineClientAtOnce() {
    var configuration = LineServerConfiguration()
    configuration.webSite = Self.site
    let (server, recorder) = Self.make(configuration, socketBufferBytes: 4096)
    let browser = server.connect()
    server.clock.advance(by: configuration.sniffingTime - .milliseconds(1))
    #expect(server.read(from: browser).isEmpty, "nothing is sent to a connection still silent")
    server.write(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8), from: browser)
    #expect(EmbeddedLineServerTests.text(server.read(from: browser)).hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(recorder.calls.isEmpty)
    let telnet = server.connect()
    server.write([255, 253, 3], from: telnet)
    #expect(recorder.calls == ["connected #2"])
    let typed = server.connect()
    server.write(line: "hi", from: typed)
    #expect(recorder.calls == ["connected #2", "connected #3", "received line(\"hi\") from #3"])
  }

  @Test func aPageIsServedOverHTTPAndTheDelegateNeverHearsOfIt() {
    var configuration = LineServerConfiguration()
    configuration.webSite = Self.site
    let (server, recorder) = Self.make(configuration, socketBufferBytes: 4096)
    let id = server.connect()
    server.write(Array("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), from: id)
    let answer = EmbeddedLineServerTests.text(server.read(from: id))
    #expect(answer.hasPrefix("HTTP/1.1 200 ") && answer.hasSuffix("<!doctype html><title>t</title>"))
    #expect(server.outputEnded(id))
    #expect(recorder.calls.isEmpty && server.connectionCount == 0)
  }

  @Test func anOverflowFarewellStartsOnALineOfItsOwnAfterTheSocketStoppedMidLine() {
    // A socket of 25 bytes stops inside the second line; the rest of the queue is discarded.
    let (server, recorder) = Self.make(LineServerConfiguration(maxQueuedOutputBytes: 40), socketBufferBytes: 25)
    let id = server.connect()
    for index in 0..<6 { server.send("line \(index) of output", to: id) }
    #expect(recorder.calls.last == "disconnected #1 outputOverflow")
    let text = EmbeddedLineServerTests.text(server.read(from: id))
    #expect(text == "line 0 of output\r\nline 1 \r\nfarewell outputOverflow\r\n")
  }

  @Test func aHungUpConnectionIsResetOnlyOnceItsPeerHadTheGraceToRead() {
    let (server, _) = Self.make(LineServerConfiguration())
    let id = server.connect()
    server.send("last words", to: id)
    server.hangUp(id)
    server.write(line: "ignored", from: id)
    #expect(EmbeddedLineServerTests.text(server.read(from: id)) == "last words\r\n", "nothing after is read")
    server.clock.advance(by: ConnectionStateMachine.hangUpGrace - .milliseconds(1))
    #expect(!server.isSocketClosed(id))
    server.clock.advance(by: .milliseconds(1))
    #expect(server.isSocketClosed(id) && server.wasReset(id))
  }

  @Test func aClosingConnectionWhosePeerKeepsReadingHasItsDeadlinePushedBack() {
    let (server, _) = Self.make(LineServerConfiguration(closeTimeout: .seconds(5)), socketBufferBytes: 10)
    let id = server.connect()
    server.send("a line of forty bytes or so, to be read.", to: id)
    server.close(id, flushFirst: true)
    var read: [UInt8] = []
    // 4 bytes every 4 s: 40 s in all, far past the 5 s close timeout, yet every byte arrives.
    for _ in 0..<20 where !server.outputEnded(id) || !read.suffix(2).elementsEqual([13, 10]) {
      server.clock.advance(by: .seconds(4))
      #expect(!server.isSocketClosed(id))
      read += server.read(from: id, upTo: 4)
    }
    #expect(EmbeddedLineServerTests.text(read) == "a line of forty bytes or so, to be read.\r\n")
    #expect(server.outputEnded(id) && !server.isSocketClosed(id))
    // It stops reading: closed a close timeout after its last progress.
    server.clock.advance(by: .milliseconds(4_999))
    #expect(!server.isSocketClosed(id))
    server.clock.advance(by: .milliseconds(1))
    #expect(server.isSocketClosed(id))
  }
}
