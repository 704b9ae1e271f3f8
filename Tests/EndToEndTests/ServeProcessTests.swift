@preconcurrency import Glibc
import SetCore
import SetNet
import SetProtocol
import SetTestSupport
import SetTransport
import Testing

/// `setduel serve` as a user runs it: the real binary in a process of its own, killed and signalled.
@Suite("setduel serve, end to end")
struct ServeProcessTests {
  @Test("kill -9 mid-game: setduel replay reproduces every event broadcast before the kill")
  func killNineLosesNothing() throws {
    let folder = try makeTemporaryFolder("kill9")
    defer { removeFolder(folder) }
    let server = try ServedTable(folder: folder, options: ["--claim-window", "30"])
    let (ann, bob) = try server.seatTwo()
    // Part of a game: a set, a wrong pick and a passed turn, a deal, chat, and a claim left open.
    try ann.ok("PICK " + (try #require(ann.model.someSet)).map(\.label).joined(separator: " "))
    try ann.sync()
    let wrong = try #require(ann.model.someNonSet).map(\.label).joined(separator: " ")
    try bob.ok("PICK \(wrong)")
    try ann.ok("PICK \(wrong)")
    _ = try bob.request("DEAL")
    try bob.ok("SAY about to crash")
    try ann.sync()
    if ann.model.counts["TURN"] ?? 0 > 1 { try ann.ok("PICK \(wrong)") }  // A needless deal passed the turn.
    try bob.ok("CLAIM")
    try bob.ok("PICK A")
    try ann.sync()
    server.process.signal(SIGKILL)
    #expect(server.process.end() == "signal 9")
    let seen = ann.events
    #expect(seen.count > 20)

    let replay = try runReplay(server.recordPath, folder: folder)
    #expect(replay.end == "exit 0", "\(replay.error)")
    #expect(replay.output.contains("match the record."))
    #expect(replay.output.contains("Not a complete game: the record ends after line "), "\(replay.output.suffix(300))")
    let recorded = try readFile(server.recordPath).split(separator: "\n").filter { $0.hasPrefix("ev ") }.map {
      String($0.dropFirst(3))
    }
    #expect(Array(recorded.prefix(seen.count)) == seen, "the record lacks or changes events the client saw")
    #expect(recorded.count == seen.count)
  }

  @Test("serve --bot: a person who names themselves bot-easy is not taken for the computer, which sits as bot-easy2")
  func aPersonCalledBot() throws {
    let folder = try makeTemporaryFolder("bot-name")
    defer { removeFolder(folder) }
    let server = try ServedTable(folder: folder, options: ["--bot", "easy"])
    let person = try MachineClient(port: server.port, label: "bot-easy")
    try person.ok("NAME bot-easy")
    let joined = try person.readUntil("the computer sits down") {
      $0.hasPrefix("JOINED ") && $0.hasSuffix(" 2 bot-easy2")
    }
    #expect(joined.hasSuffix(" 2 bot-easy2"))
    try person.sync()
    server.process.signal(SIGTERM)
    #expect(server.process.end() == "exit 0")
    let marks = try readFile(server.recordPath).split(separator: "\n").filter { $0.hasPrefix("bot ") }
    #expect(marks == ["bot 2"], "only the computer's seat is marked")
  }

  enum StopSignal: Int32, CaseIterable, CustomTestStringConvertible {
    case terminate = 15
    case interrupt = 2
    var testDescription: String { self == .terminate ? "SIGTERM" : "SIGINT" }
  }

  @Test("a serve that cannot listen reads no records and leaves no record file")
  func bindFailureLeavesNoRecord() throws {
    let folder = try makeTemporaryFolder("nobind")
    defer { removeFolder(folder) }
    let first = try ServedTable(folder: folder)
    let before = try listFiles(folder + "/records").sorted()
    let second = try Subprocess(
      [
        try builtSetduel(), "serve", "--host", "127.0.0.1", "--port", "\(first.port)", "--records", folder + "/records",
      ],
      folder: folder, name: "serve2")
    #expect(second.end(timeout: 30) != "exit 0")
    #expect(try listFiles(folder + "/records").sorted() == before, "no new record file")
    #expect(!second.errorOutput.contains("records read"), "\(second.errorOutput)")
    #expect(!second.output.contains("Recording the games"), "\(second.output)")
    first.process.signal(SIGTERM)
    _ = first.process.end()
  }

  @Test(
    "SIGTERM and SIGINT: every client is told, the record is closed, the exit status is 0",
    arguments: StopSignal.allCases)
  func stopsCleanly(_ stop: StopSignal) throws {
    let folder = try makeTemporaryFolder("stop")
    defer { removeFolder(folder) }
    let server = try ServedTable(folder: folder)
    let ann = try MachineClient(port: server.port, label: "ann")
    try ann.ok("NAME ann")
    let stranger = try MachineClient(port: server.port, label: "stranger")
    try stranger.sync()
    server.process.signal(stop.rawValue)
    let (annLines, annClosed) = ann.readToEnd()
    #expect(annClosed && annLines.last?.hasPrefix("BYE ") == true, "\(annLines)")
    let (strangerLines, strangerClosed) = stranger.readToEnd()
    #expect(strangerClosed && strangerLines == ["ERR SHUTTING_DOWN the server is shutting down"])
    #expect(server.process.end() == "exit 0", "\(server.process.errorOutput)")
    let record = try readFile(server.recordPath)
    #expect(record.hasSuffix("\nend\n") && record.split(separator: "\n").dropLast().last?.hasPrefix("ev BYE ") == true)
    let replay = try runReplay(server.recordPath, folder: folder)
    #expect(replay.end == "exit 0", "\(replay.error)")
    #expect(!replay.output.contains("Not a complete game"))
  }

  @Test("out of descriptors, the server keeps serving, does not spin, and accepts again once some are free")
  func acceptsThroughEMFILE() throws {
    let folder = try makeTemporaryFolder("emfile")
    defer { removeFolder(folder) }
    // A descriptor limit of 48 for the server alone: a few for itself, the rest for connections.
    let server = try ServedTable(folder: folder, options: ["--claim-window", "0.2"], shell: "ulimit -n 48")
    // First a claim runs out: Dispatch sets up its timers lazily, with a descriptor, so let it do that
    // before there are none (a server runs out long after it starts; this test would not otherwise).
    let (ann, bob) = try server.seatTwo()
    defer { bob.close() }
    try ann.ok("CLAIM")
    try ann.readUntil("EXPIRED") { $0.hasPrefix("EXPIRED ") }
    var clients = try (0..<60).map { _ in
      try BlockingLineClient(host: "127.0.0.1", port: server.port, timeout: MachineClient.timeout)
    }
    // The server takes as many as it has descriptors for; the rest wait in the listen queue.
    var greeted = Set<Int>()
    var settled = 0
    while settled < 20 {
      let before = greeted.count
      for index in clients.indices where !greeted.contains(index) {
        if clients[index].readLine(timeout: 0) != nil { greeted.insert(index) }
      }
      settled = greeted.count == before && !greeted.isEmpty ? settled + 1 : 0
      usleep(50_000)
    }
    #expect(greeted.count > 10 && greeted.count < 60, "\(greeted.count) of 60 accepted")
    let waiting = clients.indices.filter { !greeted.contains($0) }
    try #require(waiting.count < greeted.count, "too few descriptors for this test: \(greeted.count)")
    // Still serving the connections it has.
    let first = try #require(greeted.min())
    // Silent past their banners, these connections may be taken for people: a prompt may lead the answer.
    clients[first].send("PING busy")
    #expect(unprompted(clients[first].readLine(timeout: MachineClient.timeout)) == "PONG busy")
    // And not spinning on the connections it cannot take: a second of waiting costs little CPU.
    let cpuBefore = try cpuMilliseconds(of: server.process.pid)
    usleep(1_000_000)
    let used = try cpuMilliseconds(of: server.process.pid) - cpuBefore
    #expect(used < 300, "\(used) ms of CPU in a second out of descriptors")
    // Free most of the descriptors: every waiting connection is taken and served.
    for index in greeted where index != first { clients[index].close() }
    for index in waiting {
      #expect(clients[index].readLine(timeout: MachineClient.timeout)?.hasPrefix("SETDUEL 1 ") == true)
    }
    let last = try #require(waiting.last)
    clients[last].send("PING free")
    #expect(unprompted(clients[last].readLine(timeout: MachineClient.timeout)) == "PONG free")
    clients.removeAll()
  }
}

/// The user and system CPU time a process has used, in milliseconds (from /proc).
func cpuMilliseconds(of pid: pid_t) throws -> Int {
  let stat = try readFile("/proc/\(pid)/stat")
  // Fields after the command name, which is in parentheses and may hold spaces.
  guard let close = stat.lastIndex(of: ")") else { throw TestFailure("unreadable /proc/\(pid)/stat") }
  let fields = stat[stat.index(after: close)...].split(separator: " ")
  guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else {
    throw TestFailure("unreadable /proc/\(pid)/stat")
  }
  return (user + system) * 1000 / Int(sysconf(Int32(_SC_CLK_TCK)))
}

/// A line read, without the prompt a connection silent past its banner is given before it.
private func unprompted(_ line: String?) -> String? {
  guard let line, line.hasPrefix("> ") else { return line }
  return String(line.dropFirst(2))
}
