import Dispatch
@preconcurrency import Glibc
import SetClient
import SetClientCore
import SetCore
import SetDiscovery
import SetHost
import SetLAN
import SetNet
import SetProtocol
import SetQR
import SetServer
import SetTransport

/// `setduel serve`: host a table.
enum Serve {
  static let defaultPort: UInt16 = 7878

  /// What a table runs with when no option says otherwise: the library's settings on `defaultPort`.
  /// The usage text and the parser below both read them.
  static let defaults: TableServer.Settings = {
    var settings = TableServer.Settings()
    settings.network.port = defaultPort
    return settings
  }()
  private static let rules = defaults.rules
  private static let network = defaults.network
  private static let limit = network.rateLimit ?? TokenBucket.Configuration()
  private static let claimSeconds = seconds(rules.claimWindow)
  private static let graceSeconds = seconds(rules.resumeGrace)
  private static let idleSeconds = seconds(network.idleTimeout.wholeMilliseconds)
  private static let maxOutput = network.maxQueuedOutputBytes
  private static let logLevel = defaults.logLevel.name
  private static let hall = defaults.hall
  /// " (default)" after the default way of scoring.
  private static func by(_ scoring: Scoring) -> String { rules.scoring == scoring ? " (default)" : "" }
  /// The variants, the default marked: `normal (default), junior, ... or ultra9`.
  private static let variants = Suggestion.alternatives(
    Variant.allCases.map { $0 == rules.variant ? "\($0.rawValue) (default)" : $0.rawValue })
  /// The speed scoring's steps, from `Scoring`: `3 if found within 10 s of the table changing, 2 within
  /// 20 s, 1 after`.
  static let speedCurve: String = {
    let step = Scoring.speedStep / 1000
    let multiples = (1...Scoring.speedMultiple).reversed()
    let steps = multiples.dropLast().enumerated().map { index, multiple in
      "\(multiple * Int64(rules.setReward))" + (index == 0 ? " if found" : "") + " within \(step * Int64(index + 1)) s"
        + (index == 0 ? " of the table changing" : "")
    }
    return (steps + ["\(Int64(rules.setReward)) after"]).joined(separator: ", ")
  }()

  static let command = CommandSpec(
    "serve", summary: "host a table over TCP", synopses: ["[options]"],
    about: """
      Hosts a hall of SetDuel tables over TCP: one to start with (--tables N opens more), and people open \
      more as they play. Connect with `nc HOST PORT`, `telnet HOST PORT` or `setduel play`, \
      or open http://HOST:PORT/ in a browser to play from the page.

      In a terminal, when the table listens on an address other machines reach (every interface, the \
      default, or --host with an address that is not loopback), the page's address on the LAN (the first, \
      when there are several) is also drawn as a QR code for a phone's camera (setduel qr draws any text \
      so). Output to a pipe or a file has no code, and --host 127.0.0.1 none, since no phone could open it.
      """,
    options: [
      .valued("host", "ADDRESS", "address to listen on (default \(network.host), every interface)"),
      .valued("port", "N", "port (default \(network.port); 0 picks a free port and prints it)"),
      .valued("seed", "N", "seed for the deals (default: random; printed at start)"),
      .valued(
        "claim-window", "SECONDS",
        "how long a claimer has to pick (default \(claimSeconds); a passed turn gets twice that, a needless-deal window one and a half times)"
      ),
      .valued("grace", "SECONDS", "how long a seat is held for a player who dropped (default \(graceSeconds))"),
      .choice(
        "scoring", Scoring.allCases.map(\.rawValue).joined(separator: "|"), Scoring.allCases.map(\.rawValue),
        "sets: every set scores \(rules.setReward)\(by(.sets)); speed\(by(.speed)): \(speedCurve)"),
      .choice(
        "variant", "NAME", Variant.allCases.map(\.rawValue),
        "the game: \(variants) (protocol.md, \"Variants\")"),
      .valued("first-to", "N", "the first to find N groups wins at once (default: play the deck out)"),
      .valued("tables", "N", "tables open at the start (default 1; people open more with OPEN, the page and play)"),
      .valued("max-tables", "N", "most tables open at once (default \(hall.maxTables))"),
      .valued("table-rate", "N", "tables one address may open in a minute (default \(hall.opensPerMinute))"),
      .valued("seat-rate", "N", "seats one address may take with NAME in a minute (default \(hall.seatsPerMinute))"),
      .valued(
        "table-idle", "SECONDS",
        "how long a table nobody is at stays open (default \(seconds(hall.idleClose)); table 1 never closes)"),
      .valued("max-connections", "N", "most connections at once (default \(network.maxConnections))"),
      .valued("rate", "N", "lines a second each connection may send (default \(limit.linesPerSecond))"),
      .valued("burst", "N", "lines a connection may send at once before --rate applies (default \(limit.burst))"),
      .valued(
        "max-output", "BYTES",
        "output that may wait for a connection that stops reading before it is dropped (default \(maxOutput), \(maxOutput >> 20) MiB)"
      ),
      .valued(
        "idle-timeout", "SECONDS",
        "how long a connection may stay silent before NAME or RESUME (default \(idleSeconds))"),
      .valued(
        "records", "DIR",
        "folder for game records (`setduel replay FILE` replays one); default \(RecordFile.defaultDirectoryText)",
        completion: .directories),
      .flag("no-records", "keep no record"),
      .choice(
        "log-level", "LEVEL", LogLevel.allCases.map(\.name),
        "\(Suggestion.alternatives(LogLevel.allCases.map(\.name))) (default \(logLevel)); logs go to standard error"),
      .choice(
        "bot", "LEVEL", BotLevel.allCases.map(\.rawValue),
        "seat a computer player (\(Suggestion.alternatives(BotLevel.allCases.map(\.rawValue)))) in seat 2 once someone takes seat 1"
      ),
      .valued("table-name", "NAME", "the name the table is announced under on the LAN (default \"USER's table\")"),
      .flag(
        "no-announce",
        "do not announce the table on the LAN (DNS-SD over multicast DNS, on the interfaces --host listens on: 127.0.0.1 announces on loopback alone)"
      ),
    ] + tournamentOptions)

