@preconcurrency import Glibc
import SetTestSupport
import Testing

/// Players' find times as people see them, from a game played at human speed: over the wire while
/// the table runs, from `setduel stats`, and from a table started again on the same records.
@Suite("Find times at human speed, end to end")
struct HumanSpeedStatsTests {
  /// How long each player looks before picking, in milliseconds.
  static let pause: UInt32 = 300

  @Test("sets found after 300 ms say so in STATS, in setduel stats, and after a restart")
  func findTimesAtHumanSpeed() throws {
    let folder = try makeTemporaryFolder("human-speed")
    defer { removeFolder(folder) }
    let server = try ServedTable(folder: folder)
    let (ann, bob) = try server.seatTwo()
    for _ in 0..<3 {
      try ann.sync()
      usleep(Self.pause * 1000)
      try ann.ok("PICK " + (try #require(ann.model.someSet)).map(\.label).joined(separator: " "))
    }
    let live = try Self.findTimes(ann)
    #expect(live.median >= Int64(Self.pause) && live.fastest >= Int64(Self.pause), "\(live)")
    ann.close()
    bob.close()
    server.process.signal(SIGTERM)
    #expect(server.process.end() == "exit 0")

    let stats = try Subprocess(
      [try builtSetduel(), "stats", "--records", folder + "/records", "ann"], folder: folder, name: "stats")
    #expect(stats.end() == "exit 0", "\(stats.errorOutput)")
    let words = try #require(stats.output.split(separator: "\n").first { $0.hasPrefix("find time: ") })
    // "find time: median 0.3 s, fastest 0.3 s"
    let seconds = words.split(separator: " ").compactMap { Double($0) }
    #expect(seconds.count == 2 && seconds.allSatisfy { $0 >= Double(Self.pause) / 1000 }, "\(words)")

    let again = try ServedTable(folder: folder)
    let cy = try MachineClient(port: again.port, label: "cy")
    try cy.ok("NAME cy")
    #expect(try Self.findTimes(cy) == live)
    cy.close()
    again.process.signal(SIGTERM)
    #expect(again.process.end() == "exit 0")
  }

  /// ann's median and fastest find times, from `STATS ann` in the machine presentation.
  static func findTimes(_ client: MachineClient) throws -> (median: Int64, fastest: Int64) {
    let (_, before) = try client.request("STATS ann")
    let stat = try #require(before.first { $0.hasPrefix("STAT ann ") })
    let fields = stat.split(separator: " ")
    guard fields.count == 16, let median = Int64(fields[14]), let fastest = Int64(fields[15]) else {
      throw TestFailure("not a STAT line with find times: \(stat)")
    }
    return (median, fastest)
  }
}
