/// The hall's isolation: a quiet table (table 1 of a hall, two players and a pinger) measured while
/// the other tables are calm, while two bots at zero think time play at each of many other tables, while
/// one connection at another table floods it with lines, and while one there never reads; and, calm and
/// beside the busy tables, the same table asking at a steady pace (`quietPause`) rather than as fast as
/// it is answered. A one-table server's quiet table, sample for sample in turn with the hall's, is the
/// yardstick.
///
/// Each round takes every condition once, in the same order, so a busy moment on the shared machine
/// falls on all of them alike; and within each, the two quiet tables take turns sample by sample.
enum HallBench {
  enum Condition: Int, CaseIterable {
    case calm, busy, flood, nonReader
    /// As `calm` and `busy`, the quiet table asking at a steady pace (`quietPause`).
    case calmPaced, busyPaced

    /// Whether the quiet table pauses between samples.
    var isPaced: Bool { self == .calmPaced || self == .busyPaced }
  }

  /// The quiet table's pace where it is paced: a sample at each server, then this pause, in seconds.
  /// A table of people asks far less often; with no pause, a table asks some thousands of times a
  /// second, more than its share of the hall's one core beside 32 busy tables.
  static let quietPause = 0.001

  struct Result {
    /// Per condition, the samples at the one-table server (index 0) and at the hall (index 1).
    var samples: [QuietSamples]
    /// Complete games at the busy tables over the busy blocks, and those blocks' length in seconds.
    var games = 0
    var busySeconds = 0.0
    /// The hall's CPU over the busy blocks, percent of a core.
    var busyCPU = 0.0
    /// How many times the server dropped the flooder and the non-reader.
    var floodDrops = 0
    var nonReaderDrops = 0

    func summary(_ condition: Condition, hall: Bool) -> (ping: Summary, pick: Summary) {
      var taken = samples[condition.rawValue]
      let index = hall ? 1 : 0
      return (taken.pings[index].summary()!, taken.picks[index].summary()!)
    }
  }

  /// Where it runs: the hall (table 1 quiet, tables 2 to `busyTables + 1` busy) and its process, the
  /// one-table server, and the load generator's CPU for the bots and the flooders.
  struct Setting {
    let hallPort: UInt16
    let hallPid: Int32
    let soloPort: UInt16
    let busyTables: Int
    let clientCPU: Int?
  }

  static func run(_ setting: Setting, rounds: Int, pings: Int, picks: Int) throws(BenchError) -> Result {
    let solo = try QuietTable(name: "the one-table server", port: setting.soloPort)
    let hall = try QuietTable(name: "the hall", port: setting.hallPort)
    let busy = try BusyLoad(
      (0..<setting.busyTables).map { BotTables.Target(port: setting.hallPort, table: $0 + 2) }, cpu: setting.clientCPU)
    var result = Result(samples: Condition.allCases.map { _ in QuietSamples(tables: 2) })
    for _ in 0..<rounds {
      for condition in Condition.allCases {
        var flooder: Flooder?
        switch condition {
        case .calm, .calmPaced: break
        case .busy, .busyPaced:
          busy.play(true)
        case .flood:
          // A line flood at table 2, every answer read.
          let load = Flooder.Load(opening: bytes("JOIN 2"), chunk: bytes("PING f", times: 1000))
          flooder = Flooder(port: setting.hallPort, load, cpu: setting.clientCPU, idle: false)
        case .nonReader:
          // Requests with long answers at table 3, none of them read.
          let load = Flooder.Load(opening: bytes("JOIN 3"), chunk: bytes("HELP", times: 100), reads: false)
          flooder = Flooder(port: setting.hallPort, load, cpu: setting.clientCPU, idle: false)
        }
        Clock.sleep(seconds: condition == .calm ? 0.05 : 0.3)  // the load at full speed first
        let games = busy.games
        let began = Clock.now()
        let ticks = ProcessStats.cpuTicks(pid: setting.hallPid) ?? 0
        try result.samples[condition.rawValue].take(
          [solo, hall], pings: pings, picks: picks, pause: condition.isPaced ? quietPause : 0)
        switch condition {
        case .busy:
          let seconds = Double(Clock.now() - began) / 1e9
          result.busySeconds += seconds
          result.games += busy.games - games
          let used = Double((ProcessStats.cpuTicks(pid: setting.hallPid) ?? ticks) - ticks)
          result.busyCPU += used / Double(ProcessStats.ticksPerSecond) * 100
          busy.play(false)
        case .busyPaced: busy.play(false)
        case .flood: result.floodDrops += flooder?.drops ?? 0
        case .nonReader: result.nonReaderDrops += flooder?.drops ?? 0
        case .calm, .calmPaced: break
        }
        try flooder?.stop()
        Clock.sleep(seconds: 0.2)  // the last of the load read and answered
      }
    }
    try busy.stop()
    if result.busySeconds > 0 { result.busyCPU /= result.busySeconds }
    return result
  }

  /// `line` and a CRLF, `times` times over.
  private static func bytes(_ line: String, times: Int = 1) -> [UInt8] {
    [UInt8]((0..<times).flatMap { _ in Array(line.utf8) + [13, 10] })
  }
}
