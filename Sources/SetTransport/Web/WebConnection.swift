/// What one connection on a table's port speaks, worked out from its first bytes, and everything it
/// does as a browser: a pure state machine, fed the bytes read and returning what the shell must do.
///
/// A connection starts by sniffing. Its first line is HTTP if it starts with a method, a space and a
/// `/`, and ends in ` HTTP/1.1` (or 1.0): then it is served pages over HTTP until it upgrades to a
/// WebSocket on `/ws`. Anything else — or silence past the sniffing time, as from a person on `nc`
/// waiting for the banner — makes it a line client, and every byte goes to the line framer as before.
///
/// Over the WebSocket, one text message is one line of the line protocol: a `.message` for the
/// connection's state machine, as the framer's lines are. Pings are answered, a close is echoed, and a
/// client breaking RFC 6455 gets a close frame with the code that says how.
public struct WebConnection: Sendable {
  /// The longest first line looked at before deciding (the longest HTTP head is refused later).
  static let maxSniffBytes = 2048
  private static let methods: [[UInt8]] = ["GET /", "HEAD /", "POST /", "PUT /", "DELETE /", "OPTIONS /", "PATCH /"]
    .map { Array($0.utf8) }

  /// What the connection turned out to speak.
  public enum Phase: Hashable, Sendable {
    /// Not known yet: its first bytes are held.
    case sniffing
    /// The line protocol, over the raw stream.
    case line
    /// HTTP requests for the page.
    case http
    /// The line protocol over a WebSocket.
    case webSocket
    /// Nothing more is read: closing.
    case closing
  }

  /// What the shell must do, in order.
  public enum Action: Hashable, Sendable {
    /// The connection is a client of the line protocol from now on (a line client, or a WebSocket
    /// just opened): tell the delegate it connected.
    case attach
    /// Bytes of the line protocol, for the line framer.
    case lineBytes([UInt8])
    /// A WebSocket text message, as a framed line for the connection's state machine.
    case message(LineInput)
    /// Queue these bytes for the peer (an HTTP answer, a close frame).
    case write([UInt8])
    /// A ping came: if the connection's rate allows, queue this pong.
    case ping(pong: [UInt8])
    /// A browser made a request (see `SpareConnections`): the connections it opens about now may be
    /// spares, to be sent no banner while silent.
    case browserRequest
    /// The WebSocket peer closed (its close was echoed): its input ended.
    case peerClosed
    /// Close the connection once what is queued is written.
    case close
  }

  /// Where the connection stands.
  public private(set) var phase = Phase.sniffing
  /// Whether it became a line client having said no line: silent past the sniffing time, or having
  /// sent only telnet's negotiation. A person waits for the banner then, and is prompted after it; a
  /// program speaks first.
  public private(set) var becameLineWaiting = false
  private let site: WebSite
  private let maxLineBytes: Int
  private var sniffed: [UInt8] = []
  private var parser = HTTPRequestParser()
  private var decoder: WebSocketFrameDecoder

  /// A connection to a table serving `site`, whose lines are at most `maxLineBytes`.
  public init(site: WebSite, maxLineBytes: Int) {
    self.site = site
    self.maxLineBytes = maxLineBytes
    decoder = WebSocketFrameDecoder(maxMessageBytes: max(125, maxLineBytes))
  }

  /// Whether the connection is a browser's WebSocket.
  public var isWebSocket: Bool { phase == .webSocket }

  /// Whether an HTTP request head has begun and not ended: a slow one is cut at the head deadline.
  public var isMidRequest: Bool { phase == .http && parser.isMidRequest || phase == .sniffing && !sniffed.isEmpty }

  /// How many bytes it holds (bounded by the head and message limits).
  public var bufferedBytes: Int { sniffed.count + parser.bufferedBytes + decoder.bufferedBytes }

  /// Reads `bytes` and returns what to do.
  public mutating func feed(_ bytes: some Collection<UInt8>) -> [Action] {
    var actions: [Action] = []
    feed(bytes, into: &actions)
    return actions
  }

  /// Reads `bytes`, appending what to do to `actions`.
  public mutating func feed(_ bytes: some Collection<UInt8>, into actions: inout [Action]) {
    switch phase {
    case .line:
      actions.append(.lineBytes(Array(bytes)))
    case .sniffing:
      sniff(bytes, &actions)
    case .http:
      serve(Array(bytes), &actions)
    case .webSocket:
      receive(bytes, &actions)
    case .closing:
      return
    }
  }

  /// The sniffing time passed. With nothing read, it is a line client waiting for the banner; with the
  /// start of an HTTP request line read, it may be a slow browser, still to be told apart by its line's
  /// end (or cut at the head deadline). At the end of its input (`inputEnded`), what is held is a line.
  public mutating func sniffingTimedOut(inputEnded: Bool = false) -> [Action] {
    guard phase == .sniffing, sniffed.isEmpty || inputEnded else { return [] }
    return becomeLine()
  }

  /// An HTTP request head took too long (a slow-loris): answered with 408 and closed.
  public mutating func headTimedOut() -> [Action] {
    guard isMidRequest else { return [] }
    phase = .closing
    return [.write(HTTPResponse.plain(408, "request head too slow", keepAlive: false).encoded()), .close]
  }

  private mutating func becomeLine() -> [Action] {
    phase = .line
    let held = sniffed
    sniffed = []
    // Told apart at the first byte that is not a method's: telnet's negotiation starts with IAC, 255.
    becameLineWaiting = held.first.map { $0 == 255 } ?? true
    return held.isEmpty ? [.attach] : [.attach, .lineBytes(held)]
  }

