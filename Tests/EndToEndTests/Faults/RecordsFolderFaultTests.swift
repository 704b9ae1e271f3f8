@preconcurrency import Glibc
import SetTestSupport
import Testing

/// A records folder is input: `serve` and `stats` read it at start, and neither may trap, hang or run
/// out of memory on what is in it. Each hostile file is skipped with a warning naming it, and the
/// good records still count.
@Suite("Faults: hostile files in the records folder")
struct RecordsFolderFaultTests {
  /// A folder of hostile files beside one good record, in `folder`/records.
  static func hostileFolder(_ folder: String) throws -> String {
    let records = folder + "/records"
    try makeFolder(records)
    try writeFile(records + "/a-good.record", SimulatedRecords(count: 1, pool: ["ann", "bob"]).texts[0])
    try writeFile(
      records + "/b-range.record",
      "SETDUEL-RECORD 1\nseed 7\ncmd 99999999999999 1 JOIN\nev JOINED 1 1 cy\ntick 99999999999999999\n")
    guard symlink("/dev/zero", records + "/c-zero.record") == 0 else { throw FileError(path: "c-zero.record") }
    guard mkfifo(records + "/d-fifo.record", 0o644) == 0 else { throw FileError(path: "d-fifo.record") }
    // Sparse: larger than a record may be, without taking the room.
    let huge = open(records + "/e-huge.record", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard huge >= 0, ftruncate(huge, off_t(300 << 20)) == 0 else { throw FileError(path: "e-huge.record") }
    close(huge)
    try makeFolder(records + "/f-folder.record")
    try writeFile(records + "/g-\u{1B}[2J.record", "not a record\n")
    return records
  }

  /// The warnings every hostile file must give, by a piece of each.
  static let expected = [
    "b-range.record line 3: a time out of range", "b-range.record line 5: a time out of range",
    "c-zero.record is not a regular file", "d-fifo.record is not a regular file",
    "e-huge.record is larger than a record may be", "f-folder.record", "g-\u{241B}[2J.record",
  ]

  @Test("setduel stats skips each hostile file with a warning and counts the rest")
  func stats() throws {
    let folder = try makeTemporaryFolder("hostile-stats")
    defer { removeFolder(folder) }
    let records = try Self.hostileFolder(folder)
    let stats = try Subprocess([try builtSetduel(), "stats", "--records", records], folder: folder, name: "stats")
    #expect(stats.end(timeout: 30) == "exit 0", "\(stats.errorOutput)")
    for piece in Self.expected { #expect(stats.errorOutput.contains(piece), "\(piece): \(stats.errorOutput)") }
    #expect(!stats.errorOutput.contains("\u{1B}"))
    #expect(stats.output.contains("ann") && stats.output.contains("bob"))
  }

  @Test("setduel serve starts on a hostile records folder, logs each file it skipped, and serves")
  func serve() throws {
    let folder = try makeTemporaryFolder("hostile-serve")
    defer { removeFolder(folder) }
    _ = try Self.hostileFolder(folder)
    let server = try ServedTable(folder: folder)
    let ann = try MachineClient(port: server.port, label: "ann")
    try ann.ok("NAME ann")
    let (_, before) = try ann.request("STATS ann")
    #expect(before.contains { $0.hasPrefix("STAT ann 0 ") })
    for piece in Self.expected {
      #expect(server.process.errorOutput.contains(piece), "\(piece): \(server.process.errorOutput)")
    }
    ann.close()
    server.process.signal(SIGTERM)
    #expect(server.process.end() == "exit 0")
  }
}
