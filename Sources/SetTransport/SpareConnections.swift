/// A browser's spare connections, told apart from a person's silent one. A browser opens connections
/// ahead of the requests it may send on them and keeps those it did not use for tens of seconds
/// (Chromium does, for the page's next load or its scripts); one silent past the sniffing time would
/// be sent the line protocol's banner, which the browser reads later as the answer to its request and
/// refuses (`ERR_INVALID_HTTP_RESPONSE`: the page does not load). So a silent connection opened within
/// `window` of a browser's request from the same address is taken for one of its spares: it gets the
/// banner only once it speaks a line. Pure: the instants are passed in.
package struct SpareConnections: Sendable {
  /// How near a browser's request, before or after it, a connection from the same address may open and
  /// still be taken for one of the browser's spares.
  package static let window = Duration.seconds(10)
  /// How many addresses are remembered before those whose last request is older than `memory` are
  /// forgotten: every request is kept for longer than any connection opened in its window could still
  /// be asked about.
  static let forgetAfter = 64
  static let memory = Duration.seconds(60)

  /// When a browser last made a request from each address.
  private var lastRequest: [Substring: Instant] = [:]

  package init() {}

  /// How many addresses are remembered.
  var remembered: Int { lastRequest.count }

  /// Whether `request` comes from a browser: its `User-Agent` starts as every browser's does.
  package static func isBrowsers(_ request: HTTPRequest) -> Bool {
    request.field("User-Agent")?.hasPrefix("Mozilla/") ?? false
  }

  /// A browser made a request at `now` on a connection from `peer` (`address:port`).
  package mutating func browserRequested(from peer: String, at now: Instant) {
    if lastRequest.count >= Self.forgetAfter {
      lastRequest = lastRequest.filter { now < $0.value + Self.memory }
    }
    lastRequest[Self.address(of: peer)] = now
  }

  /// Whether a silent connection from `peer`, opened at `opened`, may be a browser's spare.
  package func mayBeSpare(peer: String, openedAt opened: Instant) -> Bool {
    guard let last = lastRequest[Self.address(of: peer)] else { return false }
    return opened < last + Self.window
  }

  /// The address of `peer`, without its port: `10.0.0.5` of `10.0.0.5:51234`, `[::1]` of `[::1]:51234`.
  static func address(of peer: String) -> Substring {
    peer.lastIndex(of: ":").map { peer[..<$0] } ?? peer[...]
  }
}
