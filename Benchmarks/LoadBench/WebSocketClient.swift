import Glibc

/// Just enough of a browser's WebSocket for the benchmarks: the opening handshake on a connection, masked
/// text frames out, and the server's frames recognised by their bytes.
enum WebSocketClient {
  /// The server's text frame carrying `PONG b`, as it arrives (server frames are never masked).
  static let pongReply: [UInt8] = [0x81, 6] + Array("PONG b".utf8)

  /// A masked text frame carrying `text` (under 126 bytes).
  static func frame(_ text: String) -> [UInt8] {
    let payload = Array(text.utf8)
    precondition(payload.count < 126)
    let mask: [UInt8] = [0x5A, 0x17, 0xC3, 0x08]
    var bytes: [UInt8] = [0x81, 0x80 | UInt8(payload.count)] + mask
    for (index, byte) in payload.enumerated() { bytes.append(byte ^ mask[index & 3]) }
    return bytes
  }

  /// `count` connections to SetDuel on `port`, each a WebSocket in the machine presentation. A connection
  /// silent past the server's sniffing time (2 s) is a line client, so each asks for its WebSocket as
  /// soon as it is connected, as a browser does.
  static func openPool(_ count: Int, port: UInt16) throws(BenchError) -> [LineConnection] {
    var pool: [LineConnection] = []
    while pool.count < count {
      let batch = try Connector.open(1, port: port, seconds: 120)
      for connection in batch {
        _ = sendUpgrade(connection, port: port)
        connection.webSocketFrames = true
      }
      pool += batch
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 16)
    defer { buffer.deallocate() }
    for (index, connection) in pool.enumerated()
    where wait(for: Array("OK MODE machine".utf8), on: connection, until: Clock.after(seconds: 30), buffer) == nil {
      for connection in pool { connection.close(reset: true) }
      throw BenchError("port \(port): WebSocket \(index + 1) did not open")
    }
    return pool
  }

  /// Sends the upgrade request and, behind it, `MODE MACHINE`; false if they could not be sent.
  static func sendUpgrade(_ connection: LineConnection, port: UInt16) -> Bool {
    let request =
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
      + "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    return connection.send(bytes: Array(request.utf8) + frame("MODE MACHINE"))
  }

  /// Reads until the bytes `wanted` have come (within what one read brings, or across two), and returns
  /// when the read that brought them was made; nil at the deadline or the connection's end.
  static func wait(
    for wanted: [UInt8], on connection: LineConnection, until deadline: Int64, _ buffer: UnsafeMutableRawBufferPointer
  ) -> Int64? {
    var window: [UInt8] = []
    while true {
      guard connection.waitReadable(until: deadline) else { return nil }
      guard let count = connection.receive(buffer) else { return nil }
      let now = Clock.now()
      window += UnsafeRawBufferPointer(rebasing: buffer[..<count])
      if contains(window, wanted) { return now }
      window = Array(window.suffix(wanted.count))
    }
  }

  private static func contains(_ bytes: [UInt8], _ wanted: [UInt8]) -> Bool {
    guard bytes.count >= wanted.count else { return false }
    for start in 0...(bytes.count - wanted.count) where bytes[start] == wanted[0] {
      if bytes[start..<(start + wanted.count)].elementsEqual(wanted) { return true }
    }
    return false
  }
}