  static func run(_ words: [String]) throws(Arguments.UsageError) -> Never {
    let arguments = try Arguments(words, for: command)
    arguments.answerHelp(command)
    guard arguments.positional.isEmpty else {
      throw Arguments.UsageError(message: "unexpected argument \(arguments.positional[0])")
    }
    var settings = defaults
    settings.network.host = arguments.text("host") ?? network.host
    settings.network.port = UInt16(try arguments.count("port", Int(network.port), in: 0...65_535))
    var system = SystemRandomNumberGenerator()
    settings.seed = try arguments.value("seed", system.next(), expected: "a whole number") { UInt64($0) }
    settings.rules = Rules(claimWindow: try arguments.seconds("claim-window", rules.claimWindow))
    let variant = Self.variant(arguments)
    settings.rules.variant = variant
    settings.rules.tableSize = variant.tableSize
    if arguments.text("first-to") != nil {
      settings.rules.firstTo = try arguments.count("first-to", 1, in: 1...variant.maxGroups)
    }
    settings.tournament = try tournamentPlan(arguments, seed: settings.seed, firstTo: &settings.rules.firstTo)
    settings.rules.resumeGrace = try arguments.seconds("grace", rules.resumeGrace)
    settings.rules.scoring = try arguments.value(
      "scoring", rules.scoring, expected: Suggestion.alternatives(Scoring.allCases.map(\.rawValue))
    ) { Scoring(rawValue: $0.lowercased()) }
    settings.hall.maxTables = try arguments.count("max-tables", hall.maxTables, in: 1...10_000)
    settings.tables = try arguments.count("tables", 1, in: 1...settings.hall.maxTables)
    settings.hall.opensPerMinute = try arguments.count("table-rate", hall.opensPerMinute, in: 0...10_000)
    settings.hall.seatsPerMinute = try arguments.count("seat-rate", hall.seatsPerMinute, in: 1...100_000)
    settings.hall.idleClose = try arguments.seconds("table-idle", hall.idleClose)
    settings.network.maxConnections = try arguments.count(
      "max-connections", network.maxConnections, in: 1...100_000)
    var rateLimit = limit
    rateLimit.linesPerSecond = try arguments.count("rate", limit.linesPerSecond, in: 1...100_000)
    rateLimit.burst = try arguments.count("burst", limit.burst, in: 1...100_000)
    settings.network.rateLimit = rateLimit
    settings.network.maxQueuedOutputBytes = try arguments.count(
      "max-output", network.maxQueuedOutputBytes, in: 1024...(1 << 30))
    let idle = try arguments.seconds("idle-timeout", network.idleTimeout.wholeMilliseconds)
    settings.network.idleTimeout = .milliseconds(idle)
    settings.logLevel = try arguments.value(
      "log-level", defaults.logLevel, expected: Suggestion.alternatives(LogLevel.allCases.map(\.name))
    ) { LogLevel(name: $0) }

    let bot = try arguments.value(
      "bot", BotLevel?.none, expected: Suggestion.alternatives(BotLevel.allCases.map(\.rawValue))
    ) { BotLevel(rawValue: $0.lowercased()) }
    settings.bot = bot
    let tableName = arguments.text("table-name") ?? Announce.defaultTableName()
    guard (1...DNSName.maxLabelBytes).contains(tableName.utf8.count) else {
      throw Arguments.UsageError(message: "--table-name: expected a name of 1 to 63 bytes")
    }

    settings.recordsDirectory =
      arguments.flag("no-records") ? nil : arguments.text("records") ?? RecordFile.defaultDirectory()

    settings.network.webSite = TablePage.site
    // Before any thread starts, so that every thread started from here on blocks them too.
    StopSignals.block()
    let server = TableServer(settings: settings)
    let port: UInt16
    do {
      port = try server.start()
    } catch let error as RecordError {
      fail(
        "\(error)\n"
          + "choose another folder with --records DIR, or keep none with --no-records")
    } catch {
      fail("cannot listen on \(settings.network.host):\(settings.network.port): \(error)")
    }
    // `OPEN bot=LEVEL`: a computer player comes from this machine, joins the table the hall opened and
    // takes seat 2 once its opener has seat 1. One queue for every bot, which `Bots` is kept on. Asked
    // for before the address is printed: a client that reads it and sends OPEN at once gets its bot.
    let botHost = settings.network.host == "0.0.0.0" ? "127.0.0.1" : settings.network.host
    let botQueue = DispatchQueue(label: "setduel.bots")
    BotCommand.seatWhenAsked(by: server, host: botHost, port: port, queue: botQueue)
    printBanner(host: settings.network.host, port: port, seed: settings.seed)
    if let path = server.recordPath { print("Recording the games to \(path)") }
    if let plan = settings.tournament {
      // A tournament taken up again from its record (the server was killed) may be running already.
      if server.inspectHall({ $0.tournament?.state }) == .running {
        print(
          "The \(plan.settings.formatName) tournament goes on from its record; its players come back to their games.")
      } else {
        print("A \(plan.settings.formatName) tournament: ENTER to play; it starts in \(seconds(plan.startIn)) seconds.")
      }
    }
    if settings.rules.variant != .normal || settings.rules.firstTo != nil {
      print(settings.rules.variant.rule + (settings.rules.firstTo.map { " The first to \($0) wins." } ?? ""))
    }
    let announcer =
      arguments.flag("no-announce")
      ? nil
      : Announce.start(
        server, name: tableName, host: settings.network.host, port: port,
        variant: variant == .normal ? nil : variant.rawValue)
    fflush(stdout)
    if let bot {
      BotCommand.seatInSecondSeat(of: server, host: botHost, port: port, level: bot, queue: botQueue)
      print("A computer player (\(bot.rawValue)) will take seat 2 when someone takes seat 1.")
      fflush(stdout)
    }
    StopSignals.wait { _ in
      announcer?.stop()
      server.shutdown { exit(0) }
    }
  }

