/// The hall's rows of the report: its isolation (`HallBench`) and its scale (`ScaleBench`). Each
/// compares two figures taken in the same run, the second named in the third column.
extension Report {
  mutating func addIsolation(_ result: HallBench.Result, busyTables: Int) {
    let solo = result.summary(.calm, hall: false)
    let calm = result.summary(.calm, hall: true)
    let busy = result.summary(.busy, hall: true)
    let busySolo = result.summary(.busy, hall: false)
    let busyLabel = "quiet table of a hall, \(busyTables) tables busy, vs a one-table server"
    compare("\(busyLabel): PING p50", busy.ping.p50, solo.ping.p50, limit: nil, against: "one table")
    compare("\(busyLabel): PING p99", busy.ping.p99, solo.ping.p99, limit: 1.2, against: "one table")
    compare("\(busyLabel): pick → SET p50", busy.pick.p50, solo.pick.p50, limit: nil, against: "one table")
    compare("\(busyLabel): pick → SET p99", busy.pick.p99, solo.pick.p99, limit: 1.2, against: "one table")
    let sameTime = "the same, against the one-table server at the same moments (its core shared with the busy hall)"
    compare("\(sameTime): PING p99", busy.ping.p99, busySolo.ping.p99, limit: nil, against: "one table")
    compare("\(sameTime): pick → SET p99", busy.pick.p99, busySolo.pick.p99, limit: nil, against: "one table")
    let pace = "\(Format.fixed(HallBench.quietPause * 1000, 0)) ms"
    let paced = result.summary(.busyPaced, hall: true)
    let pacedSolo = result.summary(.busyPaced, hall: false)
    let pacedCalmSolo = result.summary(.calmPaced, hall: false)
    let pacedLabel = "the quiet table at a steady pace (\(pace) between samples), \(busyTables) tables busy"
    compare(
      "\(pacedLabel), vs a one-table server: PING p50", paced.ping.p50, pacedCalmSolo.ping.p50, limit: nil,
      against: "one table")
    compare(
      "\(pacedLabel), vs a one-table server: PING p99", paced.ping.p99, pacedCalmSolo.ping.p99, limit: nil,
      against: "one table")
    compare(
      "\(pacedLabel), vs a one-table server: pick → SET p99", paced.pick.p99, pacedCalmSolo.pick.p99, limit: nil,
      against: "one table")
    compare(
      "\(pacedLabel), vs the one-table server at the same moments: PING p99", paced.ping.p99, pacedSolo.ping.p99,
      limit: nil, against: "one table")
    compare(
      "\(pacedLabel), vs the one-table server at the same moments: pick → SET p99", paced.pick.p99, pacedSolo.pick.p99,
      limit: nil, against: "one table")
    let idle = "quiet table of a hall, \(busyTables + 1) tables open and calm, vs a one-table server"
    compare("\(idle): PING p99", calm.ping.p99, solo.ping.p99, limit: nil, against: "one table")
    compare("\(idle): pick → SET p99", calm.pick.p99, solo.pick.p99, limit: nil, against: "one table")
    for (condition, what) in [(HallBench.Condition.flood, "floods lines"), (.nonReader, "never reads")] {
      let under = result.summary(condition, hall: true)
      let label = "quiet table while a connection at another table \(what), vs calm"
      compare("\(label): PING p99", under.ping.p99, calm.ping.p99, limit: 1.2, against: "calm")
      compare("\(label): pick → SET p99", under.pick.p99, calm.pick.p99, limit: 1.2, against: "calm")
      let underSolo = result.summary(condition, hall: false)
      let moments = "the same, against the one-table server at the same moments (its core shared with that hall)"
      compare("\(moments): PING p99", under.ping.p99, underSolo.ping.p99, limit: nil, against: "one table")
      compare("\(moments): pick → SET p99", under.pick.p99, underSolo.pick.p99, limit: nil, against: "one table")
    }
    let gamesPerSecond = Double(result.games) / max(result.busySeconds, 1e-9)
    note(
      "Hall: a quiet table (table 1: seat 1 picks sets one at a time, a third connection pings) at a hall and at "
        + "a one-table server, the two in turn sample by sample, \(summaryCount(calm)) a condition, asking as fast "
        + "as it is answered (at a steady pace where it says so); "
        + "\(busyTables) busy tables played \(Format.fixed(gamesPerSecond, 1)) games/s with the hall at "
        + "\(Format.fixed(result.busyCPU, 0))% of its core; the flooder (PING lines, every answer read, at "
        + "table 2) was dropped \(result.floodDrops) times, the non-reader (HELP, never read, at table 3) "
        + "\(result.nonReaderDrops) times; each came back at once.")
  }

