import SetBase
import Testing

@testable import SetTransport

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

private let site = WebSite(files: [
  "/": .init(contentType: "text/html; charset=utf-8", body: bytes("<!doctype html><title>t</title>")),
  "/page.js": .init(contentType: "text/javascript; charset=utf-8", body: bytes("1")),
])

private func upgrade(
  path: String = "/ws", origin: String? = "http://127.0.0.1:7777", version: String = "13"
) -> [UInt8] {
  var text = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:7777\r\n"
  if let origin { text += "Origin: \(origin)\r\n" }
  text += "Connection: keep-alive, Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: \(version)\r\n"
  text += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
  return bytes(text)
}

/// The text of the HTTP answers among `actions`.
private func written(_ actions: [WebConnection.Action]) -> String {
  actions.compactMap { action -> String? in
    if case .write(let bytes) = action { return String(decoding: bytes, as: UTF8.self) }
    return nil
  }.joined()
}

@Suite struct WebConnectionTests {
  @Test func aLineClientIsToldFromItsFirstLineAndLosesNoByte() {
    for text in ["NAME ann\nPING\n", "MODE MACHINE\r\n", "GETX\n", "GET /x\n", "help\n"] {
      var connection = WebConnection(site: site, maxLineBytes: 1024)
      var lineBytes: [UInt8] = []
      var attached = 0
      for byte in bytes(text) {
        for action in connection.feed([byte]) {
          switch action {
          case .attach: attached += 1
          case .lineBytes(let more): lineBytes += more
          default: Issue.record("\(action) for \(text.debugDescription)")
          }
        }
      }
      #expect(connection.phase == .line)
      #expect(attached == 1)
      #expect(lineBytes == bytes(text))
    }
  }

  @Test func silenceMakesALineClientThatGetsItsBanner() {
    var connection = WebConnection(site: site, maxLineBytes: 1024)
    #expect(connection.sniffingTimedOut() == [.attach])
    #expect(connection.phase == .line)
    var partial = WebConnection(site: site, maxLineBytes: 1024)
    #expect(partial.feed(bytes("GE")) == [])
    // The start of a request line may be a slow browser: it waits for its line's end.
    #expect(partial.sniffingTimedOut() == [])
    #expect(partial.isMidRequest)
    #expect(partial.sniffingTimedOut(inputEnded: true) == [.attach, .lineBytes(bytes("GE"))])
  }

  @Test func aPersonWaitsAfterSilenceOrTelnetsNegotiationAndAProgramThatSpokeALineDoesNot() {
    var silent = WebConnection(site: site, maxLineBytes: 1024)
    _ = silent.sniffingTimedOut()
    #expect(silent.becameLineWaiting)
    var telnet = WebConnection(site: site, maxLineBytes: 1024)
    #expect(telnet.feed([255, 253, 3]).first == .attach)
    #expect(telnet.phase == .line && telnet.becameLineWaiting)
    var typed = WebConnection(site: site, maxLineBytes: 1024)
    _ = typed.feed(bytes("MODE MACHINE\r\n"))
    #expect(typed.phase == .line && !typed.becameLineWaiting)
  }

