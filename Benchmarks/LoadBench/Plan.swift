import Glibc

/// How much to measure: the full run, or a smoke run that only proves every step still works.
struct Plan {
  var pingConnections = [1, 1_000]
  var pingWarmup = 1_000
  var pingSamples = 20_000
  var spectators = 1_000
  var fanOutSamples = 400
  var timerSamples = 1_000
  var floodSamples = 5_000
  var skewSamples = 200
  var idleConnections = 10_000
  var idleSeconds = 5.0
  var gameSeconds = 10.0
  var minimumGames = 3
  /// The hall: busy tables beside the quiet one, rounds of every condition, and each quiet table's
  /// PINGs and picks in each block of a round.
  var busyTables = 32
  var hallRounds = 2
  var quietPings = 5_000
  var quietPicks = 500
  /// Empty tables opened for their memory; seconds each side plays in each round of the hall against
  /// one-table servers, and the rounds.
  var emptyTables = 256
  var scaleSeconds = 5.0
  var scaleRounds = 2
  /// Connections watching the hall, and moves timed with and without them.
  var hallWatchers = 1_000
  var watchSamples = 200
  /// The whole run is cut off after this many seconds, whatever happens.
  var watchdogSeconds: UInt32 = 900

  static let full = Plan()

  static let smoke = Plan(
    pingConnections: [1, 50], pingWarmup: 50, pingSamples: 300, spectators: 50, fanOutSamples: 10,
    timerSamples: 5, floodSamples: 200, skewSamples: 5, idleConnections: 300, idleSeconds: 1, gameSeconds: 0.5,
    minimumGames: 1, busyTables: 4, hallRounds: 1, quietPings: 100, quietPicks: 10, emptyTables: 16,
    scaleSeconds: 0.5, scaleRounds: 1, hallWatchers: 50, watchSamples: 10, watchdogSeconds: 120)
}

/// The command line: the ports (and process ids) of the servers run.sh started.
struct Options {
  var plan = Plan.full
  /// SetDuel for PING and fan-out.
  var setDuelPort: UInt16?
  /// SetDuel with a short claim window, for timer lateness.
  var timerPort: UInt16?
  /// A fresh SetDuel for memory and idle CPU, and its process id.
  var idlePort: UInt16?
  var idlePid: Int32?
  /// Another fresh SetDuel, for the same measure over WebSocket connections, and its process id.
  var idleWebPort: UInt16?
  var idleWebPid: Int32?
  /// A fresh SetDuel for the fan-out to spectators watching over WebSockets.
  var fanOutWebPort: UInt16?
  /// SetDuel for the bots' games.
  var gamesPort: UInt16?
  var skewPort: UInt16?
  var redisPort: UInt16?
  var redisPid: Int32?
  /// `setduel-floor fanout` and `setduel-floor timer`: the kernel's floor for the fan-out and the timer.
  var floorPort: UInt16?
  var floorTimerPort: UInt16?
  /// A hall whose table 1 is the quiet one and tables 2 to `plan.busyTables + 1` the busy ones, its
  /// process id, and a one-table server beside it.
  var hallPort: UInt16?
  var hallPid: Int32?
  var soloPort: UInt16?
  /// A fresh hall for the memory of empty tables, and its process id.
  var tablesPort: UInt16?
  var tablesPid: Int32?
  /// A hall of `plan.busyTables` tables, and as many one-table servers, with their process ids.
  var scalePort: UInt16?
  var scalePid: Int32?
  var serverPorts: [UInt16] = []
  var serverPids: [Int32] = []
  /// A fresh hall of three tables, for the changes pushed to those who watch it.
  var watchPort: UInt16?
  var phases: Set<String> = Options.allPhases
  /// A file holding what `setduel-bench` printed, for the rules core's rows.
  var coreOutput: String?
  /// The core the servers run on: the load generator pins itself there for PING round trips, so that
  /// every round trip is two switches on one core, as fast for one server as for the other, never a
  /// wake-up across cores whose cost depends on where the scheduler happened to put each thread.
  var serverCPU: Int?
  /// The core the load generator runs on for everything else, so its reading does not take the
  /// servers' core.
  var clientCPU: Int?

  static let allPhases: Set<String> = [
    "idle", "ping", "flood", "fanout", "skew", "timer", "games", "hall", "scale", "watch",
  ]

