/// The last bytes framed as WebSocket text messages, one a line, and their frames: a broadcast sends
/// the same bytes to every browser in turn, and they are framed once.
package struct WebSocketTextCache {
  private var lastBytes: [UInt8] = []
  private var lastFrames: [UInt8] = []

  package init() {}

  /// `bytes` (lines) as text messages, framed again only if they differ from the last bytes asked for.
  package mutating func frames(for bytes: [UInt8]) -> [UInt8] {
    if bytes != lastBytes {
      lastBytes = bytes
      lastFrames = WebSocketFrame.textMessages(lines: bytes)
    }
    return lastFrames
  }
}
