import Dispatch
import Synchronization

/// A connection that loads the server on a thread of its own: it sends the same bytes again and again
/// as fast as the socket takes them, reading every answer or none, and starts again on a new
/// connection whenever the server drops it. Each new connection first sends `opening` (a `JOIN`, say).
final class Flooder: Sendable {
  /// What it sends, and whether it reads.
  struct Load: Sendable {
    var opening: [UInt8] = []
    let chunk: [UInt8]
    var reads = true
  }

  private let stopping = Atomic<Bool>(false)
  private let sentChunks = Atomic<Int>(0)
  private let readBytes = Atomic<Int>(0)
  private let dropCount = Atomic<Int>(0)
  private let failure = Mutex<String?>(nil)
  private let finished = DispatchSemaphore(value: 0)

  /// Starts loading 127.0.0.1:`port` on a thread pinned to `cpu` (if given), at `SCHED_IDLE` if
  /// `idle`: it then runs only when nothing else on that CPU wants to.
  init(port: UInt16, _ load: Load, cpu: Int?, idle: Bool) {
    DispatchQueue.global().async { [self] in
      if let cpu { Affinity.pin(to: cpu) }
      if idle { Affinity.runOnlyWhenIdle(true) }
      run(port: port, load)
      if idle { Affinity.runOnlyWhenIdle(false) }  // A worker thread of Dispatch's, which may serve others later.
      finished.signal()
    }
  }

  /// Chunks sent, bytes of answers read, and how many times the server dropped the connection.
  var chunks: Int { sentChunks.load(ordering: .relaxed) }
  var answerBytes: Int { readBytes.load(ordering: .relaxed) }
  var drops: Int { dropCount.load(ordering: .relaxed) }

  /// Stops the load and waits for its thread; throws if it could not connect.
  func stop() throws(BenchError) {
    stopping.store(true, ordering: .relaxed)
    finished.wait()
    if let failure = failure.withLock({ $0 }) { throw BenchError(failure) }
  }

  private func run(port: UInt16, _ load: Load) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    defer { buffer.deallocate() }
    while !stopping.load(ordering: .relaxed) {
      let connection: LineConnection
      do {
        connection = try Connector.open(1, port: port)[0]
      } catch {
        failure.withLock { $0 = "cannot connect: \(error)" }
        return
      }
      var open = load.opening.isEmpty || connection.send(bytes: load.opening)
      while open && !stopping.load(ordering: .relaxed) {
        // A non-reader the server stops reading waits for room, as long as the load runs.
        let sent =
          load.reads
          ? connection.send(bytes: load.chunk)
          : connection.send(bytes: load.chunk) { !stopping.load(ordering: .relaxed) }
        if sent { sentChunks.add(1, ordering: .relaxed) }
        // A non-reader learns that it was dropped when a send fails.
        if load.reads {
          guard let read = connection.discard(buffer) else { break }
          readBytes.add(read, ordering: .relaxed)
        }
        open = sent
      }
      if !stopping.load(ordering: .relaxed) { dropCount.add(1, ordering: .relaxed) }
      connection.close(reset: true)
    }
  }
}
