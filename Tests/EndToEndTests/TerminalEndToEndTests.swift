import Glibc
import SetCore
import SetNet
import SetProtocol
import SetTestSupport
import SetTransport
import Testing

@testable import SetClient
@testable import SetClientCore

extension String {
  fileprivate func contains(card slot: Character) -> Bool { contains("╭ \(slot) ────╮") || contains("╔ \(slot) ════╗") }
}

@Suite("setduel play in a pseudo-terminal", .timeLimit(.minutes(3)))
struct TerminalEndToEndTests {
  @Test("shows 12 cards, claims a set with the keyboard, sees the result, quits, and restores the terminal")
  func playASet() throws {
    let table = try LoopbackTable(seed: 7)
    let binary = try builtSetduel()
    let play = try PseudoTerminalProcess(
      [binary, "play", "127.0.0.1:\(table.port)", "--name", "ann"],
      environment: ["TERM=xterm-256color", "NO_COLOR=1", "PATH=/usr/bin:/bin"])
    let before = play.initialSettings

    // ann (the client) takes seat 1; bob joins with a plain connection and the game starts.
    let seated = eventually(timeout: 20) {
      play.pump(milliseconds: 10)
      return table.server.seatsTaken.one
    }
    #expect(seated)
    let bob = try table.connect()
    bob.send("MODE MACHINE")
    bob.send("NAME bob")
    let twelve = play.waitForFrame(within: 20) { frame in
      "abcdefghijkl".allSatisfy { frame.contains(card: $0) } && !frame.contains(card: "m")
    }
    #expect(twelve, "frame: \(play.lastFrame)")
    var raw = termios()
    tcgetattr(play.slave, &raw)
    #expect(raw.c_lflag & tcflag_t(ICANON | ECHO) == 0, "the client is in raw mode")

    // The table as bob sees it tells which keys make a set.
    bob.send("STATE")
    var cards: [Card] = []
    while let line = bob.readLine(timeout: 10) {
      if case .table(_, _, let table, _)? = ServerLine.decode(line) { cards = table }
      if line.hasPrefix("OK STATE") { break }
    }
    let set = try #require(Table(cards: cards).sets().first)
    play.type(" " + String(set.map { PlayState.key(for: $0) }))
    let found = play.waitForFrame(within: 20) { $0.contains("You found a set") && $0.contains("ann (you) 1") }
    #expect(found, "frame: \(play.lastFrame)")
    #expect(play.lastFrame.contains(" +1"))

    play.type("\u{03}")  // Ctrl-C
    let status = play.waitForExit(within: 20)
    #expect(status == 0)
    var after = termios()
    tcgetattr(play.slave, &after)
    #expect(after.c_lflag == before.c_lflag)
    #expect(after.c_iflag == before.c_iflag)
    #expect(after.c_oflag == before.c_oflag)
    let tail = String(decoding: play.output.suffix(400), as: UTF8.self)
    #expect(tail.contains("\u{1B}[?1049l"), "the alternate screen is left")
    #expect(tail.contains("\u{1B}[?25h"), "the cursor is shown again")
  }

  @Test("killed with SIGKILL mid-game and started again with the same name, the player is back in seat")
  func relaunchKeepsTheSeat() throws {
    let folder = try makeTemporaryFolder("state")
    defer { removeFolder(folder) }
    let table = try LoopbackTable(seed: 7)
    let arguments = [try builtSetduel(), "play", "127.0.0.1:\(table.port)", "--name", "ann"]
    let environment = ["TERM=xterm-256color", "NO_COLOR=1", "PATH=/usr/bin:/bin", "XDG_STATE_HOME=\(folder)"]
    let location = try #require(
      SeatTokenLocation(host: "127.0.0.1", port: table.port, name: "ann", environment: ["XDG_STATE_HOME": folder]))
    let first = try PseudoTerminalProcess(arguments, environment: environment)
    let seated = eventually(timeout: 20) {
      first.pump(milliseconds: 10)
      return table.server.seatsTaken.one
    }
    #expect(seated)
    #expect(SeatTokenFile(location: location).read() == nil, "no token is kept before a game runs")
    let bob = try table.connect()
    bob.send("MODE MACHINE")
    bob.send("NAME bob")
    let kept = eventually(timeout: 20) {
      first.pump(milliseconds: 10)
      return SeatTokenFile(location: location).read() != nil
    }
    #expect(kept, "the token is on disk once the game runs")
    var status = stat()
    #expect(stat(location.path, &status) == 0 && status.st_mode & 0o777 == 0o600)

    kill(first.pid, SIGKILL)
    #expect(first.waitForExit(within: 20) == 128 + SIGKILL)
    _ = bob.readLines { $0.hasPrefix("LEFT ") }

