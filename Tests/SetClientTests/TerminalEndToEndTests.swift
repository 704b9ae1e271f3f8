import Glibc
import SetCore
import SetNet
import SetProtocol
import SetTestSupport
import SetTransport
import Testing

@testable import SetClient
@testable import SetClientCore

/// `setduel play` run in a pseudo-terminal, driven by keys, as a person would use it.
final class PseudoTerminalProcess {
  let master: Int32
  let slave: Int32
  /// The terminal's settings as the pair was made, before the process could change them.
  let initialSettings: termios
  let pid: pid_t
  private(set) var output: [UInt8] = []
  /// Whether the child was waited for (its pid may then be reused, so it must not be signalled).
  private var reaped = false

  /// Starts `arguments` (the first is the program) in a new session on a new 80x24 pseudo-terminal.
  init(_ arguments: [String], environment: [String]) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw SocketError("openpty", code: errno) }
    self.master = master
    self.slave = slave
    var initial = termios()
    tcgetattr(slave, &initial)
    initialSettings = initial
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, slave, fd) }
    posix_spawn_file_actions_addclose(&actions, master)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(0x80))  // POSIX_SPAWN_SETSID: a session of its own
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard status == 0 else { throw SocketError("posix_spawn", code: status) }
    self.pid = pid
  }

  deinit {
    if !reaped {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
    close(slave)
  }

  /// Reads what the program wrote, for at most `milliseconds`.
  func pump(milliseconds: Int32) {
    var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, milliseconds) > 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
    if count > 0 { output += buffer[..<count] }
  }

  /// The screen as last drawn: everything after the last cursor-home.
  var lastFrame: String {
    let text = String(decoding: output, as: UTF8.self)
    return text.components(separatedBy: "\u{1B}[H").last ?? ""
  }

  /// Reads until the last frame satisfies `condition`, for at most `seconds`.
  func waitForFrame(within seconds: Double, _ condition: (String) -> Bool) -> Bool {
    eventually(timeout: seconds, pollMilliseconds: 0) {
      if condition(lastFrame) { return true }
      pump(milliseconds: 50)
      return false
    }
  }

  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Waits for the program to exit, for at most `seconds`; its exit status, or nil.
  func waitForExit(within seconds: Double) -> Int32? {
    var status: Int32 = 0
    let exited = eventually(timeout: seconds, pollMilliseconds: 0) {
      pump(milliseconds: 20)
      return waitpid(pid, &status, WNOHANG) == pid
    }
    guard exited else { return nil }
    reaped = true
    while true {
      let before = output.count
      pump(milliseconds: 20)
      if output.count == before { break }
    }
    return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }
}

extension String {
  fileprivate func contains(card slot: Character) -> Bool { contains("╭ \(slot) ────╮") || contains("╔ \(slot) ════╗") }
}

@Suite("setduel play in a pseudo-terminal", .timeLimit(.minutes(1)))
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
      return table.server.seatsTaken[0]
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
      if case .table(_, _, let table)? = ServerLine.decode(line) { cards = table }
      if line.hasPrefix("OK STATE") { break }
    }
    let set = try #require(Table(cards: cards).sets().first)
    play.type(" " + String(set.map { PlayState.key(for: $0) }))
    let found = play.waitForFrame(within: 20) { $0.contains("You found a set") && $0.contains("ann 1 (you)") }
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
      return table.server.seatsTaken[0]
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
    let back = second.waitForFrame(within: 20) { $0.contains("Back in your seat") }
    #expect(back, "frame: \(second.lastFrame)")
    #expect(second.lastFrame.contains("ann 0 (you)"))
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
    #expect(play.waitForFrame(within: 5) { $0.contains("the clock starts in 2") })
    #expect(play.waitForFrame(within: 5) { $0.contains("the clock starts in 1") })
    let started = play.waitForFrame(within: 10) { frame in
      frame.contains("Go!") && "abcdefghijkl".allSatisfy { frame.contains(card: $0) }
    }
    #expect(started, "frame: \(play.lastFrame)")
    play.type("\u{03}")
    #expect(play.waitForExit(within: 20) == 0)
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
