import SetCore
import SetProtocol
import SetServer
import SetStats
import SetTestSupport
import Testing

/// The server folds its records folder at start: figures and ratings survive a restart.
@Suite("Stats across restarts")
struct StatsRestartTests {
  /// The `STAT` line a client gets for `name`.
  private func statLine(_ client: MachineClient, _ name: String) throws -> String {
    let (reply, before) = try client.request("STATS \(name)")
    guard case .ok(.stats) = reply.kind, let line = before.last(where: { $0.hasPrefix("STAT ") }) else {
      throw TestFailure("STATS \(name) got \(reply.line)")
    }
    return line
  }

  @Test("a server restarted on the same folder answers STATS with the same numbers")
  func restartKeepsFigures() throws {
    let folder = try makeTemporaryFolder("stats-restart")
    defer { removeFolder(folder) }
    let simulated = SimulatedRecords(count: 6, pool: ["ann", "bob", "cy"])
    for (index, text) in simulated.texts.enumerated() {
      try writeFile(folder + "/game-2026010\(index)-000000-seed\(index + 1).record", text)
    }
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
      let before = try statLine(ann.client, "cy")
      #expect(before.lowercased().hasPrefix("stat cy 0 "))
      for name in ["ann", "BOB", "cy"] { first[name] = try statLine(ann.client, name) }
      #expect(rated.split(separator: " ")[4] == first["ann"]!.split(separator: " ")[3], "\(rated) / \(first)")
      table.server.stop()
    }
    let table = try LoopbackTable(rules: rules) { $0.recordsDirectory = folder }
    let zed = try table.named("zed")
    var folded = History()
    for name in try listFiles(folder).sorted() { _ = try? folded.fold(record: try readFile(folder + "/" + name)) }
    for name in ["ann", "BOB", "cy"] {
      let again = try statLine(zed.client, name)
      #expect(again == first[name], "\(name)")
      let player = try #require(folded.player(name))
      #expect(again == ServerLine.stat(player.figures).line)
    }
    let games = try statLine(zed.client, "ann").split(separator: " ")[5]
    #expect(games == "\(simulated.expected["ann"]!.games + 1)", "the forfeit win is counted")
    try zed.client.refused("STATS nobody", .unknownPlayer)
    try zed.client.refused("TOP 101", .badArgument)
    try zed.client.refused("TOP many", .badArgument)
  }
}