    let second = try PseudoTerminalProcess(arguments, environment: environment)
    let back = second.waitForFrame(within: 20) { $0.contains("You're back in your seat") }
    #expect(back, "frame: \(second.lastFrame)")
    #expect(second.lastFrame.contains("ann (you) 0"))
    #expect(!second.lastFrame.contains("ann2"))
    let lines = bob.readLines { $0.hasPrefix("BACK ") }
    #expect(!lines.contains { $0.hasPrefix("OVER ") }, "no forfeit")
    #expect(table.inspect { $0.clientIDs.count } == 2, "ann is seated again, not watching as a newcomer")

    second.type("\u{03}")
    #expect(second.waitForExit(within: 20) == 0)
    #expect(SeatTokenFile(location: location).read() != nil, "the game still runs: the seat is still kept")
  }

  @Test("the solo game counts 3-2-1 before the computer sits down, on a table open to this machine only")
  func soloGameCountsDown() throws {
    let folder = try makeTemporaryFolder("solo")
    defer { removeFolder(folder) }
    let play = try PseudoTerminalProcess(
      [try builtSetduel()],
      environment: [
        "TERM=xterm-256color", "NO_COLOR=1", "PATH=/usr/bin:/bin", "USER=ann", "HOME=\(folder)",
        "XDG_DATA_HOME=\(folder)/data", "XDG_STATE_HOME=\(folder)/state",
      ])
    let three = play.waitForFrame(within: 20) { $0.contains("the clock starts in 3") }
    #expect(three, "frame: \(play.lastFrame)")
    #expect(play.lastFrame.contains("Waiting for an opponent"), "no card is dealt yet")
    #expect(play.lastFrame.contains("this machine only"))
    // Whole, at 80 columns: the way to let friends watch and to play one are not cut off.
    #expect(play.lastFrame.contains("--public lets friends watch"), "\(play.lastFrame)")
    #expect(play.lastFrame.contains("play HOST"), "\(play.lastFrame)")
    #expect(play.waitForFrame(within: 5) { $0.contains("the clock starts in 2") })
    #expect(play.waitForFrame(within: 5) { $0.contains("the clock starts in 1") })
    let started = play.waitForFrame(within: 10) { frame in
      frame.contains("Go!") && "abcdefghijkl".allSatisfy { frame.contains(card: $0) }
    }
    #expect(started, "frame: \(play.lastFrame)")
    // The player's name is proved by the solo games' one secret: rated as theirs, not a guest.
    #expect(!play.lastFrame.contains("Guest"), "\(play.lastFrame)")
    play.type("\u{03}")
    #expect(play.waitForExit(within: 20) == 0)
    // Quit normally, the table closed cleanly: its record ends with `end`.
    let records = folder + "/data/setduel/records"
    let files = try listFiles(records).filter { $0.hasSuffix(".record") }
    #expect(files.count == 1, "\(files)")
    for file in files {
      let text = try readFile(records + "/" + file)
      #expect(text.hasSuffix("\nend\n"), "\(text.suffix(80))")
      #expect(text.contains("\nowner 1 "), "the player's seat is its name's owner's")
    }
    let secrets = try listFiles(folder + "/state/setduel").filter { $0.hasSuffix(".secret") }
    #expect(secrets.count == 1 && secrets[0].contains("solo"), "\(secrets)")
  }

  @Test(
    "a fatal signal restores the terminal before the process dies of it",
    arguments: [SIGTERM, SIGHUP, SIGSEGV, SIGABRT])
  func signalRestores(signalNumber: Int32) throws {
    // A crash signal's default action dumps core: none is wanted from a test.
    var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
    getrlimit(Int32(RLIMIT_CORE.rawValue), &noCore)
    noCore.rlim_cur = 0
    setrlimit(Int32(RLIMIT_CORE.rawValue), &noCore)
    let table = try LoopbackTable(seed: 7)
    let play = try PseudoTerminalProcess(
      [try builtSetduel(), "play", "127.0.0.1:\(table.port)", "--name", "ann", "--ascii"],
      environment: ["TERM=xterm", "PATH=/usr/bin:/bin"])
    let before = play.initialSettings
    let drawn = play.waitForFrame(within: 20) { $0.contains("SetDuel") }
    #expect(drawn)
    kill(play.pid, signalNumber)
    let status = play.waitForExit(within: 20)
    #expect(status == 128 + signalNumber)
    var after = termios()
    tcgetattr(play.slave, &after)
    #expect(after.c_lflag == before.c_lflag)
    // The main screen is back. (Not necessarily in the last bytes: the signal may land on another thread
    // while the main thread is writing a frame, whose rest can follow before the process dies.)
    #expect(String(decoding: play.output, as: UTF8.self).contains("\u{1B}[?1049l"))
  }
}
