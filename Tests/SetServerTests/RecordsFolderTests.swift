import SetServer
import SetStats
import SetTestSupport
import Testing

/// A folder of game records folded into the players' history, as `setduel serve` and `setduel stats` read it.
@Suite("Records folder")
struct RecordsFolderTests {
  @Test("a copied record, whole or taken while it was written, is skipped: its games count once")
  func copiesCountOnce() throws {
    let folder = try makeTemporaryFolder("stats-copies")
    defer { removeFolder(folder) }
    let simulated = SimulatedRecords(count: 2, pool: ["ann", "bot"])
    try writeFile(folder + "/game-20260101-120000-seed1.record", simulated.texts[0])
    try writeFile(folder + "/game-20260102-120000-seed2.record", simulated.texts[1])
    try writeFile(folder + "/copy of game 1.record", simulated.texts[0])
    let half = simulated.texts[1].split(separator: "\n").prefix(8).joined(separator: "\n") + "\n"
    try writeFile(folder + "/a-early-copy.record", half)
    var once = History()
    for text in simulated.texts { try once.fold(record: text) }
    let folded = try RecordsFolder.fold(folder)
    #expect(folded.history.games == once.games)
    #expect(folded.history.player("ann") == once.player("ann"))
    #expect(folded.warnings.count == 2, "\(folded.warnings)")
    #expect(folded.warnings.allSatisfy { $0.contains("a copy of") }, "\(folded.warnings)")
  }
}