  private mutating func sniff(_ bytes: some Collection<UInt8>, _ actions: inout [Action]) {
    for (offset, byte) in bytes.enumerated() {
      sniffed.append(byte)
      guard let isHTTP = decide() else { continue }
      let rest = Array(bytes.dropFirst(offset + 1))
      if isHTTP {
        phase = .http
        let held = sniffed
        sniffed = []
        serve(held + rest, &actions)
      } else {
        actions += becomeLine()
        if !rest.isEmpty { actions.append(.lineBytes(rest)) }
      }
      return
    }
  }

  /// Whether the bytes held so far are HTTP (true), the line protocol (false), or cannot tell yet (nil).
  private func decide() -> Bool? {
    let count = sniffed.count
    let methodMatches = Self.methods.contains { method in
      sniffed.prefix(method.count).elementsEqual(method.prefix(count))
    }
    guard methodMatches else { return false }
    guard let newline = sniffed.firstIndex(of: 10) else {
      return count > Self.maxSniffBytes ? false : nil
    }
    var line = sniffed[..<newline]
    if line.last == 13 { line = line.dropLast() }
    return line.count >= 9
      && (line.suffix(9).elementsEqual(" HTTP/1.1".utf8) || line.suffix(9).elementsEqual(" HTTP/1.0".utf8))
  }

  private mutating func serve(_ bytes: [UInt8], _ actions: inout [Action]) {
    var input = bytes
    while phase == .http {
      switch parser.feed(input) {
      case nil:
        return
      case .failed(let status):
        phase = .closing
        let message = status == 431 ? "request head too large" : "bad request"
        actions += [.write(HTTPResponse.plain(status, message, keepAlive: false).encoded()), .close]
        return
      case .request(let request, let rest):
        answer(request, &actions)
        input = rest
        if phase == .webSocket {
          if !rest.isEmpty { receive(rest, &actions) }
          return
        }
        if input.isEmpty { return }
      }
    }
  }

  private mutating func answer(_ request: HTTPRequest, _ actions: inout [Action]) {
    if SpareConnections.isBrowsers(request) { actions.append(.browserRequest) }
    let keepAlive = request.keepsAlive && !request.hasBody
    let isHead = request.method == "HEAD"
    func refuse(_ status: Int, _ message: String, extra: [HTTPResponse.HTTPField] = []) {
      let response = HTTPResponse.plain(status, message, keepAlive: keepAlive, extra: extra)
      actions.append(.write(response.encoded(includingBody: !isHead)))
      if !keepAlive {
        phase = .closing
        actions.append(.close)
      }
    }
    guard request.method == "GET" || isHead else {
      return refuse(405, "only GET and HEAD are answered here", extra: [.init("Allow", "GET, HEAD")])
    }
    if request.path == "/ws" {
      guard !isHead else { return refuse(405, "a WebSocket opens with GET", extra: [.init("Allow", "GET")]) }
      switch WebSocketHandshake.answer(request) {
      case .success(let response):
        phase = .webSocket
        actions += [.write(response.encoded()), .attach]
      case .failure(let refusal):
        let extra: [HTTPResponse.HTTPField] =
          refusal == .unsupportedVersion ? [.init("Sec-WebSocket-Version", "13")] : []
        let message: String
        switch refusal {
        case .badRequest(let why): message = "not a WebSocket upgrade: \(why)"
        case .unsupportedVersion: message = "only WebSocket version 13 is spoken here"
        case .foreignOrigin: message = "a page from another site may not play at this table"
        }
        phase = .closing
        actions.append(.write(HTTPResponse.plain(refusal.status, message, keepAlive: false, extra: extra).encoded()))
        actions.append(.close)
      }
      return
    }
    guard let response = site.response(to: request, keepAlive: keepAlive) else {
      return refuse(404, "no such page: the table's page is at /")
    }
    actions.append(.write(response.encoded(includingBody: !isHead)))
    if !keepAlive {
      phase = .closing
      actions.append(.close)
    }
  }

  private mutating func receive(_ bytes: some Collection<UInt8>, _ actions: inout [Action]) {
    var events: [WebSocketFrameDecoder.Event] = []
    decoder.feed(bytes, into: &events)
    for event in events {
      switch event {
      case .text(let text):
        // A line holds no line breaks: a message with one could make lines of its own elsewhere.
        let breaks = text.utf8.contains { $0 == 10 || $0 == 13 || $0 == 0 }
        actions.append(.message(breaks ? .invalidUTF8 : .line(text)))
      case .binary:
        phase = .closing
        actions += [.write(WebSocketFrame.close(code: 1003, reason: "text messages only")), .close]
      case .ping(let payload):
        actions.append(.ping(pong: WebSocketFrame.pong(payload)))
      case .pong:
        break
      case .close(let code, _):
        phase = .closing
        actions += [.write(WebSocketFrame.close(code: code)), .peerClosed]
      case .failed(let code):
        phase = .closing
        let reason =
          switch code {
          case 1007: "invalid UTF-8"
          case 1009: "message too big"
          default: "protocol error"
          }
        actions += [.write(WebSocketFrame.close(code: code, reason: reason)), .close]
      }
    }
  }

  /// The close code for a connection the server drops on its own for `reason`.
  public static func closeCode(for reason: DisconnectReason) -> UInt16 {
    switch reason {
    case .serverStopped: 1001
    case .flooded, .outputOverflow: 1008
    case .serverFull: 1013
    default: 1000
    }
  }
}
