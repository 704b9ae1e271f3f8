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
    try runSetduel(["stats"] + arguments, folder: folder)
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
