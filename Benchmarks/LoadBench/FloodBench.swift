import Dispatch
import Synchronization

/// A bystander's PING round trips while one unnamed connection floods the server with telnet commands
/// (`IAC DO TIMING-MARK`, FF FD 06) as fast as it can, reading every answer. The flood runs on a thread
/// of its own and starts again on a new connection whenever the server drops it. The same bystander's
/// PINGs with no flood, timed first, are the baseline.
///
/// The flooding thread shares the load generator's CPU with the bystander, at `SCHED_IDLE`: it sends
/// whenever the bystander waits, which is nearly always, but never keeps the bystander from waking
/// up when its reply comes. At the same priority the bystander waited for the flooder's time slice
/// to end, a wait of the load generator's own making (a flooder on another machine costs the
/// bystander's nothing), which put the PING p99 at 3.2-6.1 ms where it was 1.1-1.8 ms otherwise
/// (BENCHMARKS.md, "The telnet flood: where the time went").
enum FloodBench {
  struct Result {
    /// The bystander's PINGs with no flood, then during it.
    let quiet: Summary
    let ping: Summary
    /// Telnet commands sent, and bytes of answers read, over the flood.
    let commands: Int
    let answerBytes: Int
    /// How many times the server dropped the flooding connection.
    let drops: Int
  }

  /// What the flooding thread and the measuring one share.
  private final class Shared: Sendable {
    let stop = Atomic<Bool>(false)
    let commands = Atomic<Int>(0)
    let answerBytes = Atomic<Int>(0)
    let drops = Atomic<Int>(0)
    let failure = Mutex<String?>(nil)
  }

  /// The flood runs on `cpu` (the load generator's, not the servers'), if given.
  static func run(port: UInt16, cpu: Int?, warmup: Int, samples: Int) throws(BenchError) -> Result {
    let quiet = try PingBench.run([PingBench.setDuel(port: port)], connections: 1, warmup: warmup, samples: samples)[0]
    let shared = Shared()
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      if let cpu { Affinity.pin(to: cpu) }
      Affinity.runOnlyWhenIdle(true)
      flood(port: port, shared)
      Affinity.runOnlyWhenIdle(false)  // A worker thread of Dispatch's, which may serve others later.
      finished.signal()
    }
    // Let the flood reach full speed before timing anything.
    Clock.sleep(seconds: 0.2)
    var pings: [Summary] = []
    var pingError: BenchError?
    do {
      pings = try PingBench.run([PingBench.setDuel(port: port)], connections: 1, warmup: warmup, samples: samples)
    } catch {
      pingError = error
    }
    shared.stop.store(true, ordering: .relaxed)
    finished.wait()
    if let failure = shared.failure.withLock({ $0 }) { throw BenchError("telnet flood: \(failure)") }
    if let pingError { throw pingError }
    return Result(
      quiet: quiet, ping: pings[0], commands: shared.commands.load(ordering: .relaxed),
      answerBytes: shared.answerBytes.load(ordering: .relaxed), drops: shared.drops.load(ordering: .relaxed))
  }

  /// Sends `IAC DO TIMING-MARK` a thousand at a time and reads the answers, until told to stop.
  private static func flood(port: UInt16, _ shared: Shared) {
    let chunk = [UInt8]((0..<1000).flatMap { _ in [255, 253, 6] as [UInt8] })
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    defer { buffer.deallocate() }
    while !shared.stop.load(ordering: .relaxed) {
      let connection: LineConnection
      do {
        connection = try Connector.open(1, port: port)[0]
      } catch {
        shared.failure.withLock { $0 = "cannot connect: \(error)" }
        return
      }
      while !shared.stop.load(ordering: .relaxed) {
        let sent = connection.send(bytes: chunk)
        if sent { shared.commands.add(1000, ordering: .relaxed) }
        guard let read = connection.discard(buffer), sent else { break }
        shared.answerBytes.add(read, ordering: .relaxed)
      }
      if !shared.stop.load(ordering: .relaxed) { shared.drops.add(1, ordering: .relaxed) }
      connection.close(reset: true)
    }
  }
}
