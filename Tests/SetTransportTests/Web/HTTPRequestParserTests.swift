import Testing

@testable import SetTransport

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

private let firefoxUpgrade = """
  GET /ws HTTP/1.1\r
  Host: 127.0.0.1:7777\r
  Origin: http://127.0.0.1:7777\r
  Connection: keep-alive, Upgrade\r
  Upgrade: websocket\r
  Sec-WebSocket-Version: 13\r
  Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r
  \r

  """

@Suite struct HTTPRequestParserTests {
  @Test func readsARequestHeadAndWhatFollows() {
    var parser = HTTPRequestParser()
    let output = parser.feed(bytes(firefoxUpgrade) + [0x81, 0x80])
    guard case .request(let request, let rest) = output else {
      Issue.record("no request: \(String(describing: output))")
      return
    }
    #expect(request.method == "GET")
    #expect(request.path == "/ws")
    #expect(request.field("host") == "127.0.0.1:7777")
    #expect(request.field("Connection", contains: "upgrade"))
    #expect(request.keepsAlive)
    #expect(rest == [0x81, 0x80])
  }

  @Test func everySplitGivesTheSameRequest() {
    let whole = bytes(firefoxUpgrade)
    var once = HTTPRequestParser()
    let expected = once.feed(whole)
    for split in 0...whole.count {
      var parser = HTTPRequestParser()
      let first = parser.feed(whole[..<split])
      let second = first == nil ? parser.feed(whole[split...]) : first
      if split < whole.count { #expect(first == nil, "split \(split)") }
      #expect(second == expected, "split \(split)")
    }
    var byteByByte = HTTPRequestParser()
    var outputs: [HTTPRequestParser.Output] = []
    for byte in whole { if let output = byteByByte.feed([byte]) { outputs.append(output) } }
    #expect(outputs == [expected!])
  }

  @Test func anOversizeHeadIsRefusedWith431AsSoonAsItPassesTheLimit() {
    var parser = HTTPRequestParser(maxHeadBytes: 1024)
    #expect(parser.feed(bytes("GET / HTTP/1.1\r\nHost: x\r\nX-Big: ")) == nil)
    let output = parser.feed([UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20))
    #expect(output == .failed(status: 431))
    #expect(parser.bufferedBytes == 0)
    #expect(parser.feed(bytes("\r\n\r\n")) == nil)
  }

  @Test func malformedHeadsAreRefusedWith400() {
    let bad = [
      "GET / HTTP/2.0\r\nHost: x\r\n\r\n", "GET /\r\nHost: x\r\n\r\n", "GET  / HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", "GET / HTTP/1.1\r\nHost x\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", "G(T / HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET / HTTP/1.1\r\nBad Name: x\r\nHost: x\r\n\r\n",
    ]
    for text in bad {
      var parser = HTTPRequestParser()
      #expect(parser.feed(bytes(text)) == .failed(status: 400), "\(text.debugDescription)")
    }
    var invalid = HTTPRequestParser()
    #expect(invalid.feed(bytes("GET /") + [0xFF] + bytes(" HTTP/1.1\r\nHost: x\r\n\r\n")) == .failed(status: 400))
  }

  @Test func keepAliveFollowsTheVersionAndConnectionField() {
    func request(_ text: String) -> HTTPRequest? {
      var parser = HTTPRequestParser()
      if case .request(let request, _) = parser.feed(bytes(text)) { return request }
      return nil
    }
    #expect(request("GET / HTTP/1.1\r\nHost: x\r\n\r\n")?.keepsAlive == true)
    #expect(request("GET / HTTP/1.1\r\nHost: x\r\nConnection: Close\r\n\r\n")?.keepsAlive == false)
    #expect(request("GET / HTTP/1.0\r\n\r\n")?.keepsAlive == false)
    #expect(request("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")?.keepsAlive == true)
    #expect(request("GET /?x=1 HTTP/1.1\r\nHost: x\r\n\r\n")?.path == "/")
    #expect(request("GET / HTTP/1.1\nHost: x\n\n")?.target == "/")
  }
}
