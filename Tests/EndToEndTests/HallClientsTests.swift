import Glibc
import SetClientCore
import SetProtocol
import SetTestSupport
import Testing

/// The clients at `setduel serve --tables 3`, as people run them: the terminal client's list, `#`
/// back to it and a move to another table, `play --table`, a relaunch at table 2, and `bot --table`.
@Suite("The clients at a hall of tables", .timeLimit(.minutes(2)))
struct HallClientsTests {
  static let environment = ["TERM=xterm-256color", "NO_COLOR=1", "PATH=/usr/bin:/bin"]

  /// The hall's tables as `TABLES` lists them, by number.
  static func hall(_ port: UInt16) throws -> [Int: HallListing] {
    let client = try MachineClient(port: port, label: "look")
    defer { client.close() }
    let (_, before) = try client.request("TABLES")
    var tables: [Int: HallListing] = [:]
    for line in before {
      if let listing = HallListing(line: line) { tables[listing.id] = listing }
    }
    return tables
  }

  /// Whether `name` holds a seat at table `id`, asked until it does (for up to 20 s).
  static func seated(_ name: String, at id: Int, port: UInt16, pumping play: PseudoTerminalProcess? = nil) -> Bool {
    eventually(timeout: 20) {
      play?.pump(milliseconds: 20)
      let table = try? hall(port)[id]
      return table?.seats.values.contains { $0.map { PlayerName.same($0, name) } ?? false } ?? false
    }
  }

  @Test("play lists the tables, a digit sits at one, # shows the list again and another digit moves there")
  func listAndMove() throws {
    let folder = try makeTemporaryFolder("hall-play")
    defer { removeFolder(folder) }
    let served = try ServedTable(folder: folder, options: ["--tables", "3", "--no-announce"])
    let play = try PseudoTerminalProcess(
      [try builtSetduel(), "play", "127.0.0.1:\(served.port)", "--name", "ann"],
      environment: Self.environment + ["XDG_STATE_HOME=\(folder)"])
    let listed = play.waitForFrame(within: 20) { $0.contains("table-3") && $0.contains("3 tables") }
    #expect(listed, "frame: \(play.lastFrame)")
    play.type("2")
    #expect(Self.seated("ann", at: 2, port: served.port, pumping: play))
    play.type("#")
    let again = play.waitForFrame(within: 20) { $0.contains("(you are here)") }
    #expect(again, "frame: \(play.lastFrame)")
    play.type("3")
    #expect(Self.seated("ann", at: 3, port: served.port, pumping: play))
    // c opens a table where the server seats a computer player against ann.
    play.type("#c")
    let computer = eventually(timeout: 20) {
      play.pump(milliseconds: 20)
      let table = try? Self.hall(served.port)[4]
      return table?.seats.one == "ann" && table?.seats.two != nil && table?.bot == .normal
    }
    #expect(computer, "\((try? Self.hall(served.port)) ?? [:])")
    play.type("\u{03}")
    #expect(play.waitForExit(within: 20) == 0)
    served.process.signal(SIGTERM)
    _ = served.process.end()
  }

