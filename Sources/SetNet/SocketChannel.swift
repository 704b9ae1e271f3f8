import CLinux
import Dispatch
import Glibc
import SetTransport

/// A connected non-blocking socket with its output queue, told when the socket is ready by an
/// `EventLoop`: the `ByteChannel` a `LineServer`'s connection drivers run on.
///
/// Used only on the loop's serial queue. Writability is watched only while output is waiting (a
/// watched idle socket would be reported writable without end). The descriptor is closed exactly
/// once, at `close()`.
final class SocketChannel: ByteChannel, @unchecked Sendable {
  // Sendable by confinement: used only on its queue, where the loop runs its handlers too.
  enum ReadResult {
    /// This many bytes were read into the buffer; they reached the machine at `arrival` (the kernel's
    /// receive time, for a socket with `enableArrivalTimes()`; else the time they were read).
    case bytes(Int, arrival: Instant)
    /// Nothing more to read for now.
    case wouldBlock
    /// The peer will send nothing more.
    case end
    case failed(Int32)
  }

  typealias FlushResult = ByteChannelFlushResult

  let fd: Int32
  private let loop: EventLoop
  /// The loop's token for the socket.
  private var token: UInt64 = 0
  private let queue: DispatchQueue
  private let onClosed: () -> Void
  /// The handlers `start` was given.
  private var onReadable: (() -> Void)?
  private var onWritten: ((FlushResult) -> Void)?
  private var readStarted = false
  private var readCancelled = false
  private var writeArmed = false
  /// Input is left unread until every byte of output is written (`pauseReading()`).
  private(set) var isReadingPaused = false
  private var output = OutputBuffer()
  /// `close()` was called: nothing more is read or written.
  private(set) var isClosed = false

  /// Adopts the connected non-blocking socket `fd`, watched by `loop`, on the loop's queue. `onClosed`
  /// runs on that queue, on a later turn, once `fd` is closed.
  init(fd: Int32, loop: EventLoop, onClosed: @escaping () -> Void) {
    self.fd = fd
    queue = loop.queue
    self.onClosed = onClosed
    self.loop = loop
    // The loop holds the channel through the handler until `close()` removes it.
    token = loop.add(fd) { [self] events in ready(events) }
  }