  mutating func addWatchers(_ result: WatchBench.Result, watchers: Int) {
    let who = "\(Format.group(Int64(watchers))) watching the hall"
    time("JOIN round trip, a move that changes two tables, nobody watching the hall: p50", result.alone.p50)
    time("JOIN round trip, a move that changes two tables, nobody watching the hall: p99", result.alone.p99)
    time("JOIN round trip, the same move, \(who): p50", result.watched.p50)
    time("JOIN round trip, the same move, \(who): p99", result.watched.p99)
    time("the move's two HALL lines to the last of \(who): p50", result.lastWatcher.p50)
    time("the move's two HALL lines to the last of \(who): p99", result.lastWatcher.p99)
    note(
      "Watchers: one connection moved between tables 2 and 3 of a fresh hall with JOIN, "
        + "\(Format.group(Int64(result.alone.count))) moves timed with nobody watching, then "
        + "\(Format.group(Int64(result.watched.count))) with \(who) (TABLES WATCH, in the machine presentation), "
        + "each move waiting for every watcher to have both tables' HALL lines.")
  }

  private func summaryCount(_ figures: (ping: Summary, pick: Summary)) -> String {
    "\(Format.group(Int64(figures.ping.count))) PINGs and \(Format.group(Int64(figures.pick.count))) picks"
  }

  mutating func addEmptyTables(_ empty: ScaleBench.Empty) {
    let limit = 64.0 * 1024
    add(
      Row(
        measure: "an empty table: resident memory (\(empty.tables) opened)",
        setDuel: Format.fixed(empty.perTable / 1024, 1) + " KB", target: "≤ 64 KB",
        verdict: empty.perTable <= limit
          ? "met" : "missed by \(Format.fixed((empty.perTable - limit) / 1024, 1)) KB"))
  }

  mutating func addScale(hall: ScaleBench.Side, processes: ScaleBench.Side, tables: Int) {
    let label = "\(tables) busy tables, one hall vs \(tables) one-table processes"
    let megabytes = { (bytes: Int) in Format.fixed(Double(bytes) / (1024 * 1024), 1) + " MB" }
    for (what, ours, theirs) in [
      ("resident memory (RSS, summed)", hall.resident, processes.resident),
      ("proportional memory (PSS, summed)", hall.proportional, processes.proportional),
    ] {
      let ratio = Double(ours) / Double(max(1, theirs))
      add(
        Row(
          measure: "\(label): \(what)", setDuel: megabytes(ours), redis: megabytes(theirs) + " (processes)",
          ratio: Format.fixed(ratio, 2) + "×", target: "≤ 0.25× processes",
          verdict: ratio <= 0.25 ? "met" : "missed by " + Format.fixed((ratio / 0.25 - 1) * 100, 0) + "%"))
    }
    let ratio = hall.gamesPerSecond / max(processes.gamesPerSecond, 1e-9)
    add(
      Row(
        measure: "\(label): complete games per second",
        setDuel: Format.fixed(hall.gamesPerSecond, 1) + " games/s",
        redis: Format.fixed(processes.gamesPerSecond, 1) + " games/s (processes)",
        ratio: Format.fixed(ratio, 2) + "×", target: "≥ 1× processes",
        verdict: ratio >= 1 ? "met" : "missed by " + Format.fixed((1 - ratio) * 100, 1) + "%"))
    let perGame = { (side: ScaleBench.Side) in
      Format.fixed(Double(side.ticks) / Double(ProcessStats.ticksPerSecond) / Double(max(1, side.games)) * 1e3, 2)
    }
    note(
      "Scale: two bots at each table, every one on one thread of the load generator; the hall and the "
        + "processes played in turn, \(Format.fixed(hall.seconds, 1)) s and \(Format.fixed(processes.seconds, 1)) s "
        + "in all; server CPU per game: \(perGame(hall)) ms in the hall, \(perGame(processes)) ms in the processes; "
        + "memory taken once each side had played two games a table (the hall \(hall.memoryGames) games, the "
        + "processes \(processes.memoryGames)).")
  }
}
