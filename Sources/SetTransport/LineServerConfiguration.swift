/// Where a line server listens and the limits it holds every connection to.
public struct LineServerConfiguration: Sendable {
  /// The IPv4 address to listen on, dotted decimal, or "localhost". Default "0.0.0.0" (all).
  public var host: String
  /// The port to listen on; 0 lets the system pick a free one (`start()` returns it). Default 0.
  public var port: UInt16
  /// The listen backlog. Default 1024.
  public var backlog: Int32
  /// The longest line accepted, in bytes, not counting its terminator; longer lines arrive as
  /// `.tooLong`. Default 1024.
  public var maxLineBytes: Int
  /// The most connections open at once; one more is sent `farewellLine(for: .serverFull)` and closed.
  /// Connections still flushing after a close count until their socket is closed. `start()` raises
  /// the process's soft descriptor limit to its hard limit, so 10 000 works if the hard limit allows.
  /// Default 1024.
  public var maxConnections: Int
  /// The most output bytes queued for one connection (beyond what the kernel holds); past it the
  /// queued output is discarded and the connection closed with `.outputOverflow`, its farewell line
  /// written behind what the kernel holds (a peer that reads again within `closeTimeout` sees it).
  /// Default 1 MiB.
  public var maxQueuedOutputBytes: Int
  /// The per-connection rate limit on input lines, or nil for none. Default 20 lines per second,
  /// bursts of 40, dropped as `.flooded` past 100 refusals in 10 s.
  public var rateLimit: TokenBucket.Configuration?
  /// How long a connection not marked identified (`markIdentified(_:)`) may go without sending a
  /// line before it is dropped with `.idleTimeout`. Default 60 s.
  public var idleTimeout: Duration
  /// How long a closing connection may take to flush its output and see the peer close, after
  /// which its socket is closed anyway. Default 5 s.
  public var closeTimeout: Duration
  /// How long accepting pauses when the process or system is out of descriptors. Default 100 ms.
  public var acceptRetryDelay: Duration
  /// The files served to a browser, or nil to speak only the line protocol. With a site, each
  /// connection's first line tells a browser (HTTP, then a WebSocket on `/ws`) from a line client; a
  /// connection silent for `sniffingTime` is a line client and gets its banner then.
  public var webSite: WebSite? = nil
  /// How long a silent connection may be a browser still to send its request (with a `webSite`): a
  /// browser's first packet can be that late on a lossy link, and a browser may open a connection
  /// ahead of the request it will carry. A line client that speaks first (a typed line, telnet's
  /// negotiation) is told apart at its first byte and waits for nothing.
  public var sniffingTime: Duration = .seconds(2)
  /// How long an HTTP request head may take to arrive (with a `webSite`): a slower one gets 408.
  public var requestHeadTimeout: Duration = .seconds(10)

  /// A configuration; every argument has the default documented on its property.
  public init(
    host: String = "0.0.0.0",
    port: UInt16 = 0,
    backlog: Int32 = 1024,
    maxLineBytes: Int = LineFramer.defaultMaxLineBytes,
    maxConnections: Int = 1024,
    maxQueuedOutputBytes: Int = 1 << 20,
    rateLimit: TokenBucket.Configuration? = TokenBucket.Configuration(),
    idleTimeout: Duration = .seconds(60),
    closeTimeout: Duration = .seconds(5),
    acceptRetryDelay: Duration = .milliseconds(100)
  ) {
    self.host = host
    self.port = port
    self.backlog = backlog
    self.maxLineBytes = maxLineBytes
    self.maxConnections = maxConnections
    self.maxQueuedOutputBytes = maxQueuedOutputBytes
    self.rateLimit = rateLimit
    self.idleTimeout = idleTimeout
    self.closeTimeout = closeTimeout
    self.acceptRetryDelay = acceptRetryDelay
  }
}
