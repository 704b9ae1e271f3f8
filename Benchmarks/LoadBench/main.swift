// The load generator behind Benchmarks/run.sh: it measures SetDuel servers started on loopback, with
// redis-server as the yardstick, and prints one Markdown table. Build in release mode.
@preconcurrency import Glibc

signal(SIGPIPE, SIG_IGN)
// Room for ten thousand client sockets: the soft descriptor limit up to the hard one.
var limit = rlimit()
let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
if getrlimit(resource, &limit) == 0 && limit.rlim_cur < limit.rlim_max {
  limit.rlim_cur = limit.rlim_max
  _ = setrlimit(resource, &limit)
}

let options: Options
do {
  options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch {
  fputs("setduel-load: \(error)\n", stderr)
  exit(2)
}
let plan = options.plan
// Whatever happens, the run ends: SIGALRM's default action ends the process.
alarm(plan.watchdogSeconds)

var report = Report()

/// Prints progress to standard error, so standard output holds only the table.
func progress(_ text: String) {
  fputs("setduel-load: \(text)\n", stderr)
}

@MainActor
func wanted(_ phase: String, _ ports: UInt16?...) -> Bool {
  guard options.phases.contains(phase) else { return false }
  guard ports.allSatisfy({ $0 != nil }) else {
    report.note("\(phase): skipped, a port it needs was not given")
    return false
  }
  return true
}

func count(_ value: Int) -> String { Format.group(Int64(value)) }

/// Runs the load generator on `cpu`, if one was chosen.
@MainActor
func runOn(_ cpu: Int?) {
  guard let cpu else { return }
  if !Affinity.pin(to: cpu) { report.note("could not pin the load generator to CPU \(cpu)") }
}

for port in [
  options.setDuelPort, options.timerPort, options.idlePort, options.gamesPort, options.skewPort, options.redisPort,
  options.hallPort, options.soloPort, options.tablesPort, options.scalePort,
] + options.serverPorts.map(Optional.some) {
  guard let port else { continue }
  do {
    try Connector.waitForListener(port: port, seconds: 15)
  } catch {
    fputs("setduel-load: \(error)\n", stderr)
    exit(1)
  }
}

// MARK: - Idle connections: memory and CPU (first, while the servers are fresh)

if wanted("idle", options.idlePort, options.redisPort), let idlePid = options.idlePid, let redisPid = options.redisPid {
  let connections = plan.idleConnections
  runOn(options.clientCPU)
  progress("\(connections) idle connections to SetDuel, then to redis-server")
  do {
    let setDuel = try IdleBench.run(
      pid: idlePid, port: options.idlePort!, connections: connections, greeting: IdleBench.setDuel,
      idleSeconds: plan.idleSeconds)
    let redis = try IdleBench.run(
      pid: redisPid, port: options.redisPort!, connections: connections, greeting: IdleBench.redis,
      idleSeconds: plan.idleSeconds)
    let megabyte = 1024.0 * 1024
    let mb = { (bytes: Int) in Format.fixed(Double(bytes) / megabyte, 1) + " MB" }
    let limit = 150 * 1024 * 1024
    report.add(
      Report.Row(
        measure: "\(count(connections)) connections: resident memory (before: \(mb(setDuel.before)) and "
          + "\(mb(redis.before)))",
        setDuel: mb(setDuel.after), redis: mb(redis.after),
        ratio: Format.ratio(Double(setDuel.after), Double(redis.after)), target: "< 150 MB",
        verdict: setDuel.after < limit ? "met" : "missed by \(mb(setDuel.after - limit))"))
    report.add(
      Report.Row(
        measure: "\(count(connections)) connections: memory per connection", setDuel: kb(setDuel.perConnection),
        redis: kb(redis.perConnection), ratio: Format.ratio(setDuel.perConnection, redis.perConnection)))
    report.add(
      Report.Row(
        measure: "\(count(connections)) connections: CPU while idle (over \(Format.fixed(plan.idleSeconds, 0)) s)",
        setDuel: Format.fixed(setDuel.cpu, 2) + "% of a core", redis: Format.fixed(redis.cpu, 2) + "% of a core"))
    if let webPort = options.idleWebPort, let webPid = options.idleWebPid {
      let web = try IdleBench.runWebSocket(
        pid: webPid, port: webPort, connections: connections, idleSeconds: plan.idleSeconds)
      let extra = web.perConnection - setDuel.perConnection
      report.add(
        Report.Row(
          measure: "\(count(connections)) connections: memory per WebSocket connection, beside a line connection",
          setDuel: kb(web.perConnection), redis: kb(setDuel.perConnection) + " (line)",
          ratio: Format.ratio(web.perConnection, setDuel.perConnection), target: "≤ 2 KB more",
          verdict: extra <= 2048 ? "met" : "missed by \(kb(extra - 2048))"))
    }
    report.note(
      "Opening and greeting \(count(connections)) connections took \(Format.fixed(setDuel.setUp, 1)) s on SetDuel "
        + "(MODE MACHINE and NAME each), \(Format.fixed(redis.setUp, 1)) s on redis-server (one PING each).")
  } catch {
    report.fail("idle connections", error)
  }
}

func kb(_ bytes: Double) -> String { Format.fixed(bytes / 1024, 1) + " KB" }

// MARK: - PING round trips

if wanted("ping", options.setDuelPort, options.redisPort) {
  runOn(options.serverCPU)
  for connections in plan.pingConnections {
    let label = connections == 1 ? "1 connection" : "\(count(connections)) connections open"
    progress("PING round trips, \(label): \(plan.pingSamples) samples a server")
    do {
      let results = try PingBench.run(
        [
          PingBench.setDuel(port: options.setDuelPort!), PingBench.redis(port: options.redisPort!),
          PingBench.setDuelWebSocket(port: options.setDuelPort!),
        ],
        connections: connections, warmup: plan.pingWarmup, samples: plan.pingSamples)
      let (setDuel, redis, webSocket) = (results[0], results[1], results[2])
      report.compare("PING round trip, \(label): p50", setDuel.p50, redis.p50, limit: 1.0)
      report.compare("PING round trip, \(label): p99", setDuel.p99, redis.p99, limit: 1.0)
      report.compare("PING round trip, \(label): max", setDuel.max, redis.max, limit: nil)
      report.compare(
        "WebSocket PING vs line PING, \(label): p50", webSocket.p50, setDuel.p50, limit: 1.2, against: "line")
      report.compare(
        "WebSocket PING vs line PING, \(label): p99", webSocket.p99, setDuel.p99, limit: 1.2, against: "line")
    } catch {
      report.fail("PING, \(label)", error)
    }
  }
  report.note(
    "PING: \(count(plan.pingSamples)) round trips a server after \(count(plan.pingWarmup)) unrecorded, SetDuel's "
      + "line connections, redis-server and SetDuel's WebSocket connections (a browser's masked text message "
      + "`PING b`) alternating sample by sample; with many connections open the pings go round them in turn"
      + (options.serverCPU.map { "; timed from the servers' own CPU \($0), so no round trip crosses cores." } ?? "."))
}

// MARK: - PING under a telnet flood

if wanted("flood", options.setDuelPort) {
  runOn(options.clientCPU)
  progress("PING round trips while another connection floods IAC DO TIMING-MARK: \(plan.floodSamples) samples")
  do {
    let result = try FloodBench.run(
      port: options.setDuelPort!, cpu: options.clientCPU, warmup: plan.pingWarmup / 10, samples: plan.floodSamples)
    let label = "PING round trip while one connection floods IAC DO TIMING-MARK"
    report.time(
      "PING round trip of the flood's bystander, before the flood: p50", result.quiet.p50, unit: Format.micros)
    report.time(
      "PING round trip of the flood's bystander, before the flood: p99", result.quiet.p99, unit: Format.micros)
    report.time("\(label): p50", result.ping.p50)
    report.time("\(label): p99", result.ping.p99, under: 5_000_000)
    let times = { (flood: Int64, quiet: Int64) in Format.fixed(Double(flood) / Double(max(1, quiet)), 1) + "×" }
    report.note(
      "Telnet flood: one unnamed connection sent \(count(result.commands)) IAC DO TIMING-MARK, 1,000 a write, "
        + "reading the \(count(result.answerBytes)) bytes of answers, while another timed \(result.ping.count) PINGs "
        + "(max \(Format.millis(result.ping.max))); the server dropped the flooder \(result.drops) times "
        + "(each time it came back on a new connection). Under the flood the bystander's PING p50 was "
        + "\(times(result.ping.p50, result.quiet.p50)) and its p99 \(times(result.ping.p99, result.quiet.p99)) its own "
        + "before the flood (\(result.quiet.count) PINGs, max \(Format.micros(result.quiet.max))).")
  } catch {
    report.fail("telnet flood", error)
  }
}

// MARK: - Fan-out to spectators

if wanted("fanout", options.setDuelPort) {
  runOn(options.clientCPU)
  progress("fan-out of a set found to \(plan.spectators) spectators: \(plan.fanOutSamples) samples")
  do {
    let result = try FanOutBench.run(
      port: options.setDuelPort!, redisPort: options.redisPort, floorPort: options.floorPort,
      spectators: plan.spectators, samples: plan.fanOutSamples, seconds: 300)
    let label = "fan-out, set found → last of \(count(plan.spectators)) spectators (redis: PUBLISH → subscribers)"
    report.time("\(label): p50", result.last.p50, redis: result.redis?.p50)
    report.time("\(label): p99", result.last.p99, redis: result.redis?.p99)
    if let floor = result.floor {
      let floorLabel = "fan-out to \(count(plan.spectators)) spectators vs the floor (one 170-byte send each)"
      report.compare("\(floorLabel): p50", result.last.p50, floor.p50, limit: 1.15, against: "floor")
      report.compare("\(floorLabel): p99", result.last.p99, floor.p99, limit: 1.15, against: "floor")
    }
    if let webPort = options.fanOutWebPort {
      let web = try FanOutBench.run(
        port: webPort, redisPort: nil, spectators: plan.spectators, samples: plan.fanOutSamples, seconds: 300,
        webSocket: true)
      let webLabel = "fan-out to \(count(plan.spectators)) WebSocket spectators vs line spectators, last"
      report.compare("\(webLabel): p50", web.last.p50, result.last.p50, limit: 1.2, against: "line")
      report.compare("\(webLabel): p99", web.last.p99, result.last.p99, limit: 1.2, against: "line")
    }
    report.note(
      "Fan-out of a set found: \(result.last.count) picks; the first spectator had SET after "
        + "\(Format.millis(result.first.p50)) (p50), the last after \(Format.millis(result.last.p50)); "
        + "max \(Format.millis(result.last.max))"
        + (result.redis.map { "; redis-server's PUBLISH max \(Format.millis($0.max))" } ?? "")
        + (result.floor.map {
          "; the floor (setduel-floor fanout, in turn with both) p50 \(Format.millis($0.p50)), p99 "
            + "\(Format.millis($0.p99)), max \(Format.millis($0.max))"
            + (result.floorFirst.map { ", its first receiver after \(Format.millis($0.p50)) (p50)." } ?? ".")
        } ?? "."))
  } catch {
    report.fail("fan-out", error)
  }
}

// MARK: - The two seats' receive skew, seat 2 resumed after the spectators

if wanted("skew", options.skewPort) {
  runOn(options.clientCPU)
  progress("seat skew with \(plan.spectators) spectators and a resumed seat 2: \(plan.skewSamples) sets")
  do {
    let result = try SkewBench.run(
      port: options.skewPort!, spectators: plan.spectators, samples: plan.skewSamples, seconds: 300)
    let label = "seats' receive skew of SET, \(count(plan.spectators)) spectators, seat 2 resumed after them"
    report.time("\(label): p50", result.skew.p50, unit: Format.micros)
    report.time("\(label): p99", result.skew.p99, under: 100_000, unit: Format.micros)
    report.note(
      "Seat skew: \(result.skew.count) sets found by seat 1; the gap between the two players' kernel receive "
        + "times of SET, max \(Format.micros(result.skew.max)); seat 2 had it first \(result.secondFirst) times.")
  } catch {
    report.fail("seat skew", error)
  }
}

// MARK: - Timer lateness

if wanted("timer", options.timerPort) {
  runOn(options.clientCPU)
  progress("timer lateness with \(plan.spectators) spectators: \(plan.timerSamples) claims left to run out")
  do {
    let result = try TimerBench.run(
      port: options.timerPort!, floorPort: options.floorTimerPort, spectators: plan.spectators,
      samples: plan.timerSamples, seconds: 300)
    let watching = "\(count(plan.spectators)) spectators watching"
    let margin: Int64 = 300_000
    if let floor = result.floor {
      report.time("timer floor (setduel-floor timer, a timerfd): p50", floor.p50)
      report.time("timer floor (setduel-floor timer, a timerfd): p99", floor.p99)
    }
    report.time(
      "timer lateness, claim expiry → players, \(watching): p50", result.players.p50,
      under: result.floor.map { $0.p50 + margin })
    report.time(
      "timer lateness, claim expiry → players, \(watching): p99", result.players.p99,
      under: result.floor.map { $0.p99 + margin })
    let label = "fan-out, claim expiring → last of \(count(plan.spectators)) spectators (from the deadline)"
    report.time("\(label): p50", result.spectators.p50)
    report.time("\(label): p99", result.spectators.p99, under: 5_000_000)
    report.note(
      "Timer: \(result.players.count) claim windows of \(result.window) ms left to run out; max lateness "
        + "\(Format.millis(result.players.max)); each measured from the clock just before the `CLAIM` was sent "
        + "plus the window (the server's deadline is its kernel's receipt plus the window, a little later, so "
        + "this can only overstate lateness).")
  } catch {
    report.fail("timer lateness", error)
  }
}

// MARK: - Complete games

if wanted("games", options.gamesPort) {
  runOn(options.clientCPU)
  progress("two bots playing complete games for \(Format.fixed(plan.gameSeconds, 1)) s")
  do {
    let result = try GamesBench.run(
      port: options.gamesPort!, seconds: plan.gameSeconds, minimumGames: plan.minimumGames)
    report.add(
      Report.Row(
        measure: "complete games per second, two bots at zero think time",
        setDuel: Format.fixed(result.gamesPerSecond, 1) + " games/s"))
    report.note(
      "Games: \(result.games) games in \(Format.fixed(result.seconds, 2)) s, "
        + "\(Format.fixed(Double(result.requests) / Double(max(1, result.games)), 1)) requests a game; "
        + "\(result.givenUp) claims or turns given up for want of a set, \(result.expiries) windows ran out.")
  } catch {
    report.fail("games", error)
  }
}

// MARK: - The hall's isolation and scale (HallPhases.swift)

measureHall()

// MARK: - The rules core, as setduel-bench measured it

if let path = options.coreOutput {
  for row in CoreFigures.rows(fromFile: path) { report.add(row) }
}

print(report.printed())
exit(report.failures.isEmpty ? 0 : 1)
