// Analyses generated game records: every set on every table and each player's figures, one record at
// a time on one thread, so on one core. Build in release: `swift run -c release setduel-analysis-bench [--records N]`.
// With `--smoke`, 200.
import Glibc
import SetAnalysis
import SetCore
import SetSimulation

let clock = ContinuousClock()

/// Seconds in a duration, as a Double.
func seconds(_ duration: Duration) -> Double {
  let parts = duration.components
  return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
}

/// Milliseconds with one decimal.
func milliseconds(_ value: Double) -> String {
  let tenths = Int(value * 10_000 + 0.5)
  return "\(tenths / 10).\(tenths % 10) ms"
}

/// The processor time this thread has used, in seconds: on a shared machine, the time on one core.
func threadTime() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

/// The best and the median of `rounds` timings of `body`, in seconds, on the wall clock and in this
/// thread's processor time.
func timed(rounds: Int, _ body: () -> Void) -> (best: Double, median: Double, cpuBest: Double, cpuMedian: Double) {
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

let arguments = CommandLine.arguments.dropFirst()
let smoke = arguments.contains("--smoke")
var count = smoke ? 200 : 10_000
if let at = arguments.firstIndex(of: "--records"), let given = Int(arguments[arguments.index(after: at)]) {
  count = given
}
let rounds = smoke ? 1 : 3

// 500 distinct seeded games, repeated: analysing a record does not depend on having seen it before.
let distinct = min(count, 500)
var generated: [String] = []
for index in 0..<distinct {
  generated.append(
    SimulatedRecord.lines(seed: UInt64(index + 1), names: ["ann", "bob"]).joined(separator: "\n") + "\n")
}
let texts = (0..<count).map { generated[$0 % distinct] }
let lineCount = texts.reduce(0) { $0 + $1.utf8.lazy.filter { $0 == 10 }.count }

var sets = 0
var failures = 0
let analysed = timed(rounds: rounds) {
  sets = 0
  for text in texts {
    do {
      sets += try RecordAnalysis.analyse(text).games.reduce(0) { $0 + $1.sets.count }
    } catch {
      failures += 1
    }
  }
}
precondition(failures == 0, "a generated record did not analyse")

print("Analysis: \(count) records (\(distinct) distinct games), \(lineCount) lines, \(sets) sets listed; one thread.")
print("")
print("| measure | best | median |")
print("|---|---|---|")
print(
  "| analyse \(count) records, in memory (wall clock) | \(milliseconds(analysed.best)) | \(milliseconds(analysed.median)) |"
)
print(
  "| the same, processor time on its one core | \(milliseconds(analysed.cpuBest)) | \(milliseconds(analysed.cpuMedian)) |"
)
