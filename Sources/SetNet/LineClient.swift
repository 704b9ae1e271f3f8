import Dispatch
import Glibc
import SetTransport

/// A TCP client that speaks lines, its socket watched by an `EventLoop` of its own: for terminal
/// clients and bots.
///
/// Everything happens on the serial queue the owner provides: the callbacks are called there, and
/// every method must be called there. Input is framed by the same `LineFramer` as the server's.
public final class LineClient: @unchecked Sendable {
  // Sendable by confinement: all mutable state is touched only on `queue`, which every entry point asserts.

  /// The serial queue the client runs on and calls back on.
  public let queue: DispatchQueue
  /// Called with each line (or a report of a line too long or not UTF-8) from the server.
  public var onInput: ((LineInput) -> Void)?
  /// Called once when the connection ends: `.peerClosed`, `.socketError`, or `.closed` after `close()`.
  /// Always on a later turn of the queue, never from inside a call to the client.
  public var onDisconnect: ((DisconnectReason) -> Void)?

  private var framer: LineFramer
  private var channel: SocketChannel?
  /// Watches the socket and runs its reads on `queue`, from `connect` until the connection ends.
  private var loop: EventLoop?
  private var ended = false
  private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)

  /// A client on `queue` that accepts lines up to `maxLineBytes` long.
  public init(queue: DispatchQueue, maxLineBytes: Int = 64 * 1024) {
    self.queue = queue
    framer = LineFramer(maxLineBytes: maxLineBytes)
  }

  deinit {
    readBuffer.deallocate()
  }

  /// Whether the client is connected and not yet disconnected.
  public var isConnected: Bool {
    dispatchPrecondition(condition: .onQueue(queue))
    return channel != nil && !ended
  }

  /// Connects to `host` (IPv4 dotted decimal, or "localhost") at `port`, blocking the queue for at
  /// most `timeout`, then starts reading. Call once.
  public func connect(host: String, port: UInt16, timeout: Duration = .seconds(5)) throws(SocketError) {
    dispatchPrecondition(condition: .onQueue(queue))
    precondition(channel == nil, "a LineClient connects once")
    let fd = try Sockets.connect(host: host, port: port, timeoutMilliseconds: Int(timeout.wholeMilliseconds))
    let loop = try EventLoop.started(on: queue, orClosing: fd)
    // A loop that can no longer wait would leave the connection deaf: it ends, and its owner reconnects.
    loop.onFailure { [self] code in end(.socketError(code)) }
    self.loop = loop
    let channel = SocketChannel(fd: fd, loop: loop) {}
    self.channel = channel
    channel.start(
      onReadable: { [self] in readInput() },
      onWritten: { [self] in written($0) })
  }

  /// Sends `line` and a CRLF. `line` should hold no CR or LF. Does nothing once disconnected.
  public func send(_ line: String) {
    dispatchPrecondition(condition: .onQueue(queue))
    guard let channel, !ended else { return }
    channel.enqueue(line.utf8)
    channel.enqueue([13, 10])
    if !channel.isWaitingToWrite {
      written(channel.flush())
    }
  }

  /// Closes the connection at once; `onDisconnect(.closed)` follows.
  public func close() {
    dispatchPrecondition(condition: .onQueue(queue))
    end(.closed)
  }

  private func readInput() {
    guard let channel else { return }
    for _ in 0..<16 {
      guard !ended else { return }
      switch channel.read(into: readBuffer) {
      case .wouldBlock:
        return
      case .end:
        deliver(framer.finish())
        end(.peerClosed)
        return
      case .failed(let code):
        end(.socketError(code))
        return
      case .bytes(let count, _):
        deliver(framer.feed(UnsafeRawBufferPointer(rebasing: readBuffer[..<count])))
      }
    }
    queue.async { [self] in readInput() }
  }

  private func deliver(_ items: [LineInput]) {
    for item in items {
      guard !ended else { return }
      switch item {
      case .line, .tooLong, .invalidUTF8, .rateLimited: onInput?(item)
      case .reply, .interrupt: break  // Telnet from a server: nothing a line client acts on.
      }
    }
  }

  private func written(_ result: SocketChannel.FlushResult) {
    if case .failed(let code) = result {
      end(.socketError(code))
    }
  }

  private func end(_ reason: DisconnectReason) {
    guard let channel, !ended else { return }
    ended = true
    channel.close()
    loop?.stop()
    loop = nil
    queue.async { [self] in onDisconnect?(reason) }
  }
}