  @Test func thePageIsServedWithItsSecurityHeadersAndKeepAlive() {
    var connection = WebConnection(site: site, maxLineBytes: 1024)
    let actions = connection.feed(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\nHEAD /page.js HTTP/1.1\r\nHost: h\r\n\r\n"))
    let text = written(actions)
    #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(text.contains("Content-Security-Policy: default-src 'none'; script-src 'self'"))
    #expect(text.contains("connect-src 'self'"))
    #expect(text.contains("X-Content-Type-Options: nosniff\r\n"))
    #expect(text.contains("Cache-Control: no-cache\r\n"))
    #expect(text.contains("<!doctype html>"))
    #expect(text.contains("Content-Type: text/javascript; charset=utf-8\r\nContent-Length: 1\r\n"))
    #expect(!text.hasSuffix("1"), "HEAD has no body")
    #expect(!actions.contains(.close) && !actions.contains(.attach))
    #expect(connection.phase == .http)
  }

  @Test func statusesForWhatIsNotServed() {
    let cases: [([UInt8], String)] = [
      (bytes("GET /nothing HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n"), "HTTP/1.1 404 Not Found"),
      (bytes("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n"), "HTTP/1.1 405 Method Not Allowed"),
      (bytes("GET / HTTP/1.1\r\n\r\n"), "HTTP/1.1 400 Bad Request"),
      (upgrade(path: "/other"), "HTTP/1.1 404 Not Found"),
      (upgrade(origin: "http://evil.example"), "HTTP/1.1 403 Forbidden"),
      (upgrade(version: "8"), "HTTP/1.1 426 Upgrade Required"),
      (bytes("GET / HTTP/1.1\r\nHost: h\r\nX: ") + [UInt8](repeating: 0x61, count: 9000), "HTTP/1.1 431 "),
    ]
    for (request, status) in cases {
      var connection = WebConnection(site: site, maxLineBytes: 1024)
      let text = written(connection.feed(request))
      #expect(text.hasPrefix(status), "\(status): \(text)")
    }
    var old = WebConnection(site: site, maxLineBytes: 1024)
    #expect(written(old.feed(upgrade(version: "8"))).contains("Sec-WebSocket-Version: 13\r\n"))
  }

  @Test func anUpgradeOpensAWebSocketWhoseTextMessagesAreLines() {
    var connection = WebConnection(site: site, maxLineBytes: 1024)
    let request = upgrade()
    let stream =
      request + clientFrame(0x1, bytes("NAME ann")) + clientFrame(0x9, [7]) + clientFrame(0x1, bytes("a\nb"))
      + clientFrame(0x8, [0x03, 0xE8])
    // Every split of the handshake and frames gives the same actions.
    var expected: [WebConnection.Action]?
    for split in [1, request.count - 1, request.count, request.count + 3, stream.count - 1] {
      var connection = WebConnection(site: site, maxLineBytes: 1024)
      var actions = connection.feed(stream[..<split])
      actions += connection.feed(stream[split...])
      if let expected { #expect(actions == expected, "split \(split)") } else { expected = actions }
    }
    let actions = connection.feed(stream)
    #expect(actions == expected)
    #expect(written(Array(actions.prefix(1))).contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"))
    #expect(
      Array(actions.dropFirst()) == [
        .attach, .message(.line("NAME ann")), .ping(pong: WebSocketFrame.pong([7])), .message(.invalidUTF8),
        .write(WebSocketFrame.close(code: 1000)), .peerClosed,
      ])
  }

  @Test func webSocketProtocolErrorsCloseWithTheirCodes() {
    let cases: [([UInt8], UInt16)] = [
      (clientFrame(0x1, bytes("x"), masked: false), 1002),
      (clientFrame(0x1, [UInt8](repeating: 0x41, count: 1025)), 1009),
      (clientFrame(0x1, [0xFF]), 1007),
      (clientFrame(0x2, [1]), 1003),
    ]
    for (frame, code) in cases {
      var connection = WebConnection(site: site, maxLineBytes: 1024)
      _ = connection.feed(upgrade())
      let actions = connection.feed(frame)
      guard case .write(let close) = actions.first else {
        Issue.record("no close for \(code)")
        continue
      }
      #expect(Array(close.prefix(4)) == [0x88, close[1], UInt8(code >> 8), UInt8(code & 0xFF)], "\(code)")
      #expect(actions.last == .close)
      #expect(connection.feed(clientFrame(0x1, bytes("late"))) == [])
    }
  }

  @Test func aSlowHeadIsCutWith408() {
    var connection = WebConnection(site: site, maxLineBytes: 1024)
    _ = connection.feed(bytes("GET / HTTP/1.1\r\nHost: h\r\nX-Slow: a"))
    #expect(connection.isMidRequest)
    let actions = connection.headTimedOut()
    #expect(written(actions).hasPrefix("HTTP/1.1 408 "))
    #expect(actions.last == .close)
  }

  @Test func mutatedRequestsNeverTrapAndStayBounded() {
    var generator = SplitMix64(seed: 7)
    let base = upgrade() + clientFrame(0x1, bytes("NAME ann")) + clientFrame(0x9, [1])
    for _ in 0..<2000 {
      var input = base
      for _ in 0..<Int(generator.next() % 8) + 1 {
        let index = Int(generator.next() % UInt64(input.count))
        switch generator.next() % 3 {
        case 0: input[index] = UInt8(truncatingIfNeeded: generator.next())
        case 1: input.insert(UInt8(truncatingIfNeeded: generator.next()), at: index)
        default: input.remove(at: index)
        }
      }
      var connection = WebConnection(site: site, maxLineBytes: 1024)
      var index = 0
      while index < input.count {
        let step = Int(generator.next() % 40) + 1
        _ = connection.feed(input[index..<min(input.count, index + step)])
        index += step
        #expect(connection.bufferedBytes <= HTTPRequestParser.defaultMaxHeadBytes + 2048 + 1024 + 14 + 125)
      }
      _ = connection.sniffingTimedOut()
      _ = connection.headTimedOut()
    }
  }
}
