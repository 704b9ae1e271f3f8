// What the benchmarks share: durations as numbers, timing a body on one thread, and the options of the benchmarks that time a run of
// generated game records.
import Glibc

/// Seconds in a duration, as a Double.
public func seconds(_ duration: Duration) -> Double {
  let parts = duration.components
  return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
}

/// Milliseconds with one decimal, from seconds.
public func milliseconds(_ value: Double) -> String {
  let tenths = Int(value * 10_000 + 0.5)
  return "\(tenths / 10).\(tenths % 10) ms"
}

/// The processor time this thread has used, in seconds: on a shared machine, the time on one core.
public func threadTime() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

/// The best and the median of `rounds` timings of `body`, in seconds, on the wall clock and in this
/// thread's processor time.
public func timedOnThread(rounds: Int, _ body: () -> Void) -> (
  best: Double, median: Double, cpuBest: Double, cpuMedian: Double
) {
  let clock = ContinuousClock()
  var times: [Double] = []
  var cpu: [Double] = []
  for _ in 0..<rounds {
    let start = threadTime()
    times.append(seconds(clock.measure(body)))
    cpu.append(threadTime() - start)
  }
  times.sort()
  cpu.sort()
  return (times[0], times[times.count / 2], cpu[0], cpu[cpu.count / 2])
}

/// A records benchmark's options: `--smoke` (200 records, one round) and `--records N` (default 10,000).
public struct RecordsBenchOptions {
  public let smoke: Bool
  public let count: Int

  public init(_ arguments: ArraySlice<String> = CommandLine.arguments.dropFirst()) {
    smoke = arguments.contains("--smoke")
    var count = smoke ? 200 : 10_000
    if let at = arguments.firstIndex(of: "--records"), arguments.index(after: at) < arguments.endIndex,
      let given = Int(arguments[arguments.index(after: at)])
    {
      count = given
    }
    self.count = count
  }

  /// The rounds to time: one in a smoke run, else `full`.
  public func rounds(_ full: Int) -> Int { smoke ? 1 : full }
}
