/// A `ByteChannel` in memory, for tests: a socket that holds `socketBufferBytes` bytes the peer has
/// not read, with the server's queue beyond it. Written output waits in the socket until the test,
/// playing the peer, reads it; a peer that stops reading therefore fills the server's queue as it
/// would over TCP. Reading is the only progress a peer makes: the socket's bytes are the ones not yet
/// taken (`unsentKernelBytes`), and they count as received by the peer's machine (acknowledged).
/// Not thread-safe.
public final class MemoryChannel: ByteChannel {
  /// How many unread bytes the socket holds.
  public let socketBufferBytes: Int
  private var output = OutputBuffer()
  /// Output written to the socket, not yet read by the peer.
  public private(set) var socket: [UInt8] = []
  /// The server shut down its write side.
  public private(set) var isWriteShut = false
  public private(set) var isClosed = false
  /// The server ended the connection with a reset rather than an orderly end.
  public private(set) var wasReset = false
  /// The server stopped reading.
  public private(set) var isReadingStopped = false
  /// The peer sent its end of input.
  public private(set) var peerInputEnded = false
  /// Reading is paused until every byte of output is written (`pauseReading()`): what the peer sends
  /// meanwhile waits unread in `unreadInput`, as it would in the kernel.
  public private(set) var isReadingPaused = false
  /// What the peer sent while reading was paused, not yet read: each write as one read.
  public private(set) var unreadInput: [[UInt8]] = []
  public private(set) var bytesWritten = 0
  public private(set) var isWaitingToWrite = false

  /// A channel whose socket holds `socketBufferBytes` unread bytes.
  public init(socketBufferBytes: Int = 64 * 1024) {
    precondition(socketBufferBytes > 0, "socketBufferBytes must be positive")
    self.socketBufferBytes = socketBufferBytes
  }

  // MARK: - The server's side

  public func enqueue(_ bytes: [UInt8]) {
    guard !isClosed else { return }
    output.append(bytes)
  }

  public func enqueue(_ text: String.UTF8View) {
    guard !isClosed else { return }
    output.append(text)
  }

  public func flush() -> ByteChannelFlushResult {
    guard !isClosed else { return .drained }
    guard !output.isEmpty else {
      isWaitingToWrite = false
      return .drained
    }
    guard !isWriteShut else {
      isWaitingToWrite = false
      return .failed(32)  // EPIPE: written after the write side was shut down.
    }
    let room = socketBufferBytes - socket.count
    var socket = self.socket
    bytesWritten += output.drain { bytes in
      let count = min(room, bytes.count)
      socket.append(contentsOf: bytes.prefix(count))
      return count
    }
    self.socket = socket
    isWaitingToWrite = !output.isEmpty
    return output.isEmpty ? .drained : .pending
  }

  public var pendingOutputBytes: Int { output.count }

  public var unsentKernelBytes: Int? { isClosed ? nil : socket.count }

  public var isOutputAcknowledged: Bool { true }

  public var isOutputMidLine: Bool { output.endsMidLine }

  public func discardOutput() {
    output.removeAllButUnfinishedCommand()
    if output.isEmpty { isWaitingToWrite = false }
  }

  public func shutdownWrite() {
    guard !isClosed else { return }
    isWriteShut = true
  }

  public func close() {
    guard !isClosed else { return }
    output.removeAll()
    isReadingStopped = true
    isWaitingToWrite = false
    isClosed = true
  }

  public func reset() {
    guard !isClosed else { return }
    wasReset = true
    close()
  }

  public func stopReading() {
    isReadingStopped = true
  }

  /// Leaves what the peer sends unread until every byte of output waiting is written.
  public func pauseReading() {
    guard !isClosed && !isReadingStopped && !output.isEmpty else { return }
    isReadingPaused = true
  }

  /// Ends a pause in reading if the output is all written (or forgotten): whether it ended.
  public func resumeReadingIfWritten() -> Bool {
    guard isReadingPaused && output.isEmpty else { return false }
    isReadingPaused = false
    return true
  }

  /// Whether what the peer sends now waits behind a pause or behind input left unread.
  public var holdsInput: Bool { isReadingPaused || !unreadInput.isEmpty }

  /// The first of the peer's writes left unread, to be read now, unless reading is paused.
  public func takeUnreadInput() -> [UInt8]? {
    guard !isReadingPaused && !isClosed && !unreadInput.isEmpty else { return nil }
    return unreadInput.removeFirst()
  }

  // MARK: - The peer's side

  /// Whether the peer sees the end of its input once it has read what the socket holds.
  public var isOutputEnded: Bool { isWriteShut || isClosed }

  /// The peer reads at most `limit` bytes of what the socket holds.
  public func peerRead(upTo limit: Int = .max) -> [UInt8] {
    let bytes = Array(socket.prefix(limit))
    socket.removeFirst(bytes.count)
    return bytes
  }

  /// The peer sends `bytes` while reading is paused: they wait unread.
  public func peerSendsUnread(_ bytes: [UInt8]) {
    unreadInput.append(bytes)
  }

  /// The peer sends its end of input.
  public func peerEndsInput() {
    peerInputEnded = true
  }
}
