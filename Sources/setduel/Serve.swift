import Dispatch
@preconcurrency import Glibc
import SetClient
import SetClientCore
import SetCore
import SetDiscovery
import SetHost
import SetNet
import SetProtocol
import SetServer
import SetTransport

/// `setduel serve`: host a table.
enum Serve {
  static let defaultPort: UInt16 = 7878

  static let usage = """
    usage: setduel serve [options]

    Hosts one SetDuel table over TCP. Connect with `nc HOST PORT`, `telnet HOST PORT` or `setduel play`.

    options:
      --host ADDRESS          address to listen on (default 0.0.0.0, every interface)
      --port N                port (default \(defaultPort); 0 picks a free port and prints it)
      --seed N                seed for the deals (default: random; printed at start)
      --claim-window SECONDS  how long a claimer has to pick (default 5; a passed turn gets twice that,
                              a needless-deal window one and a half times)
      --grace SECONDS         how long a seat is held for a player who dropped (default 60)
      --scoring sets|speed    sets: every set scores 1 (default); speed: 3 if found within 10 s of the
                              table changing, 2 within 20 s, 1 after
      --variant NAME          the game: normal (default), junior, shuffle, chain, ultra or ultra9
                              (protocol.md, "Variants")
      --first-to N            the first to find N groups wins at once (default: play the deck out)
      --max-connections N     most connections at once (default 1024)
      --rate N                lines a second each connection may send (default 20)
      --burst N               lines a connection may send at once before --rate applies (default 40)
      --max-output BYTES      output that may wait for a connection that stops reading before it is
                              dropped (default 1048576, 1 MiB)
      --idle-timeout SECONDS  how long a connection may stay silent before NAME or RESUME (default 60)
      --records DIR           folder for game records (`setduel replay FILE` replays one); default
                              \(RecordFile.defaultDirectoryText)
      --no-records            keep no record
      --log-level LEVEL       debug, info, warning or error (default info); logs go to standard error
      --bot LEVEL             seat a computer player (easy, normal or hard) in seat 2 once someone
                              takes seat 1
      --table-name NAME       the name the table is announced under on the LAN (default "USER's table")
      --no-announce           do not announce the table on the LAN (DNS-SD over multicast DNS, on the
                              interfaces --host listens on: 127.0.0.1 announces on loopback alone)
      --help                  this text
    """

  static func run(_ words: [String]) throws(Arguments.UsageError) -> Never {
    let arguments = try Arguments(
      words,
      valued: [
        "host", "port", "seed", "claim-window", "grace", "scoring", "max-connections", "rate", "burst", "max-output",
        "idle-timeout", "log-level", "records", "bot", "table-name", "variant", "first-to",
      ],
      flags: ["help", "no-records", "no-announce"])
    arguments.answerHelp(usage)
    guard arguments.positional.isEmpty else {
      throw Arguments.UsageError(message: "unexpected argument \(arguments.positional[0])")
    }
    var settings = TableServer.Settings()
    settings.network.host = arguments.text("host") ?? "0.0.0.0"
    settings.network.port = UInt16(try arguments.count("port", Int(defaultPort), in: 0...65_535))
    var system = SystemRandomNumberGenerator()
    settings.seed = try arguments.value("seed", system.next(), expected: "a whole number") { UInt64($0) }
    settings.rules = Rules(claimWindow: try arguments.seconds("claim-window", 5000))
    let variant = try Self.variant(arguments.text("variant"))
    settings.rules.variant = variant
    settings.rules.tableSize = variant.tableSize
    if arguments.text("first-to") != nil {
      settings.rules.firstTo = try arguments.count("first-to", 1, in: 1...variant.maxGroups)
    }
    settings.rules.resumeGrace = try arguments.seconds("grace", 60_000)
    settings.rules.scoring = try arguments.value("scoring", Scoring.sets, expected: "sets or speed") {
      ["sets": Scoring.sets, "speed": .speed][$0]
    }
    settings.network.maxConnections = try arguments.count("max-connections", 1024, in: 1...100_000)
    var limit = TokenBucket.Configuration()
    limit.linesPerSecond = try arguments.count("rate", 20, in: 1...100_000)
    limit.burst = try arguments.count("burst", 40, in: 1...100_000)
    settings.network.rateLimit = limit
    settings.network.maxQueuedOutputBytes = try arguments.count("max-output", 1 << 20, in: 1024...(1 << 30))
    let idle = try arguments.seconds("idle-timeout", 60_000)
    settings.network.idleTimeout = .milliseconds(idle)
    settings.logLevel = try arguments.value("log-level", .info, expected: "debug, info, warning or error") {
      LogLevel(name: $0)
    }

    let bot = try arguments.value("bot", BotLevel?.none, expected: "easy, normal or hard") { BotLevel(rawValue: $0) }
    let tableName = arguments.text("table-name") ?? Announce.defaultTableName()
    guard (1...DNSName.maxLabelBytes).contains(tableName.utf8.count) else {
      throw Arguments.UsageError(message: "--table-name: expected a name of 1 to 63 bytes")
    }

    settings.recordsDirectory =
      arguments.flag("no-records") ? nil : arguments.text("records") ?? RecordFile.defaultDirectory()

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
    printBanner(host: settings.network.host, port: port, seed: settings.seed)
    if let path = server.recordPath { print("Recording the games to \(path)") }
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
    stopOnSignals(server, announcer: announcer)
    if let bot {
      let botHost = settings.network.host == "0.0.0.0" ? "127.0.0.1" : settings.network.host
      BotCommand.seatInSecondSeat(of: server, host: botHost, port: port, level: bot)
      print("A computer player (\(bot.rawValue)) will take seat 2 when someone takes seat 1.")
      fflush(stdout)
    }
    dispatchMain()
  }

  /// The variant a `--variant` value names, or a usage error with the nearest name.
  static func variant(_ text: String?) throws(Arguments.UsageError) -> Variant {
    guard let text else { return .normal }
    if let variant = Variant(name: text) { return variant }
    let names = Variant.allCases.map(\.rawValue)
    let hint = Suggestion.nearest(to: text.lowercased(), among: names).map { " (did you mean \($0)?)" } ?? ""
    throw Arguments.UsageError(
      message: "--variant \(text): no such variant\(hint); one of \(names.joined(separator: ", "))")
  }

  static func printBanner(host: String, port: UInt16, seed: UInt64) {
    print("SetDuel is serving on \(host):\(port) (seed \(seed)).")
    if host == "0.0.0.0" {
      print("Connect from this machine:  nc localhost \(port)   (or: \(Invocation.command) play localhost:\(port))")
      for address in Network.lanAddresses() {
        print("Connect from the LAN:       nc \(address) \(port)")
      }
    } else {
      print("Connect with:  nc \(host) \(port)   (or: \(Invocation.command) play \(host):\(port))")
    }
    fflush(stdout)
  }

  /// On SIGINT or SIGTERM: tell every client, close, exit 0.
  static func stopOnSignals(_ server: TableServer, announcer: LANAnnouncer? = nil) {
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
      source.setEventHandler {
        announcer?.stop()
        server.shutdown { exit(0) }
      }
      source.resume()
      Signals.keep(source)
    }
  }
}

/// Keeps signal sources alive for the life of the process.
enum Signals {
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
  // nonisolated(unsafe): written only from the main thread during start-up.

  static func keep(_ source: DispatchSourceSignal) { sources.append(source) }
}

/// Prints an error to standard error and exits with status 1.
func fail(_ message: String) -> Never {
  fputs("setduel: \(message)\n", stderr)
  exit(1)
}
