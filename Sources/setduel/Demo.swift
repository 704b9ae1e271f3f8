import Dispatch
@preconcurrency import Glibc
import SetClient
import SetClientCore
import SetCore
import SetHost
import SetNet
import SetProtocol
import SetServer
import SetTransport

/// `setduel` with no command: in a terminal, a game against the computer on a table this process
/// hosts, which a friend on the LAN can watch; with no terminal, a fast bot-against-bot game printed as
/// it goes, ending at game over.
enum Demo {
  static let command = CommandSpec(
    nil,
    summary: "in a terminal, play the computer (--public lets friends watch); otherwise, watch a bot-against-bot game",
    synopses: ["[--public] [--level easy|normal|hard]"],
    about: """
      In a terminal, plays a game against the computer on a table this process hosts: the computer sits \
      down after a 3-2-1, and the clock starts then; --level chooses how strong it is (easy, for a \
      first game, wins about a third of its games against a beginner). With no terminal, two bots play \
      a quick game. \
      With --public the table is announced on the LAN, as setduel serve announces its own.
      """,
    options: [
      .flag(
        "public",
        "listen on every network interface, so that friends can watch (by default the table listens on this machine only), and print the address they type"
      ),
      .choice(
        "level", "LEVEL", BotLevel.allCases.map(\.rawValue),
        "the computer's strength: easy, normal (the default) or hard"),
      .flag("version", "the version, the protocol's version and the commit (as setduel version prints them)"),
    ])

  /// The solo game's options, then the game (in a terminal) or the bots' demo (without one).
  static func run(_ words: [String]) throws(Arguments.UsageError) -> Never {
    let arguments = try Arguments(words, for: command)
    arguments.answerHelp(command)
    if arguments.flag("version") {
      print(Version.line)
      exit(0)
    }
    guard arguments.positional.isEmpty else {
      throw Arguments.UsageError(message: "unknown command \(arguments.positional[0])")
    }
    let level = try arguments.value("level", BotLevel.normal, expected: "easy, normal or hard") {
      BotLevel(rawValue: $0)
    }
    if TerminalMode.isInteractive {
      playTheComputer(public: arguments.flag("public"), level: level)
    } else {
      watchBots()
    }
  }

  /// How many seconds the computer waits, counting down, before it sits down and the clock starts.
  static let countdown = 3

  /// Hosts a table on loopback (on every interface when `public`; port 7878, or a free one), opens the
  /// client, and seats the bot after a 3-2-1.
  static func playTheComputer(public: Bool, level: BotLevel) -> Never {
    var settings = TableServer.Settings()
    settings.network.host = `public` ? "0.0.0.0" : "127.0.0.1"
    settings.network.port = Serve.defaultPort
    var system = SystemRandomNumberGenerator()
    settings.seed = system.next()
    var server = TableServer(settings: settings, log: { _, _ in })
    var port: UInt16
    do {
      port = try server.start()
    } catch {
      settings.network.port = 0
      server = TableServer(settings: settings, log: { _, _ in })
      do { port = try server.start() } catch { fail("cannot host a table: \(error)") }
    }
    let address = Network.lanAddresses().first
    let info =
      `public`
      ? Invitation.lines(address: address, port: port)
      : Invitation.loopbackOnly(command: Invocation.command)
    let app = PlayApp(
      host: "127.0.0.1", port: port, name: Play.defaultName(), options: Play.screenOptions(ascii: false),
      info: info,
      // One secret for the solo games, whatever port each table takes: the name's rating stays its player's.
      secrets: NameSecretFile(host: "solo", port: 0))
    let (table, tablePort) = (server, port)
    app.onSeated = {
      countDown(from: countdown, on: app) {
        BotCommand.seatInSecondSeat(of: table, port: tablePort, level: level)
      }
    }
    // Open to friends, the table is announced on the LAN as serve announces its own.
    let announcer =
      `public`
      ? Announce.start(server, name: Announce.defaultTableName(), host: settings.network.host, port: port) : nil
    app.onExit = {
      // The table closes with the game: its record ends with its `end` line, as a clean close does.
      announcer?.stop()
      table.stop()
    }
    app.run()
  }

  /// Announces `seconds`, then each second less, then runs `then`.
  private static func countDown(from seconds: Int, on app: PlayApp, then: @escaping @Sendable () -> Void) {
    guard seconds > 0 else {
      app.announce("Go! The computer sits down: find a set and press space")
      then()
      return
    }
    app.announce("Get ready: the computer sits down and the clock starts in \(seconds)...")
    DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(1)) {
      countDown(from: seconds - 1, on: app, then: then)
    }
  }

  /// Plays two quick bots against each other on a loopback table and prints the game; exits 0 at game over.
  static func watchBots() -> Never {
    var settings = TableServer.Settings()
    settings.network.host = "127.0.0.1"
    settings.network.port = 0
    settings.recordsDirectory = nil
    var system = SystemRandomNumberGenerator()
    settings.seed = system.next()
    let server = TableServer(settings: settings, log: { _, _ in })
    let port: UInt16
    do { port = try server.start() } catch { fail("cannot host a table: \(error)") }
    print("No terminal here, so two bots play a quick game (seed \(settings.seed)).")
    print("Run \(Invocation.command) in a terminal to play.")
    DispatchQueue.main.async {
      let ann = quickBot("ann", level: .normal, seed: settings.seed &+ 1, port: port)
      let bob = quickBot("bob", level: .normal, seed: settings.seed &+ 2, port: port)
      var bobStarted = false
      ann.onChange = {
        if !bobStarted, ann.session.model.isNamed {
          bobStarted = true
          bob.start()
        }
      }
      ann.session.onLine = { line in
        guard case .event(_, let event) = line else { return }
        let names = ann.session.model.displayNames
        switch event {
        case .picked, .unpicked, .claim, .open, .score(_, _, _, .setFound): return
        case .started(_, _, let table):
          print(HumanText.sentence(for: event, names: names))
          for row in HumanText.table(table) { print("  " + row) }
        case .over(let result):
          print(HumanText.outcome(result, names: names))
          fflush(stdout)
          server.stop()
          exit(0)
        default:
          print(HumanText.sentence(for: event, names: names))
        }
        fflush(stdout)
      }
      for bot in [ann, bob] {
        bot.onEnd = { why in fail("a bot lost the table: \(why)") }
      }
      ann.start()
      Bots.keep(ann)
      Bots.keep(bob)
    }
    DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(120)) {
      fail("the game took too long")
    }
    dispatchMain()
  }

  /// A bot that plays at thirty times a person's speed, a claim and its picks in one line.
  static func quickBot(_ name: String, level: BotLevel, seed: UInt64, port: UInt16) -> BotPlayer {
    let session = ClientSession(host: "127.0.0.1", port: port, name: name, queue: .main, policy: .quick)
    return BotPlayer(session: session, brain: BotBrain(level: level, seed: seed, pace: 0.03, picksAtOnce: true))
  }
}
