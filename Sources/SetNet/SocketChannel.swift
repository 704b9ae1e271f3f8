import CLinux
import Dispatch
import Glibc
import SetTransport

/// A connected non-blocking socket with its output queue, told when the socket is ready either by its
/// own read and write Dispatch sources or by an `EventLoop`.
///
/// Used only on the serial queue it was made with. Writability is watched only while output is
/// waiting (a watched idle socket would be reported writable without end). The descriptor is closed
/// exactly once: with sources, when both have run their cancel handlers; with a loop, at `close()`.
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

  /// What reports the socket ready.
  private enum Watch {
    case sources(read: DispatchSourceRead, write: DispatchSourceWrite)
    case loop(EventLoop, token: UInt64)
  }

  let fd: Int32
  private var watch: Watch
  private let queue: DispatchQueue
  private let onClosed: () -> Void
  /// With a loop, the handlers `start` was given (with sources, the sources hold them).
  private var onReadable: (() -> Void)?
  private var onWritten: ((FlushResult) -> Void)?
  private var readStarted = false
  private var readCancelled = false
  private var writeArmed = false
  private var openSources = 2
  private var output = OutputBuffer()
  /// `close()` was called: nothing more is read or written.
  private(set) var isClosed = false

  /// Adopts the connected non-blocking socket `fd`, watched by its own Dispatch sources. `onClosed`
  /// runs on `queue` once `fd` is closed.
  init(fd: Int32, queue: DispatchQueue, onClosed: @escaping () -> Void) {
    self.fd = fd
    self.queue = queue
    self.onClosed = onClosed
    let readSource = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
    let writeSource = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
    watch = .sources(read: readSource, write: writeSource)
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

  /// Adopts the connected non-blocking socket `fd`, watched by `loop`, on the loop's queue. `onClosed`
  /// runs on that queue, on a later turn, once `fd` is closed.
  init(fd: Int32, loop: EventLoop, onClosed: @escaping () -> Void) {
    self.fd = fd
    queue = loop.queue
    self.onClosed = onClosed
    watch = .loop(loop, token: 0)
    // The loop holds the channel through the handler until `close()` removes it.
    watch = .loop(loop, token: loop.add(fd) { [self] events in ready(events) })
  }

  /// Starts reading: `onReadable` runs whenever input (or its end) is waiting, and `onWritten` after
  /// each flush made because the socket had room again.
  func start(onReadable: @escaping () -> Void, onWritten: @escaping (FlushResult) -> Void) {
    precondition(!readStarted && !isClosed)
    readStarted = true
    switch watch {
    case .sources(let readSource, let writeSource):
      readSource.setEventHandler(handler: onReadable)
      writeSource.setEventHandler { [self] in onWritten(flush()) }
      readSource.resume()
    case .loop(let loop, let token):
      self.onReadable = onReadable
      self.onWritten = onWritten
      loop.setInterest(token, read: true, write: writeArmed)
    }
  }

  /// The loop saw `events` on the socket.
  private func ready(_ events: UInt32) {
    let trouble = events & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0
    if readStarted && !readCancelled && (events & EPOLLIN.rawValue != 0 || trouble) {
      onReadable?()
    }
    if !isClosed && writeArmed && (events & EPOLLOUT.rawValue != 0 || trouble) {
      onWritten?(flush())
    }
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
    switch watch {
    case .sources(let readSource, _):
      readSource.cancel()
      if !readStarted {
        readStarted = true
        readSource.resume()  // An inactive source runs its cancel handler only once activated.
      }
    case .loop(let loop, let token):
      loop.setInterest(token, read: false, write: writeArmed)
    }
  }

  /// How many bytes wait to be written.
  var pendingOutputBytes: Int { output.count }

  /// Whether writability is watched: output waits for room in the socket.
  var isWaitingToWrite: Bool { writeArmed }

  /// Whether the bytes written so far stop in the middle of a line.
  var isOutputMidLine: Bool { output.isMidLine }

  /// Queues `bytes` behind what already waits. Call `flush()` to write.
  func enqueue(_ bytes: some Sequence<UInt8>) {
    guard !isClosed else { return }
    output.append(bytes)
  }

  /// Writes what waits until done or until the socket is full; in that case writability is watched,
  /// and the rest is flushed when there is room, reporting to `onWritten`.
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

  /// Stops everything; the descriptor is closed once both sources have wound down, or at once with a
  /// loop.
  func close() {
    guard !isClosed else { return }
    output.removeAll()
    stopReading()
    isClosed = true
    switch watch {
    case .sources(_, let writeSource):
      writeSource.cancel()
      if !writeArmed {
        writeArmed = true
        writeSource.resume()  // A suspended (or never started) source runs its cancel handler only once resumed.
      }
    case .loop(let loop, let token):
      loop.remove(token)
      onReadable = nil
      onWritten = nil
      Glibc.close(fd)
      queue.async { [self] in onClosed() }
    }
  }

  private func armWriteSource(_ armed: Bool) {
    guard armed != writeArmed && !isClosed else { return }
    writeArmed = armed
    switch watch {
    case .sources(_, let writeSource):
      if armed {
        writeSource.resume()
      } else {
        writeSource.suspend()
      }
    case .loop(let loop, let token):
      loop.setInterest(token, read: readStarted && !readCancelled, write: armed)
    }
  }
}
