/// The phases that measure the hall: a quiet table beside busy ones, a flooder and a non-reader
/// (`hall`); the memory of empty tables, and one hall against one-table processes (`scale`); a change
/// pushed to a thousand who watch the hall (`watch`).
@MainActor
func measureHall() {
  if wanted("hall", options.hallPort, options.soloPort), let hallPid = options.hallPid {
    runOn(options.clientCPU)
    progress("the hall: a quiet table beside \(plan.busyTables) busy ones, a flooder and a non-reader")
    do {
      let setting = HallBench.Setting(
        hallPort: options.hallPort!, hallPid: hallPid, soloPort: options.soloPort!, busyTables: plan.busyTables,
        clientCPU: options.clientCPU)
      let result = try HallBench.run(setting, rounds: plan.hallRounds, pings: plan.quietPings, picks: plan.quietPicks)
      report.addIsolation(result, busyTables: plan.busyTables)
    } catch {
      report.fail("hall isolation", error)
    }
  }

  if wanted("scale", options.tablesPort, options.scalePort), let tablesPid = options.tablesPid,
    let scalePid = options.scalePid
  {
    runOn(options.clientCPU)
    progress("the hall's scale: \(plan.emptyTables) empty tables; \(plan.busyTables) busy tables against processes")
    do throws(BenchError) {
      report.addEmptyTables(
        try ScaleBench.emptyTables(port: options.tablesPort!, pid: tablesPid, count: plan.emptyTables))
      guard options.serverPorts.count == plan.busyTables, options.serverPids.count == plan.busyTables else {
        throw BenchError("\(options.serverPorts.count) one-table servers given for \(plan.busyTables) busy tables")
      }
      let (hall, processes) = try ScaleBench.hallAgainstProcesses(
        hallPort: options.scalePort!, hallPid: scalePid, tables: plan.busyTables,
        servers: Array(zip(options.serverPorts, options.serverPids)), seconds: plan.scaleSeconds,
        rounds: plan.scaleRounds, cpu: options.clientCPU)
      report.addScale(hall: hall, processes: processes, tables: plan.busyTables)
    } catch {
      report.fail("hall scale", error)
    }
  }

  if wanted("watch", options.watchPort) {
    runOn(options.clientCPU)
    progress("the hall's watchers: \(plan.watchSamples) moves alone and with \(plan.hallWatchers) watching")
    do {
      let result = try WatchBench.run(port: options.watchPort!, watchers: plan.hallWatchers, samples: plan.watchSamples)
      report.addWatchers(result, watchers: plan.hallWatchers)
    } catch {
      report.fail("hall watchers", error)
    }
  }
}
