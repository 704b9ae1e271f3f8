@preconcurrency import Glibc
import SetTestSupport
import Testing

/// `setduel serve` held up (stopped with SIGSTOP) while a command waits in its socket: the command is
/// judged at the time it reached the server, not the time the server read it.
@Suite("Faults: a server held up")
struct ServerStallFaultTests {
  @Test("a pick that arrived inside the claim window while the server was stopped is credited once it continues")
  func pickArrivedWhileStoppedCounts() throws {
    let folder = try makeTemporaryFolder("stall")
    defer { removeFolder(folder) }
    let server = try ServedTable(folder: folder, options: ["--claim-window", "0.5"])
    let (ann, bob) = try server.seatTwo()
    let set = try #require(ann.model.someSet).map(\.label).joined(separator: " ")
    try ann.ok("CLAIM")
    let claimed = Self.monotonicSeconds()

    server.process.signal(SIGSTOP)
    defer { server.process.signal(SIGCONT) }  // Never leave it stopped, whatever fails.
    try #require(eventually(timeout: 5) { Self.isStopped(server.process.pid) }, "the server did not stop")
    let id = ann.nextID()
    try #require(ann.send("@\(id) PICK \(set)"))
    // The kernel holds the pick, received well inside the window; the server sleeps past its end.
    let sent = Self.monotonicSeconds()
    try #require(sent - claimed < 0.4, "the pick went out too late to test anything: \(sent - claimed) s")
    usleep(1_200_000)
    server.process.signal(SIGCONT)

    let (reply, before) = try ann.reply(to: id)
    guard case .ok = reply.kind else {
      Issue.record("the pick was refused: \(reply.line), after \(before)")
      return
    }
    #expect(before.contains { $0.hasPrefix("SET ") }, "\(before)")
    #expect(ann.model.scores == [1, 0], "\(before)")
    #expect(!before.contains { $0.hasPrefix("EXPIRED ") }, "\(before)")
    // And the table goes on: the window is over, play is open again.
    try ann.sync()
    try bob.sync()
  }

  @Test("of two claims read together after a stop, the one whose line arrived first wins")
  func firstClaimToArriveWins() throws {
    let folder = try makeTemporaryFolder("stallrace")
    defer { removeFolder(folder) }
    let server = try ServedTable(folder: folder)
    let (ann, bob) = try server.seatTwo()

    server.process.signal(SIGSTOP)
    defer { server.process.signal(SIGCONT) }
    try #require(eventually(timeout: 5) { Self.isStopped(server.process.pid) }, "the server did not stop")
    // Ann's socket has input waiting first, but her claim is whole only after Bob's has arrived.
    let annID = ann.nextID()
    let bobID = bob.nextID()
    try #require(ann.link.sendRaw(Array("@\(annID) CLA".utf8)))
    usleep(30_000)
    try #require(bob.send("@\(bobID) CLAIM"))
    usleep(30_000)
    try #require(ann.link.sendRaw(Array("IM\r\n".utf8)))
    usleep(30_000)
    server.process.signal(SIGCONT)

    let (bobReply, _) = try bob.reply(to: bobID)
    let (annReply, _) = try ann.reply(to: annID)
    guard case .ok = bobReply.kind else {
      Issue.record("Bob's claim, which arrived first, lost: \(bobReply.line); Ann's got \(annReply.line)")
      return
    }
    guard case .error = annReply.kind else {
      Issue.record("both claims won: \(annReply.line)")
      return
    }
  }

  /// Whether every thread of process `pid` is stopped (state T in /proc/PID/task/TID/stat): a thread
  /// still on its way to stopping could yet take in input.
  private static func isStopped(_ pid: pid_t) -> Bool {
    guard let tasks = opendir("/proc/\(pid)/task") else { return false }
    defer { closedir(tasks) }
    var seen = 0
    while let entry = readdir(tasks) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard !name.hasPrefix(".") else { continue }
      guard let stat = try? readFile("/proc/\(pid)/task/\(name)/stat"), let end = stat.lastIndex(of: ")"),
        stat[end...].hasPrefix(") T")
      else { return false }
      seen += 1
    }
    return seen > 0
  }

  private static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