  static let usage = """
    usage: setduel-load [--smoke] [--only PHASE,...] --setduel-port N --timer-port N --idle-port N --idle-pid N
                        --games-port N --redis-port N --redis-pid N

    Measures SetDuel servers (and redis-server, for comparison) already listening on 127.0.0.1, and
    prints one Markdown table. Benchmarks/run.sh starts the servers and runs this.

      --setduel-port   SetDuel for PING round trips and fan-out (started with --rate 100000 --burst 100000)
      --timer-port     SetDuel with a short --claim-window, for timer lateness
      --idle-port/pid  a fresh SetDuel for memory and idle CPU with many connections
      --idle-web-port/pid  another, for the same over WebSocket connections (optional)
      --fanout-web-port  a fresh SetDuel for the fan-out to WebSocket spectators (optional)
      --games-port     SetDuel for two bots playing complete games
      --skew-port      a fresh SetDuel (as --setduel-port) for the seats' receive skew with a resumed seat
      --hall-port/pid  a hall of --busy-tables + 1 tables, for its quiet table 1 beside the busy ones
      --solo-port      a one-table SetDuel, the yardstick for the hall's quiet table
      --tables-port/pid  a fresh hall, for the memory of empty tables
      --scale-port/pid a hall of --busy-tables tables, against the one-table servers below
      --server-ports/pids P,P,...  one-table SetDuel servers, as many as --busy-tables
      --watch-port     a fresh hall of three tables, for what its watchers (TABLES WATCH) cost a change
      --busy-tables N  busy tables in the hall (default 32; smoke 4)
      --redis-port/pid redis-server, the yardstick for PING, memory and idle CPU
      --floor-port     setduel-floor fanout, the kernel's floor for the fan-out (optional)
      --floor-timer-port  setduel-floor timer, the kernel's floor for the timer lateness (optional)
      --server-cpu N   the core the servers are pinned to: PING round trips are timed from it
      --client-cpu N   the core to run on for everything but PING round trips
      --core-output F  what setduel-bench printed, for the rules core's rows
      --smoke          small counts: seconds, not minutes
      --only           some of: idle, ping, flood, fanout, skew, timer, games, hall, scale, watch
      --spectators N   spectators for fan-out, seat skew and timer lateness (default 1,000; smoke 50)
      --samples N      samples for fan-out and timer lateness (default 400 and 1,000)
    """

  init(_ words: [String]) throws(BenchError) {
    var spectators: Int?
    var samples: Int?
    var busyTables: Int?
    var rest = words[...]
    while let word = rest.popFirst() {
      switch word {
      case "--smoke":
        plan = .smoke
      case "--help", "-h":
        print(Options.usage)
        exit(0)
      default:
        guard let value = rest.popFirst() else { throw BenchError("\(word) needs a value\n\n\(Options.usage)") }
        switch word {
        case "--setduel-port": setDuelPort = try Options.port(word, value)
        case "--timer-port": timerPort = try Options.port(word, value)
        case "--idle-port": idlePort = try Options.port(word, value)
        case "--games-port": gamesPort = try Options.port(word, value)
        case "--skew-port": skewPort = try Options.port(word, value)
        case "--redis-port": redisPort = try Options.port(word, value)
        case "--floor-port": floorPort = try Options.port(word, value)
        case "--floor-timer-port": floorTimerPort = try Options.port(word, value)
        case "--idle-pid": idlePid = try Options.pid(word, value)
        case "--idle-web-port": idleWebPort = try Options.port(word, value)
        case "--idle-web-pid": idleWebPid = try Options.pid(word, value)
        case "--fanout-web-port": fanOutWebPort = try Options.port(word, value)
        case "--redis-pid": redisPid = try Options.pid(word, value)
        case "--core-output": coreOutput = value
        case "--server-cpu": serverCPU = try Options.cpu(word, value)
        case "--client-cpu": clientCPU = try Options.cpu(word, value)
        case "--hall-port": hallPort = try Options.port(word, value)
        case "--hall-pid": hallPid = try Options.pid(word, value)
        case "--solo-port": soloPort = try Options.port(word, value)
        case "--tables-port": tablesPort = try Options.port(word, value)
        case "--tables-pid": tablesPid = try Options.pid(word, value)
        case "--scale-port": scalePort = try Options.port(word, value)
        case "--scale-pid": scalePid = try Options.pid(word, value)
        case "--watch-port": watchPort = try Options.port(word, value)
        case "--server-ports":
          serverPorts = try value.split(separator: ",").map { text throws(BenchError) in
            try Options.port(word, String(text))
          }
        case "--server-pids":
          serverPids = try value.split(separator: ",").map { text throws(BenchError) in
            try Options.pid(word, String(text))
          }
        case "--busy-tables": busyTables = try Options.count(word, value)
        case "--spectators": spectators = try Options.count(word, value)
        case "--samples": samples = try Options.count(word, value)
        case "--only":
          phases = Set(value.split(separator: ",").map(String.init))
          guard phases.isSubset(of: Options.allPhases) else { throw BenchError("--only: \(value)\n\n\(Options.usage)") }
        default: throw BenchError("unknown option \(word)\n\n\(Options.usage)")
        }
      }
    }
    plan.spectators = spectators ?? plan.spectators
    plan.busyTables = busyTables ?? plan.busyTables
    plan.fanOutSamples = samples ?? plan.fanOutSamples
    plan.timerSamples = samples ?? plan.timerSamples
  }

  private static func port(_ name: String, _ text: String) throws(BenchError) -> UInt16 {
    guard let port = UInt16(text), port > 0 else { throw BenchError("\(name) \(text): expected a port") }
    return port
  }

  private static func count(_ name: String, _ text: String) throws(BenchError) -> Int {
    guard let count = Int(text), (1...100_000).contains(count) else {
      throw BenchError("\(name) \(text): expected a count 1 to 100000")
    }
    return count
  }

  private static func cpu(_ name: String, _ text: String) throws(BenchError) -> Int {
    guard let cpu = Int(text), (0..<1024).contains(cpu) else { throw BenchError("\(name) \(text): expected a CPU") }
    return cpu
  }

  private static func pid(_ name: String, _ text: String) throws(BenchError) -> Int32 {
    guard let pid = Int32(text), pid > 0 else { throw BenchError("\(name) \(text): expected a process id") }
    return pid
  }
}
