import SetCore
import SetHost
import SetProtocol
import SetTestSupport
import SetTransport
import Testing

@testable import SetServer

/// A record that cannot be written (a full disk, an I/O error) is an error logged at once and a notice
/// to the players; the game goes on. The host's side, and records cut short, are in SetHostTests.
@Suite("Record failures")
struct RecordFailureTests {
  @Test("a full disk: the error is logged at once, both presentations are told, and play goes on")
  func fullDisk() throws {
    let log = LogLines()
    let record = try RecordFile(appendingTo: "/dev/full", seed: 7, rules: Rules(claimWindow: 60_000))
    let table = EmbeddedTable(record: record, log: log)
    #expect(log.lines.contains { $0.level == .error && $0.text.contains("No space left on device") })
    let ann = table.machine()
    ann.send("NAME ann")
    #expect(ann.lines().contains("NOTICE records the game record could not be written: No space left on device"))
    let bob = table.connect()
    bob.send("NAME bob")
    #expect(bob.lines().contains(HumanText.recordLost("No space left on device")))
    // Told once; the game goes on.
    ann.send("CLAIM")
    let lines = ann.lines()
    #expect(lines.last == "OK CLAIM")
    #expect(!lines.contains { $0.hasPrefix("NOTICE") })
    #expect(ServerLine.decode("NOTICE records the game record could not be written: EIO") != nil)
  }
}
