// Folds the players' history from generated game records, and times a server's start-up on them.
// Build in release: `swift run -c release setduel-history-bench [--records N]`. With `--smoke`, 200.
import BenchmarkSupport
import Glibc
import SetCore
import SetServer
import SetSimulation
import SetStats

let clock = ContinuousClock()

/// The best and the median of `rounds` timings of `body`, in seconds.
func timed(rounds: Int, _ body: () -> Void) -> (best: Double, median: Double) {
  var times: [Double] = []
  for _ in 0..<rounds { times.append(seconds(clock.measure(body))) }
  times.sort()
  return (times[0], times[times.count / 2])
}

func write(_ path: String, _ text: String) {
  guard let file = fopen(path, "w") else { fatalError("cannot write \(path)") }
  let bytes = Array(text.utf8)
  precondition(fwrite(bytes, 1, bytes.count, file) == bytes.count, "short write to \(path)")
  fclose(file)
}

let options = RecordsBenchOptions()
let smoke = options.smoke
let count = options.count
let rounds = options.rounds(5)

// MARK: - The records: distinct seeded games, seated from a pool of 40 players in turn

let distinct = min(count, 500)
let pool = (1...40).map { "player\($0)" }
var generated: [[String]] = []
let generation = clock.measure {
  for index in 0..<distinct {
    var names = PerSeat(one: pool[index % pool.count], two: pool[(index * 7 + 1) % pool.count])
    if names.one == names.two { names.two = pool[(index + 2) % pool.count] }
    generated.append(SimulatedRecord.lines(seed: UInt64(index + 1), names: names))
  }
}
// Each record is one of the distinct games with its players renamed, so 10,000 records are 10,000
// games between players who meet many times, as at a club.
var texts: [String] = []
texts.reserveCapacity(count)
for index in 0..<count {
  let lines = generated[index % distinct]
  let shift = index / distinct
  let renamed = lines.map { line -> String in
    guard line.hasPrefix("ev JOINED "), shift > 0 else { return line }
    var words = line.split(separator: " ").map(String.init)
    let number = Int(words[4].dropFirst("player".count))!
    words[4] = "player\((number - 1 + shift) % pool.count + 1)"
    return words.joined(separator: " ")
  }
  texts.append(renamed.joined(separator: "\n") + "\n")
}
let bytes = texts.reduce(0) { $0 + $1.utf8.count }
let lineCount = texts.reduce(0) { $0 + $1.utf8.lazy.filter { $0 == 10 }.count }

// MARK: - Folding in memory, against a pass that only splits the same text into lines

var history = History()
let splitOnly = timed(rounds: rounds) {
  var total = 0
  for text in texts { total &+= text.utf8.split(separator: 10, omittingEmptySubsequences: false).count }
  precondition(total >= lineCount)
}
let folding = timed(rounds: rounds) {
  history = History()
  for text in texts { try! history.fold(record: text) }
}
precondition(history.records == count && history.games > 0, "the fold saw \(history.records) records")

// MARK: - From disk, and a server's start-up

var template = Array("/tmp/setduel-history-bench-XXXXXX".utf8CString)
guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
let folder = String(cString: made)
let empty = folder + "/empty"
let full = folder + "/records"
mkdir(empty, 0o755)
mkdir(full, 0o755)
for (index, text) in texts.enumerated() {
  let stamp = String(100_000 + index)
  write("\(full)/game-20260101-\(stamp)-seed\(index).record", text)
}
let fromDisk = timed(rounds: rounds) {
  let folded = try! RecordsFolder.fold(full)
  precondition(folded.history.games == history.games && folded.warnings.isEmpty)
}

/// Seconds from making a server to its answering on a port, records read from `directory`.
func startUp(_ directory: String) -> (best: Double, median: Double) {
  timed(rounds: rounds) {
    var settings = TableServer.Settings()
    settings.network.host = "127.0.0.1"
    settings.network.port = 0
    settings.recordsDirectory = directory
    let server = TableServer(settings: settings, log: { _, _ in })
    _ = try! server.start()
    server.stop()
    if let path = server.recordPath { unlink(path) }
  }
}
let startEmpty = startUp(empty)
let startFull = startUp(full)
for index in 0..<count {
  unlink("\(full)/game-20260101-\(String(100_000 + index))-seed\(index).record")
}
rmdir(full)
rmdir(empty)
rmdir(folder)

// MARK: - Report

var loadText = [CChar](repeating: 0, count: 64)
if let file = fopen("/proc/loadavg", "r") {
  _ = fgets(&loadText, 64, file)
  fclose(file)
}
let loadBytes = loadText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
let load = String(decoding: loadBytes, as: UTF8.self).split(separator: " ").prefix(3).joined(separator: " ")
print("History: \(count) records (\(distinct) distinct games), \(lineCount) lines, \(bytes / 1_000_000) MB;")
print("\(history.players.count) players, \(history.games) games; generated in \(milliseconds(seconds(generation))).")
print("Load average (1, 5, 15 min) at the end: \(load). Best and median of \(rounds) rounds.")
print("")
print("| measure | best | median |")
print("|---|---|---|")
print(
  "| baseline: split every record into lines, in memory | \(milliseconds(splitOnly.best)) | \(milliseconds(splitOnly.median)) |"
)
print(
  "| fold \(count) records into stats and ratings, in memory | \(milliseconds(folding.best)) | \(milliseconds(folding.median)) |"
)
print(
  "| read and fold the folder of \(count) records from disk | \(milliseconds(fromDisk.best)) | \(milliseconds(fromDisk.median)) |"
)
print(
  "| baseline: server start-up, empty records folder | \(milliseconds(startEmpty.best)) | \(milliseconds(startEmpty.median)) |"
)
print("| server start-up with \(count) records | \(milliseconds(startFull.best)) | \(milliseconds(startFull.median)) |")
