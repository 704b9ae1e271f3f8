import Dispatch
import Glibc

/// A connected non-blocking socket with its read source, its write source and its output queue.
///
/// Used only on the serial queue it was made with. The write source is resumed only while output is
/// waiting (a resumed write source on an idle socket would fire without end). The descriptor is
/// closed exactly once, when both sources have run their cancel handlers.
final class SocketChannel: @unchecked Sendable {
  // Sendable by confinement: used only on its queue, where its source handlers run too.
  enum ReadResult {
    /// This many bytes were read into the buffer.
    case bytes(Int)
    /// Nothing more to read for now.
    case wouldBlock
    /// The peer will send nothing more.
    case end
    case failed(Int32)
  }

  enum FlushResult {
    /// Nothing waits any more.
    case drained
    /// The socket is full; the write source will flush the rest.
    case pending
    case failed(Int32)
  }

  let fd: Int32
  private let readSource: DispatchSourceRead
  private let writeSource: DispatchSourceWrite
  private var readStarted = false
  private var readCancelled = false
  private var writeArmed = false
  private var openSources = 2
  private var output = OutputBuffer()
  /// `close()` was called: nothing more is read or written.
  private(set) var isClosed = false

  /// Adopts the connected non-blocking socket `fd`. `onClosed` runs on `queue` once `fd` is closed.
  init(fd: Int32, queue: DispatchQueue, onClosed: @escaping () -> Void) {
    self.fd = fd
    readSource = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
    writeSource = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
    // The handlers hold the channel until the sources are cancelled; libdispatch releases them then.
    let sourceCancelled = { [self] in
      openSources -= 1
      if openSources == 0 {
        Glibc.close(fd)
        onClosed()
      }
    }
    readSource.setCancelHandler(handler: sourceCancelled)
    writeSource.setCancelHandler(handler: sourceCancelled)
  }

  /// Starts reading: `onReadable` runs whenever input (or its end) is waiting, and `onWritten` after
  /// each flush the write source makes.
  func start(onReadable: @escaping () -> Void, onWritten: @escaping (FlushResult) -> Void) {
    precondition(!readStarted && !isClosed)
    readSource.setEventHandler(handler: onReadable)
    writeSource.setEventHandler { [self] in onWritten(flush()) }
    readStarted = true
    readSource.resume()
  }

  /// Reads what is waiting into `buffer`, retrying when interrupted.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
    guard !isClosed && !readCancelled else { return .wouldBlock }
    while true {
      let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
      if count > 0 {
        return .bytes(count)
      }
      if count == 0 {
        return .end
      }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: return .wouldBlock
      case let code: return .failed(code)
      }
    }
  }

  /// Stops reading for good (after the end of input, whose readiness would otherwise fire forever).
  func stopReading() {
    guard !readCancelled else { return }
    readCancelled = true
    readSource.cancel()
    if !readStarted {
      readStarted = true
      readSource.resume()  // An inactive source runs its cancel handler only once activated.
    }
  }

  /// How many bytes wait to be written.
  var pendingOutputBytes: Int { output.count }

  /// Whether the write source is waiting for room in the socket.
  var isWaitingToWrite: Bool { writeArmed }

  /// Whether the bytes written so far stop in the middle of a line.
  var isOutputMidLine: Bool { output.isMidLine }

  /// Queues `bytes` behind what already waits. Call `flush()` to write.
  func enqueue(_ bytes: some Sequence<UInt8>) {
    guard !isClosed else { return }
    output.append(bytes)
  }

  /// Writes what waits until done or until the socket is full; in that case the write source is
  /// resumed and will flush the rest, reporting to `onWritten`.
  func flush() -> FlushResult {
    guard !isClosed else { return .drained }
    var failure: Int32 = 0
    while !output.isEmpty {
      let written = output.drain { bytes in
        while true {
          let count = send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
          if count >= 0 {
            return count
          }
          if errno != EINTR {
            failure = errno
            return 0
          }
        }
      }
      if failure == EAGAIN || failure == EWOULDBLOCK || (failure == 0 && written == 0) {
        armWriteSource(true)
        return .pending
      }
      if failure != 0 {
        armWriteSource(false)
        return .failed(failure)
      }
    }
    armWriteSource(false)
    return .drained
  }

  /// Writes `bytes` now if the socket has room, bypassing the queue; never waits. For last words.
  func sendNow(_ bytes: [UInt8]) {
    guard !isClosed else { return }
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
  }

  /// Forgets the output still queued.
  func discardOutput() {
    output.removeAll()
    armWriteSource(false)
  }

  /// Tells the peer nothing more will be sent (TCP FIN), keeping the socket open for reading.
  func shutdownWrite() {
    guard !isClosed else { return }
    _ = shutdown(fd, Int32(SHUT_WR))
  }

  /// Stops everything; the descriptor is closed once both sources have wound down.
  func close() {
    guard !isClosed else { return }
    output.removeAll()
    stopReading()
    isClosed = true
    writeSource.cancel()
    if !writeArmed {
      writeArmed = true
      writeSource.resume()  // A suspended (or never started) source runs its cancel handler only once resumed.
    }
  }

  private func armWriteSource(_ armed: Bool) {
    guard armed != writeArmed && !isClosed else { return }
    writeArmed = armed
    if armed {
      writeSource.resume()
    } else {
      writeSource.suspend()
    }
  }
}