  @Test("play --table 2 sits there at once; killed mid-game and run again, it takes its seat at table 2 back")
  func tableAndRelaunch() throws {
    let folder = try makeTemporaryFolder("hall-relaunch")
    defer { removeFolder(folder) }
    let served = try ServedTable(folder: folder, options: ["--tables", "3", "--no-announce"])
    let arguments = [try builtSetduel(), "play", "127.0.0.1:\(served.port)", "--name", "ann", "--table", "2"]
    let environment = Self.environment + ["XDG_STATE_HOME=\(folder)"]
    let first = try PseudoTerminalProcess(arguments, environment: environment)
    #expect(Self.seated("ann", at: 2, port: served.port, pumping: first))
    let bob = try MachineClient(port: served.port, label: "bob")
    _ = try bob.ok("JOIN 2")
    _ = try bob.ok("NAME bob")
    let location = try #require(
      SeatTokenLocation(
        host: "127.0.0.1", port: served.port, name: "ann", environment: ["XDG_STATE_HOME": folder]))
    let kept = eventually(timeout: 20) {
      first.pump(milliseconds: 10)
      return (try? readFile(location.path))?.hasPrefix("2-") == true
    }
    #expect(kept, "table 2's token is kept")
    kill(first.pid, SIGKILL)
    #expect(first.waitForExit(within: 20) == 128 + SIGKILL)
    let second = try PseudoTerminalProcess(arguments, environment: environment)
    let back = second.waitForFrame(within: 20) { $0.contains("You're back in your seat") }
    #expect(back, "frame: \(second.lastFrame)")
    #expect(second.lastFrame.contains("ann (you)") && second.lastFrame.contains("bob"))
    second.type("\u{03}")
    _ = second.waitForExit(within: 20)
    served.process.signal(SIGTERM)
    _ = served.process.end()
  }

  /// `setduel serve --tables 3` on `port` (0: one the kernel chose) recording to `folder`: the process
  /// and its port.
  static func serve(folder: String, port: UInt16 = 0, options: [String] = []) throws -> (
    process: Subprocess, port: UInt16
  ) {
    let process = try Subprocess(
      [try builtSetduel(), "serve", "--host", "127.0.0.1", "--port", "\(port)", "--records", folder + "/records"]
        + ["--tables", "3", "--no-announce", "--log-level", "warning"] + options, folder: folder, name: "serve")
    guard let serving = process.outputLine(startingWith: "SetDuel is serving on 127.0.0.1:"),
      let chosen = serving.split(separator: ":").dropFirst().first?.split(separator: " ").first.flatMap({
        UInt16($0)
      })
    else { throw TestFailure("the server did not start: \(process.output) \(process.errorOutput)") }
    return (process, chosen)
  }

  /// ann's `setduel play --table 2` at the hall on `port`, keeping its state in `folder`, and bob
  /// (a machine client) in the other seat, once table 2's token is kept: the play process, its
  /// arguments and environment to run it again, bob, and bob's resume token.
  static func annAndBob(port: UInt16, folder: String) throws -> (
    play: PseudoTerminalProcess, arguments: [String], environment: [String], bob: MachineClient, bobToken: String
  ) {
    let arguments = [try builtSetduel(), "play", "127.0.0.1:\(port)", "--name", "ann", "--table", "2"]
    let environment = Self.environment + ["XDG_STATE_HOME=\(folder)"]
    let play = try PseudoTerminalProcess(arguments, environment: environment)
    #expect(Self.seated("ann", at: 2, port: port, pumping: play))
    let bob = try MachineClient(port: port, label: "bob")
    _ = try bob.ok("JOIN 2")
    let bobToken = try #require(try bob.ok("NAME bob").last)
    let location = try #require(
      SeatTokenLocation(host: "127.0.0.1", port: port, name: "ann", environment: ["XDG_STATE_HOME": folder]))
    let kept = eventually(timeout: 20) {
      play.pump(milliseconds: 10)
      return (try? readFile(location.path))?.hasPrefix("2-") == true
    }
    #expect(kept, "table 2's token is kept")
    return (play, arguments, environment, bob, bobToken)
  }

  @Test("after the server started again, a relaunched play whose token is refused sits at table 2 again")
  func restart() throws {
    let folder = try makeTemporaryFolder("hall-restart")
    defer { removeFolder(folder) }
    var served = try Self.serve(folder: folder)
    let port = served.port
    let (first, _, environment, bob, _) = try Self.annAndBob(port: port, folder: folder)
    kill(first.pid, SIGKILL)
    _ = first.waitForExit(within: 20)
    bob.close()
    served.process.signal(SIGTERM)
    _ = served.process.end()
    served = try Self.serve(folder: folder, port: port)
    let second = try PseudoTerminalProcess(
      [try builtSetduel(), "play", "127.0.0.1:\(port)", "--name", "ann"], environment: environment)
    #expect(Self.seated("ann", at: 2, port: port, pumping: second), "back at table 2, named afresh")
    second.type("\u{03}")
    _ = second.waitForExit(within: 20)
    served.process.signal(SIGTERM)
    _ = served.process.end()
  }

  @Test(
    "killed with SIGKILL mid-game and started again, the server takes table 2's game up again: a relaunched play and bob's token take their seats back at the same cards"
  )
  func gameSurvivesSIGKILL() throws {
    let folder = try makeTemporaryFolder("hall-kill")
    defer { removeFolder(folder) }
    var served = try Self.serve(folder: folder)
    let port = served.port
    let (first, arguments, environment, bob, bobToken) = try Self.annAndBob(port: port, folder: folder)
    let playing = eventually(timeout: 20) {
      first.pump(milliseconds: 10)
      return (try? Self.hall(port)[2])?.state == .playing
    }
    #expect(playing, "the game at table 2 is dealt")
    let look = try MachineClient(port: port, label: "look")
    // OK @id PEEK 2 <seq> <deck> <cards>: the deck and the cards, as the seq goes on with who left.
    let cards = try look.request("PEEK 2").reply.line.split(separator: " ").dropFirst(5)
    #expect(cards.count == 13 && cards.dropFirst().allSatisfy { $0.contains("=") }, "\(cards)")
    kill(first.pid, SIGKILL)
    _ = first.waitForExit(within: 20)
    served.process.signal(SIGKILL)
    #expect(served.process.end() == "signal 9")
    bob.close()
    look.close()

    served = try Self.serve(folder: folder, port: port)
    let tables = try Self.hall(port)
    #expect(tables[2]?.seats.values == ["ann", "bob"] && tables[2]?.state == .paused, "\(tables)")
    let again = try MachineClient(port: port, label: "again")
    #expect(
      try again.request("PEEK 2").reply.line.split(separator: " ").dropFirst(5) == cards,
      "the same deck and cards")
    try again.refused("NAME bob", .nameTaken)
    let bob2 = try MachineClient(port: port, label: "bob2")
    #expect(try bob2.ok("RESUME \(bobToken)").prefix(2) == ["2", "bob"])
    let second = try PseudoTerminalProcess(arguments, environment: environment)
    let back = second.waitForFrame(within: 20) { $0.contains("You're back in your seat") }
    #expect(back, "frame: \(second.lastFrame)")
    #expect(second.lastFrame.contains("ann (you)") && second.lastFrame.contains("bob"))
    let resumed = eventually(timeout: 20) {
      second.pump(milliseconds: 10)
      return (try? Self.hall(port)[2])?.state == .playing
    }
    #expect(resumed, "both back: the game goes on")
    second.type("\u{03}")
    _ = second.waitForExit(within: 20)
    served.process.signal(SIGTERM)
    #expect(served.process.end() == "exit 0")
    // One record for table 2's game, going on through the kill, that replays.
    let records = try listFiles(folder + "/records").filter { $0.hasSuffix(".record") }
    let table2 = try records.filter { file in
      try readFile(folder + "/records/" + file).split(separator: "\n").contains {
        $0.hasPrefix("ev JOINED ") && $0.hasSuffix(" 2 bob")
      }
    }
    #expect(table2.count == 1, "\(records)")
    let replayed = try runSetduel(["replay", folder + "/records/" + (table2.first ?? "")], folder: folder)
    #expect(replayed.end == "exit 0", "\(replayed.output) \(replayed.error)")
  }

  @Test(
    "after a SIGKILL the computer player the server seated takes its seat back, and the game goes on",
    arguments: [(["--bot", "normal"], 1), ([], 4)])
  func computerSurvivesSIGKILL(options: [String], table: Int) throws {
    let folder = try makeTemporaryFolder("hall-kill-bot")
    defer { removeFolder(folder) }
    var served = try Self.serve(folder: folder, options: options)
    let port = served.port
    let ann = try MachineClient(port: port, label: "ann")
    var token = try #require(try ann.ok("NAME ann").last)
    if table != 1 { token = try #require(try ann.ok("OPEN bot=normal").last) }
    try ann.readUntil("the computer's game") { $0.hasPrefix("START ") }
    served.process.signal(SIGKILL)
    #expect(served.process.end() == "signal 9")
    ann.close()

    served = try Self.serve(folder: folder, port: port, options: options)
    let again = try MachineClient(port: port, label: "ann")
    #expect(try again.ok("RESUME \(token)") == ["1", "ann"])
    // Both seats held and playing, the computer back in its own, and no second one watching.
    let both = eventually(timeout: 20) {
      let listing = try? Self.hall(port)[table]
      return listing?.seats.values == ["ann", "bot-normal"] && listing?.state == .playing && listing?.bot == .normal
        && listing?.watching == 0
    }
    let shown = (try? Self.hall(port))?[table].map { "\($0.seats) \($0.state) \($0.watching)" } ?? ""
    #expect(both, "\(shown)")
    served.process.signal(SIGTERM)
    #expect(served.process.end() == "exit 0")
  }

  @Test("bot --table 3 sits at table 3; a table that is not open ends it with the server's words")
  func botAtTable() throws {
    let folder = try makeTemporaryFolder("hall-bot")
    defer { removeFolder(folder) }
    let served = try ServedTable(folder: folder, options: ["--tables", "3", "--no-announce"])
    let bot = try Subprocess(
      [try builtSetduel(), "bot", "127.0.0.1:\(served.port)", "--table", "3", "--name", "robo", "--seed", "1"],
      folder: folder, name: "bot")
    #expect(Self.seated("robo", at: 3, port: served.port))
    #expect(try Self.hall(served.port)[1]?.seats.values == [nil, nil], "not at table 1")
    bot.signal(SIGTERM)
    _ = bot.end()
    let (end, output, _) = try runSetduel(
      ["bot", "127.0.0.1:\(served.port)", "--table", "9", "--name", "robo2"], folder: folder)
    #expect(end == "exit 1", "\(output)")
    #expect(output.contains("cannot join that table"), "\(output)")
    served.process.signal(SIGTERM)
    _ = served.process.end()
  }
}
