// Analyses generated game records: every set on every table and each player's figures, one record at
// a time on one thread, so on one core. Build in release: `swift run -c release setduel-analysis-bench [--records N]`.
// With `--smoke`, 200.
import BenchmarkSupport
import Glibc
import SetAnalysis
import SetCore
import SetSimulation

let options = RecordsBenchOptions()
let smoke = options.smoke
let count = options.count
let rounds = options.rounds(3)

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
let analysed = timedOnThread(rounds: rounds) {
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