  /// Starts reading: `onReadable` runs whenever input (or its end) is waiting, and `onWritten` after
  /// each flush made because the socket had room again.
  func start(onReadable: @escaping () -> Void, onWritten: @escaping (FlushResult) -> Void) {
    precondition(!readStarted && !isClosed)
    readStarted = true
    self.onReadable = onReadable
    self.onWritten = onWritten
    loop.setInterest(token, read: true, write: writeArmed)
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
      var arrival: Int64 = 0
      let count = clinux_read_stamped(fd, buffer.baseAddress, buffer.count, &arrival)
      if count > 0 {
        return .bytes(count, arrival: Instant(nanoseconds: arrival))
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

  /// Has the kernel stamp each read with the time its bytes arrived, which `read(into:)` then reports.
  func enableArrivalTimes() {
    _ = clinux_enable_receive_times(fd)
  }

  /// Stops reading for good (after the end of input, whose readiness would otherwise fire forever).
  func stopReading() {
    guard !readCancelled else { return }
    readCancelled = true
    loop.setInterest(token, read: false, write: writeArmed)
  }

  /// Leaves the input unread, in the kernel, until every byte of output waiting is written: the
  /// socket's readiness for reading is not watched meanwhile (its writability is, so the output is
  /// written as the peer makes room), and reading resumes by itself once nothing is left to write.
  func pauseReading() {
    guard !isReadingPaused && !isClosed && !readCancelled && !output.isEmpty else { return }
    isReadingPaused = true
    writeArmed = true
    loop.setInterest(token, read: false, write: true)
  }

  /// Whether readiness for reading is watched.
  private var readsNow: Bool { readStarted && !readCancelled && !isReadingPaused }

  /// Ends a pause in reading once the output is all written.
  private func resumeReadingIfWritten() {
    guard isReadingPaused && output.isEmpty else { return }
    isReadingPaused = false
    loop.setInterest(token, read: readsNow, write: writeArmed)
  }

  /// How many bytes wait to be written.
  var pendingOutputBytes: Int { output.count }

  /// Whether writability is watched: output waits for room in the socket.
  var isWaitingToWrite: Bool { writeArmed }

  /// Whether the bytes written so far, and any still queued, stop in the middle of a line.
  var isOutputMidLine: Bool { output.endsMidLine }

  /// Bytes handed to the kernel so far.
  private(set) var bytesWritten = 0
  /// The writes that handed the kernel some bytes, so far.
  private(set) var writeCalls = 0

  /// The bytes the kernel still holds to send (or to see acknowledged), or nil if it cannot say.
  var unsentKernelBytes: Int? {
    guard !isClosed else { return nil }
    let count = clinux_unsent_bytes(fd)
    return count >= 0 ? Int(count) : nil
  }

  /// Whether the kernel holds nothing unacknowledged, or the socket is closed.
  var isOutputAcknowledged: Bool { isClosed || unsentKernelBytes == 0 }

  /// Queues `bytes` behind what already waits. Call `flush()` to write.
  func enqueue(_ bytes: [UInt8]) {
    guard !isClosed else { return }
    output.append(bytes)
  }

  /// Queues a line's text behind what already waits. Call `flush()` to write.
  func enqueue(_ text: String.UTF8View) {
    guard !isClosed else { return }
    output.append(text)
  }

  /// Writes `bytes` straight from the caller's array when nothing waits before them (a broadcast's
  /// one array, sent to every spectator), queuing only what the socket did not take; behind output
  /// already waiting, they are queued and flushed as `enqueue` and `flush` would.
  func write(_ bytes: [UInt8]) -> FlushResult {
    guard !isClosed else { return .drained }
    guard output.isEmpty else {
      output.append(bytes)
      return flush()
    }
    var sent = 0
    var failure: Int32 = 0
    bytes.withUnsafeBytes { buffer in
      while sent < buffer.count {
        let count = send(fd, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
        if count > 0 {
          sent += count
          bytesWritten += count
          writeCalls += 1
        } else if count < 0 && errno == EINTR {
          continue
        } else {
          failure = count < 0 ? errno : EAGAIN
          break
        }
      }
    }
    if sent == bytes.count { return .drained }
    if failure == EAGAIN || failure == EWOULDBLOCK {
      output.append(Array(bytes[sent...]))
      watchWritability(true)
      return .pending
    }
    watchWritability(false)
    return .failed(failure)
  }

  /// One `send` of `bytes`, made by a broadcast with nothing waiting here, took `count` of them (or
  /// failed, below zero): counts what went, and writes the rest as `write` does, which tries once
  /// more and queues what the socket has no room for, or reports the failure.
  func sent(_ bytes: [UInt8], count: Int) -> FlushResult {
    guard count > 0 else { return write(bytes) }
    bytesWritten += count
    writeCalls += 1
    return count == bytes.count ? .drained : write(Array(bytes[count...]))
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
            bytesWritten += count
            writeCalls += 1
            return count
          }
          if errno != EINTR {
            failure = errno
            return 0
          }
        }
      }
      if failure == EAGAIN || failure == EWOULDBLOCK || (failure == 0 && written == 0) {
        watchWritability(true)
        return .pending
      }
      if failure != 0 {
        watchWritability(false)
        return .failed(failure)
      }
    }
    watchWritability(false)
    resumeReadingIfWritten()
    return .drained
  }

  /// Forgets the output still queued, but for the rest of a telnet command already begun.
  func discardOutput() {
    output.removeAllButUnfinishedCommand()
    if output.isEmpty {
      watchWritability(false)
      resumeReadingIfWritten()
    }
  }

  /// Tells the peer nothing more will be sent (TCP FIN), keeping the socket open for reading.
  func shutdownWrite() {
    guard !isClosed else { return }
    _ = shutdown(fd, Int32(SHUT_WR))
  }

  /// Closes with a reset instead of a FIN (`SO_LINGER` of zero): the peer's reads end at once, after
  /// what its kernel already holds.
  func reset() {
    guard !isClosed else { return }
    var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
    _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    close()
  }

  /// Stops everything and closes the descriptor; `onClosed` runs on a later turn of the queue.
  func close() {
    guard !isClosed else { return }
    output.removeAll()
    stopReading()
    isClosed = true
    loop.remove(token)
    onReadable = nil
    onWritten = nil
    Glibc.close(fd)
    queue.async { [self] in onClosed() }
  }

  private func watchWritability(_ armed: Bool) {
    guard armed != writeArmed && !isClosed else { return }
    writeArmed = armed
    loop.setInterest(token, read: readsNow, write: armed)
  }
}
