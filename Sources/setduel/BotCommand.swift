import Dispatch
@preconcurrency import Glibc
import SetClient
import SetClientCore
import SetHost
import SetProtocol
import SetServer

/// `setduel bot`: a computer opponent over the protocol.
enum BotCommand {
  static let command = CommandSpec(
    "bot", summary: "a computer player",
    synopses: ["[HOST[:PORT]] [--table TABLE] [--level easy|normal|hard] [--name NAME] [--seed N] [--enter]"],
    about: """
      Sits a computer player at the table on HOST (default localhost) and PORT (default \(Serve.defaultPort)) \
      and plays until the server goes away, asking for a rematch after every game. It prints the results. \
      At a full table it says so and waits, watching, until a seat is free. At a server holding several \
      tables (a hall) it sits at table 1, or at the one --table names.
      """,
    options: [
      .choice(
        "level", "LEVEL", BotLevel.allCases.map(\.rawValue),
        "easy (slow, and sometimes calls Set wrongly), normal (default) or hard"),
      .valued("table", "TABLE", "the hall's table to sit at, by number or name (default the first)"),
      .valued("name", "NAME", "its name at the table (default bot)"),
      .valued("seed", "N", "seed for its timing and mistakes (default: random)"),
      .flag("enter", "enter the hall's tournament once named, and play whatever it is paired to"),
    ],
    operands: .tables)

  static func run(_ words: [String]) throws(Arguments.UsageError) -> Never {
    let arguments = try Arguments(words, for: command)
    arguments.answerHelp(command)
    let endpoint = try arguments.endpoint(defaultPort: Serve.defaultPort)
    let level = try arguments.value("level", BotLevel.normal, expected: "easy, normal or hard") {
      BotLevel(rawValue: $0)
    }
    let table = try Play.tableName(arguments.text("table"))
    let name = arguments.text("name") ?? level.playerName
    guard PlayerName.isValid(name) else { throw Arguments.UsageError(message: ErrorCode.badName.text) }
    var system = SystemRandomNumberGenerator()
    let seed = try arguments.value("seed", system.next(), expected: "a whole number") { UInt64($0) }
    DispatchQueue.main.async {
      let bot = makeBot(host: endpoint.host, port: endpoint.port, name: name, level: level, seed: seed, table: table)
      let entering = arguments.flag("enter")
      bot.session.onLine = { line in
        if entering, case .reply(let reply) = line, case .ok(.name) = reply.kind { bot.session.send(.enter) }
        if case .tourney(let kind, _) = line, kind != "moved" {
          print(Harmless.text(line.line))
          fflush(stdout)
        }
        guard case .event(_, let event) = line else { return }
        switch event {
        case .setFound, .notASet, .over, .joined, .started, .left, .back, .bye:
          print(Harmless.text(HumanText.sentence(for: event, names: bot.session.model.displayNames)))
          fflush(stdout)
        default: break
        }
      }
      bot.onWaiting = { waiting in
        print(waiting ? "The table is full: waiting for a free seat." : "A seat was free: sitting down.")
        fflush(stdout)
      }
      bot.onEnd = { why in
        print("setduel bot: \(why)")
        exit(bot.session.model.farewell == nil ? 1 : 0)
      }
      bot.start()
      Bots.keep(bot)
    }
    dispatchMain()
  }

  /// A bot at `host:port` on `queue` (by default the main queue), playing like a person, at the hall's
  /// `table` (by number or name) or at the table a connection starts at.
  static func makeBot(
    host: String, port: UInt16, name: String, level: BotLevel, seed: UInt64, queue: DispatchQueue = .main,
    table: String? = nil, token: String? = nil
  ) -> BotPlayer {
    let session = ClientSession(host: host, port: port, name: name, queue: queue, savedToken: token, table: table)
    return BotPlayer(session: session, brain: BotBrain(level: level, seed: seed, showsMood: true))
  }

  /// Seats a bot in seat 2 of an in-process table as soon as someone has seat 1, so the first player
  /// to arrive plays it. Polls the table's seats every 200 ms on `queue`, where the bot then plays.
  static func seatInSecondSeat(
    of server: TableServer, host: String = "127.0.0.1", port: UInt16, level: BotLevel, name: String? = nil,
    queue: DispatchQueue = .main
  ) {
    let name = name ?? level.playerName
    var system = SystemRandomNumberGenerator()
    let seed: UInt64 = system.next()
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.setEventHandler {
      guard let first = server.inspect({ $0.summary.seats.one }) else { return }
      timer.cancel()
      // A game taken up again after a restart: the hall seats its computer player again itself.
      let held = server.inspect { host in host.summary.seats.two.map { host.botNames.contains(PlayerName.key($0)) } }
      if held == true { return }
      // Marked only now, under a name the person in seat 1 does not have: a person who named
      // themselves "bot-normal" is not taken for the computer.
      let botName = PlayerName.same(first, name) ? name + "2" : name
      server.markBot(named: botName)
      let bot = makeBot(host: host, port: port, name: botName, level: level, seed: seed, queue: queue)
      bot.start()
      Bots.keep(bot)
    }
    timer.schedule(deadline: .now(), repeating: .milliseconds(200))
    Bots.keep(timer)  // Before the timer runs, which may be on another thread.
    timer.resume()
  }
}

extension BotCommand {
  /// Seats a computer player wherever the hall asks for one (`OPEN bot=LEVEL`): a bot client of the
  /// server at `host:port`, on `queue`, that joins that table and names itself as the hall said, once
  /// the one who opened it has seat 1 (they may name themselves only after `OPEN`). Polls the table's
  /// seats every 200 ms, and gives up if the table closes first. At a table taken up again after a
  /// restart it takes its seat back with the token the hall gave it.
  static func seatWhenAsked(by server: TableServer, host: String, port: UInt16, queue: DispatchQueue) {
    server.onBotWanted { table, level, name, token in
      queue.async {
        var system = SystemRandomNumberGenerator()
        let seed: UInt64 = system.next()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler {
          let seats = server.inspectHall { $0.host(of: table)?.summary.seats }
          guard let seats else {
            timer.cancel()  // The table closed.
            return
          }
          guard seats.one != nil else { return }
          timer.cancel()
          let bot = makeBot(
            host: host, port: port, name: name, level: level, seed: seed, queue: queue, table: "\(table)",
            token: token)
          bot.start()
          Bots.keep(bot)
        }
        timer.schedule(deadline: .now(), repeating: .milliseconds(200))
        Bots.keep(timer)
        timer.resume()
      }
    }
  }
}

/// Keeps bots and their timers alive for the life of the process.
enum Bots {
  nonisolated(unsafe) private static var kept: [Any] = []
  // nonisolated(unsafe): touched by one queue only, the bots' (the main queue, or serve's bot queue),
  // after the start-up code that sets them going.

  static func keep(_ object: Any) { kept.append(object) }
}
