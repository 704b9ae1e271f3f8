import SetCore
import SetProtocol
import SetServer
import SetStats
import SetTestSupport
import Testing

/// The server folds its records folder at start: figures and ratings survive a restart.
@Suite("Stats across restarts")
struct StatsRestartTests {
  @Test("a server restarted on the same folder answers STATS with the same numbers")
  func restartKeepsFigures() throws {
    let folder = try makeTemporaryFolder("stats-restart")
    defer { removeFolder(folder) }
    let simulated = SimulatedRecords(count: 6, pool: ["ann", "bob", "cy"])
    try simulated.write(into: folder)
    try writeFile(folder + "/game-20260109-000000-seed99.record", "garbage\n")
    var rules = Rules()
    rules.resumeGrace = 200
    var first: [String: String] = [:]
    do {
      let table = try LoopbackTable(rules: rules) { $0.recordsDirectory = folder }
      let ann = try table.named("ann")
      let bob = try table.named("bob")
      try ann.client.readUntil("START") { $0.hasPrefix("START ") }
      bob.client.close()  // bob stays away and forfeits: a game that moves both ratings.
      let rated = try ann.client.readUntil("RATED") { $0.hasPrefix("RATED ") }
      let before = try ann.client.statLine("cy").line
      #expect(before.lowercased().hasPrefix("stat cy 0 "))
      for name in ["ann", "BOB", "cy"] { first[name] = try ann.client.statLine(name).line }
      #expect(rated.split(separator: " ")[4] == first["ann"]!.split(separator: " ")[3], "\(rated) / \(first)")
      table.server.stop()
    }
    let table = try LoopbackTable(rules: rules) { $0.recordsDirectory = folder }
    let zed = try table.named("zed")
    var folded = History()
    for name in try listFiles(folder).sorted() { _ = try? folded.fold(record: try readFile(folder + "/" + name)) }
    for name in ["ann", "BOB", "cy"] {
      let again = try zed.client.statLine(name).line
      #expect(again == first[name], "\(name)")
      let player = try #require(folded.player(name))
      #expect(again == ServerLine.stat(player.figures).line)
    }
    let games = try zed.client.statLine("ann").line.split(separator: " ")[5]
    #expect(games == "\(simulated.expected["ann"]!.games + 1)", "the forfeit win is counted")
    try zed.client.refused("STATS nobody", .unknownPlayer)
    try zed.client.refused("TOP 101", .badArgument)
    try zed.client.refused("TOP many", .badArgument)
  }
}
