import SetCore
import SetProtocol
import SetServer
import SetStats
import SetTestSupport
import Testing

/// A name's rating belongs to whoever first proved it with a secret: a stranger without it plays as a
/// guest, and losing on purpose moves no one's rating, live, after a restart and in `setduel stats`.
@Suite("Names and their owners")
struct NameOwnerTests {
  private let secret = "ann-own-secret-0123456789"

  /// A table dealt from `seed` (so that its record sorts after those of earlier seeds written in the
  /// same second) that folds and writes `folder`.
  private func table(seed: UInt64, folder: String) throws -> LoopbackTable {
    var rules = Rules()
    rules.resumeGrace = 200
    return try LoopbackTable(seed: seed, rules: rules) { $0.recordsDirectory = folder }
  }

  @Test("a stranger as Ann without her secret, losing on purpose to a friend, leaves her rating as it was")
  func strangerCannotRuinRating() throws {
    let folder = try makeTemporaryFolder("name-owner")
    defer { removeFolder(folder) }
    let old = SimulatedRecords(count: 3, pool: ["ann", "bob", "cy"])
    try old.write(into: folder)
    var oldHistory = History()
    for text in old.texts { try oldHistory.fold(record: text) }
    let oldAnn = try #require(oldHistory.player("ann"))

    // The owner proves the name and wins: she is rated, as before.
    let owned: String
    do {
      let table = try table(seed: 1, folder: folder)
      let ann = try table.client("ann")
      try ann.refused("NAME ann short-secret", .badName)
      try ann.refused("NAME ann \(secret)!", .badArgument)
      let (reply, before) = try ann.request("NAME ann \(secret)")
      #expect(reply.line.hasPrefix("OK @\(reply.id ?? "") NAME 1 "), "\(reply.line)")
      #expect(before.contains { $0.hasPrefix("NOTICE rating rated ann Rated: ann is yours") }, "\(before)")
      let (fromBefore, _) = try ann.statLine("ann")
      #expect(fromBefore == ServerLine.stat(oldAnn.figures).line, "old records keep their figures")
      let bob = try table.named("bob")
      try ann.readUntil("START") { $0.hasPrefix("START ") }
      bob.client.close()
      try ann.readUntil("RATED") { $0.hasPrefix("RATED ") }
      owned = try ann.statLine("ann").line
      #expect(owned != fromBefore, "the owner's game is rated")
      table.server.stop()
    }

    // A stranger sits down as "Ann" without the secret and forfeits to a friend, twice.
    for seed: UInt64 in [2, 3] {
      let table = try table(seed: seed, folder: folder)
      let stranger = try table.client("stranger")
      try stranger.refused("NAME Ann not-the-secret-of-ann", .wrongSecret)
      let (reply, before) = try stranger.request("NAME Ann")
      #expect(reply.line.contains(" NAME 1 "), "\(reply.line)")
      #expect(
        before.contains { $0.hasPrefix("NOTICE rating guest Ann Guest: Ann belongs to someone else") }, "\(before)")
      let friend = try table.named("friend")
      try stranger.readUntil("START") { $0.hasPrefix("START ") }
      stranger.close()
      try friend.client.readUntil("OVER") { $0.hasPrefix("OVER ") }
      let after = try friend.client.statLine("ann")
      #expect(!after.rated, "a game with a guest on an owned name is not rated")
      #expect(after.line == owned)
      try friend.client.refused("STATS friend", .unknownPlayer)
      let (top, _) = try friend.client.request("TOP")
      #expect(top.line.hasSuffix("TOP 3"), "ann, bob and cy: \(top.line)")
      table.server.stop()
    }

    // Read again from the records, by a restarted server and by `setduel stats`.
    let table = try table(seed: 4, folder: folder)
    let zed = try table.named("zed")
    #expect(try zed.client.statLine("ANN").line == owned)
    table.server.stop()
    var folded = History()
    for name in try listFiles(folder).sorted() where name.hasSuffix(".record") {
      try folded.fold(record: try readFile(folder + "/" + name))
    }
    let ann = try #require(folded.player("ann"))
    #expect(ServerLine.stat(ann.figures).line == owned)
    #expect(ann.forfeits == oldAnn.forfeits, "the stranger's forfeits are not ann's")
    let run = try Subprocess(
      [try builtSetduel(), "stats", "--records", folder, "Ann"], folder: folder, name: "stats")
    #expect(run.end(timeout: 60) == "exit 0", "\(run.errorOutput)")
    #expect(run.output.hasPrefix("ann: rating \(StatsText.rating(ann)) "), "\(run.output)")
  }
}
