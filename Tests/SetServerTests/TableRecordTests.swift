import SetHost
import SetServer
import SetTestSupport
import Testing

/// The record file a table on loopback writes as it plays.
@Suite("A table's record")
struct TableRecordTests {
  @Test("a table's record is written as it plays, and replays to what a client saw")
  func tableWritesItsRecord() throws {
    let folder = try makeTemporaryFolder("records")
    defer { removeFolder(folder) }
    let table = try LoopbackTable.lenient { $0.recordsDirectory = folder + "/records" }
    let game = try table.game()
    let set = try #require(game.ann.model.someSet)
    try game.ann.ok("PICK " + set.map(\.label).joined(separator: " "))
    try game.bob.ok("SAY nice")
    try game.bob.ok("CLAIM")
    try game.ann.sync()
    let path = try #require(table.server.recordPath)
    #expect(path.hasPrefix(folder + "/records/game-") && path.hasSuffix("-seed7.record"))
    let replay = try Replay(text: try readFile(path))
    #expect(replay.events == game.ann.events)
    #expect(try replay.verify() == game.ann.events.count - 3)  // Less JOINED, JOINED and SAY.
    #expect(table.invariantProblems(observer: game.ann) == [])
  }
}
