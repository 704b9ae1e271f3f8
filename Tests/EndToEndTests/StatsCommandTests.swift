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

  @Test("a player's figures end with the tournaments they played, read from the tournament records, and their place")
  func tournamentsPlayed() throws {
    let folder = try makeTemporaryFolder("stats-tournaments")
    defer { removeFolder(folder) }
    let records = folder + "/records"
    try makeFolder(records)
    let simulated = SimulatedRecords(count: 1, pool: ["ann", "bob"])
    try writeFile(records + "/game-20260101-120000-seed1.record", simulated.texts[0])
    // Ann and bob play a Swiss of one round; cy enters and withdraws before it starts, so is not in
    // its standings; a file that is not a tournament's record is passed over.
    let tournament = [
      "setduel-tournament version=1 format=swiss rounds=1 seed=11 start=0 min=- wait=8000 back=10000 break=30000 noshow=60000",
      "at=1000000000 enter name=ann rating=1500", "at=1000000000 enter name=bob rating=1500",
      "at=1000000000 enter name=cy rating=1500", "at=1500000000 withdraw name=cy",
      "at=2000000000 start organiser=1", "at=3000000000 seated name=ann", "at=3000000000 seated name=bob",
      "at=4000000000 result game=1 result=seat1",
    ]
    try writeFile(records + "/tournament-20260101-130000-swiss.tournament", tournament.joined(separator: "\n") + "\n")
    try writeFile(records + "/tournament-20260101-140000-swiss.tournament", "not a tournament\n")
    var places: [String] = []
    for name in ["ann", "BOB"] {
      let shown = try stats(["--records", records, name], folder: folder)
      #expect(shown.end == "exit 0", "\(shown.error)")
      let lines = shown.output.split(separator: "\n").map(String.init)
      let heading = try #require(lines.firstIndex(of: "Tournaments played:"), "\(shown.output)")
      #expect(lines.count == heading + 2, "one tournament: \(shown.output)")
      let line = lines[heading + 1]
      #expect(line.hasPrefix("  tournament-20260101-130000-swiss.tournament: place "), "\(line)")
      #expect(line.contains(" of 2 with ") && line.hasSuffix(" points (swiss, finished)"), "\(line)")
      places.append(String(line.split(separator: " ")[2]))
    }
    #expect(Set(places) == ["1", "2"], "\(places)")
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
