@preconcurrency import Glibc
import SetNet
import SetTestSupport
import Testing

/// `setduel serve` after thousands of connections opened and closed, round after round: what they took
/// is given back, so the server's resident memory stays where it was after the first round.
@Suite("Faults: memory after connections close")
struct ConnectionMemoryFaultTests {
  static let connections = 3_000
  static let rounds = 8

  /// The resident memory of process `pid`, in KB (VmRSS in /proc/PID/status).
  static func residentKB(_ pid: Int32) throws -> Int {
    let status = try readFile("/proc/\(pid)/status")
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { throw TestFailure("no VmRSS for process \(pid)") }
    return kilobytes
  }

  /// The resident memory once it stops changing: every close handled and the memory given back. The
  /// server gives it back at a sweep (a second apart) once a sweep finds that closing has stopped, up
  /// to two sweeps after the last close, so the memory must hold still for longer than that.
  static func settledKB(_ pid: Int32) throws -> Int {
    var last = try residentKB(pid)
    var unchanged = 0
    for _ in 0..<80 {
      usleep(500_000)
      let now = try residentKB(pid)
      unchanged = now == last ? unchanged + 1 : 0
      if unchanged == 5 { return now }
      last = now
    }
    return last
  }

  @Test("rounds of 3,000 spectators opened and closed leave the server's memory within 2 MB of the first round")
  func memoryComesBack() throws {
    let folder = try makeTemporaryFolder("memory")
    defer { removeFolder(folder) }
    let server = try ServedTable(folder: folder, options: ["--max-connections", "4000", "--no-announce"])
    let (ann, bob) = try server.seatTwo()
    defer {
      ann.close()
      bob.close()
    }
    var after: [Int] = []
    for _ in 0..<Self.rounds {
      var clients: [BlockingLineClient] = []
      for index in 0..<Self.connections {
        let client = try BlockingLineClient(host: "127.0.0.1", port: server.port, timeout: 30)
        _ = client.sendRaw(Array("MODE MACHINE\r\nNAME s\(index)\r\n".utf8))
        clients.append(client)
      }
      for client in clients {
        while let line = client.readLine(timeout: 30), !line.hasPrefix("OK NAME") {}
      }
      for client in clients { client.close() }
      try ann.sync()
      after.append(try Self.settledKB(server.process.pid))
    }
    // The first round grows the server's tables and pools to their size; later rounds must not add.
    let later = after.suffix(3).min() ?? 0
    #expect(later - after[0] <= 2048, "resident KB after each round: \(after)")
  }
}
