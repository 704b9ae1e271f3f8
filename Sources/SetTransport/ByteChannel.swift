/// What a connection's byte pipe does for a `ConnectionDriver`: output queued and written as far as
/// the peer takes it, what is still waiting and whether it has moved on, the ways to end it. Input is
/// read by the pipe's owner, which hands the bytes to the driver. `SocketChannel` (SetNet) is the
/// real one; `MemoryChannel` keeps the bytes in memory for tests.
///
/// Used from one thread (or serial queue) at a time.
public protocol ByteChannel: AnyObject {
  /// Queues `bytes` behind what already waits. `flush()` writes them.
  func enqueue(_ bytes: [UInt8])
  /// Queues a line's text behind what already waits. `flush()` writes it.
  func enqueue(_ text: String.UTF8View)
  /// Writes what waits until done or until the pipe is full; in that case writing resumes when the
  /// peer makes room, and the owner is told (`ConnectionDriver.written(_:now:)`).
  func flush() -> ByteChannelFlushResult
  /// How many bytes wait to be written.
  var pendingOutputBytes: Int { get }
  /// The bytes written but not yet taken by the peer (the kernel's unsent and unacknowledged bytes),
  /// or nil if the pipe cannot say.
  var unsentKernelBytes: Int? { get }
  /// Whether the peer's machine holds every byte written (nothing is left unacknowledged), or the
  /// pipe is closed: a hung-up connection may then be reset once the peer had time to read.
  var isOutputAcknowledged: Bool { get }
  /// Whether output waits for the peer to make room.
  var isWaitingToWrite: Bool { get }
  /// Bytes written so far.
  var bytesWritten: Int { get }
  /// Whether the bytes written so far, and any still queued, stop in the middle of a line.
  var isOutputMidLine: Bool { get }
  /// Forgets the output still queued, but for the rest of a telnet command already begun.
  func discardOutput()
  /// Tells the peer nothing more will be sent, keeping the pipe open for reading.
  func shutdownWrite()
  /// Stops everything and closes the pipe: the peer reads what it was already given, then the end.
  func close()
  /// Closes with a reset instead of an orderly end: the peer's reads end at once.
  func reset()
  /// Whether `close()` or `reset()` was called.
  var isClosed: Bool { get }
  /// Stops reading for good (after the end of input).
  func stopReading()
}

/// What a `ByteChannel.flush()` came to.
public enum ByteChannelFlushResult: Sendable, Equatable {
  /// Nothing waits any more.
  case drained
  /// The pipe is full; the rest is written when the peer makes room.
  case pending
  /// Writing failed with this error number.
  case failed(Int32)
}
