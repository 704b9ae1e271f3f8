import SetCore
import SetServer
import SetStats
import SetTestSupport
import SetTransport
import Testing

/// `setduel stats`: the leaderboard and one player's figures from a folder of records, and what it
/// says when there is nothing to read.
@Suite("setduel stats")
struct StatsCommandTests {
  private func stats(_ arguments: [String], folder: String) throws -> (end: String, output: String, error: String) {
    let run = try Subprocess([try builtSetduel(), "stats"] + arguments, folder: folder, name: "stats")
    let end = run.end(timeout: 60)
    return (end, run.output, run.errorOutput)
  }

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

  @Test("TOP lists only players with a finished game")
  func topLeavesOutPlayersWithoutGames() {
    var table = HostDriver(seed: 7)
    let (ann, bob) = (ConnectionID(1), ConnectionID(2))
    for (id, name) in [(ann, "ann"), (bob, "bob")] {
      table.connect(id)
      table.send("MODE MACHINE", from: id)
      table.send("NAME \(name)", from: id)
    }
    _ = table.drain(ann)
    table.send("TOP", from: ann)
    #expect(table.drain(ann) == ["OK TOP 0"])
  }

  @Test("after two games it shows both players with their ratings, and one player's figures with a chart")
  func leaderboardAndPlayer() throws {
    let folder = try makeTemporaryFolder("stats")
    defer { removeFolder(folder) }
    let records = folder + "/records"
    let simulated = SimulatedRecords(count: 2, pool: ["ann", "bot"])
    try makeFolder(records)
    for (index, text) in simulated.texts.enumerated() {
      try writeFile(records + "/game-2026010\(index + 1)-120000-seed\(index + 1).record", text)
    }
    try writeFile(records + "/game-20260103-120000-seed3.record", "not a record\n")
    var history = History()
    for text in simulated.texts { try history.fold(record: text) }
    let board = try stats(["--records", records], folder: folder)
    #expect(board.end == "exit 0", "\(board.error)")
    #expect(board.error.contains("skipped \(records)/game-20260103-120000-seed3.record"), "\(board.error)")
    for name in ["ann", "bot"] {
      let player = try #require(history.player(name))
      let line = board.output.split(separator: "\n").first { $0.lowercased().contains(" \(name) ") }
      #expect(line?.contains(" \(StatsText.rating(player)) ") == true, "\(board.output)")
      #expect(line?.contains(" \(player.wins)-\(player.losses)-\(player.ties) ") == true, "\(board.output)")
    }
    let one = try stats(["--records", records, "ANN"], folder: folder)
    #expect(one.end == "exit 0", "\(one.error)")
    let ann = try #require(history.player("ann"))
    #expect(one.output.hasPrefix("\(ann.name): rating \(StatsText.rating(ann)) "), "\(one.output)")
    #expect(one.output.contains("sets \(ann.sets), wrong picks \(ann.wrongPicks),"))
    #expect(one.output.contains("█"), "a chart of find times: \(one.output)")
  }

  @Test("a missing folder, an empty one and a name never seen each say so and exit 1")
  func nothingToShow() throws {
    let folder = try makeTemporaryFolder("stats-empty")
    defer { removeFolder(folder) }
    let missing = try stats(["--records", folder + "/none"], folder: folder)
    #expect(missing.end == "exit 1" && missing.error.contains("cannot read the records folder"), "\(missing.error)")
    try makeFolder(folder + "/empty")
    let empty = try stats(["--records", folder + "/empty"], folder: folder)
    #expect(empty.end == "exit 1" && empty.error.contains("no game records in"), "\(empty.error)")
    try writeFile(folder + "/empty/game-1.record", SimulatedRecords(count: 1, pool: ["ann", "bob"]).texts[0])
    let stranger = try stats(["--records", folder + "/empty", "zed"], folder: folder)
    #expect(stranger.end == "exit 1" && stranger.error.contains("no games recorded for zed"), "\(stranger.error)")
  }
}