  /// Milliseconds as the seconds an option takes: `5` for 5000, `2.5` for 2500.
  static func seconds(_ milliseconds: Int64) -> String {
    milliseconds % 1000 == 0 ? "\(milliseconds / 1000)" : "\(Double(milliseconds) / 1000)"
  }

  /// The variant `--variant` names, or the standard game: the parser has refused any other value,
  /// naming the nearest.
  static func variant(_ arguments: Arguments) -> Variant {
    arguments.text("variant").flatMap(Variant.init(name:)) ?? .normal
  }

  static func printBanner(host: String, port: UInt16, seed: UInt64) {
    print("SetDuel is serving on \(host):\(port) (seed \(seed)).")
    let reachable: String?
    if host == "0.0.0.0" {
      print("Connect from this machine:  nc localhost \(port)   (or: \(Invocation.command) play localhost:\(port))")
      print("Play in a browser:          http://localhost:\(port)/")
      let lan = Network.lanAddresses()
      for address in lan {
        print("Connect from the LAN:       nc \(address) \(port)   or in a browser: http://\(address):\(port)/")
      }
      reachable = lan.first
    } else {
      print("Connect with:  nc \(host) \(port)   (or: \(Invocation.command) play \(host):\(port))")
      print("Play in a browser:  http://\(host):\(port)/")
      reachable = Network.isLoopback(host) ? nil : host
    }
    if let reachable, isatty(STDOUT_FILENO) == 1 { printCode(of: "http://\(reachable):\(port)/") }
    fflush(stdout)
  }

  /// The page's address as a QR code, for a phone on the LAN to open by its camera: printed in a
  /// terminal alone, so that what scripts read from a pipe stays the lines above.
  static func printCode(of address: String) {
    guard let code = try? QRCode(text: address) else { return }
    print("Scan to play from a phone:  \(address)")
    for line in code.terminalLines(ink: QRCommand.ink(light: false)) { print(line) }
  }

}

/// SIGINT and SIGTERM, taken by the main thread alone with `sigwait`.
///
/// Both are blocked in every thread (`block()`, before any thread starts, which then inherit the mask),
/// so a signal stays pending until `wait` takes it: it cannot be lost. A Dispatch signal source cannot
/// promise that on Linux: `dispatchMain()` parks the main thread in `sigsuspend` with every signal
/// unblocked, and a signal the kernel hands to that thread (or to any other that does not block it)
/// rather than to the source's signalfd was lost, now and then, and the server never stopped.
enum StopSignals {
  private static var set: sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    return set
  }

  /// Blocks SIGINT and SIGTERM in the calling thread and every thread it starts from now on.
  static func block() {
    var signals = set
    pthread_sigmask(SIG_BLOCK, &signals, nil)
  }

  /// Takes SIGINT and SIGTERM as they come, calling `handle` with each, for ever. The main queue is
  /// not served meanwhile: work goes to queues of its own.
  static func wait(_ handle: (Int32) -> Void) -> Never {
    var signals = set
    while true {
      var number: Int32 = 0
      if sigwait(&signals, &number) == 0 { handle(number) }
    }
  }
}

/// Prints an error to standard error and exits with status 1.
func fail(_ message: String) -> Never {
  fputs("setduel: \(message)\n", stderr)
  exit(1)
}
