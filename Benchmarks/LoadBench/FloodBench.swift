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

  /// The flood runs on `cpu` (the load generator's, not the servers'), if given.
  static func run(port: UInt16, cpu: Int?, warmup: Int, samples: Int) throws(BenchError) -> Result {
    let quiet = try PingBench.run([PingBench.setDuel(port: port)], connections: 1, warmup: warmup, samples: samples)[0]
    let chunk = [UInt8]((0..<1000).flatMap { _ in [255, 253, 6] as [UInt8] })
    let flooder = Flooder(port: port, Flooder.Load(chunk: chunk), cpu: cpu, idle: true)
    // Let the flood reach full speed before timing anything.
    Clock.sleep(seconds: 0.2)
    var pings: [Summary] = []
    var pingError: BenchError?
    do {
      pings = try PingBench.run([PingBench.setDuel(port: port)], connections: 1, warmup: warmup, samples: samples)
    } catch {
      pingError = error
    }
    try flooder.stop()
    if let pingError { throw pingError }
    return Result(
      quiet: quiet, ping: pings[0], commands: flooder.chunks * 1000, answerBytes: flooder.answerBytes,
      drops: flooder.drops)
  }
}
