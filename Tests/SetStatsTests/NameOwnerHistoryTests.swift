import SetCore
import SetHost
import SetProtocol
import SetPureTestSupport
import Testing

@testable import SetStats

/// Names owned by a secret's fingerprint (`owner` record lines): only the owner's games change the
/// name's figures, and records without such lines fold as they always did.
@Suite("Names owned in the history")
struct NameOwnerHistoryTests {
  /// `text` with an `owner <seat> <fingerprint>` line after every `JOINED` of `name`.
  private func owned(_ text: String, by name: String, fingerprint: String) -> String {
    var lines: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lines.append(String(line))
      let words = line.split(separator: " ")
      if words.count == 5, words[0] == "ev", words[1] == "JOINED", words[4].lowercased() == name {
        lines.append(RecordLine.owner(Seat(rawValue: Int(words[3])!)!, fingerprint: fingerprint).line)
      }
    }
    return lines.joined(separator: "\n")
  }

  @Test("the owner's own games give the same figures as records without owners, and still replay")
  func ownerGamesCountAsBefore() throws {
    let simulated = SimulatedRecords(count: 8, pool: ["ann", "bob", "cy"])
    var plain = History()
    var claimed = History()
    for text in simulated.texts {
      try plain.fold(record: text)
      let withOwner = owned(text, by: "ann", fingerprint: "a1b2c3")
      #expect(try claimed.fold(record: withOwner).isEmpty)
      #expect(try Replay(text: withOwner).verify() > 0)
    }
    #expect(simulated.texts.filter { owned($0, by: "ann", fingerprint: "a1b2c3") != $0 }.count >= 2)
    #expect(claimed.owner(of: "ANN") == "a1b2c3")
    #expect(plain.owner(of: "ann") == nil)
    for name in ["ann", "bob", "cy"] { #expect(claimed.player(name) == plain.player(name), "\(name)") }
    #expect(claimed.games == plain.games)
  }

  @Test("once a name is owned, a guest's games under it count for no one, and a second secret claims nothing")
  func guestGamesDoNotCount() throws {
    let simulated = SimulatedRecords(count: 8, pool: ["ann", "bob"])
    var ownerOnly = History()
    try ownerOnly.fold(record: owned(simulated.texts[0], by: "ann", fingerprint: "a1"))
    var history = ownerOnly
    for (index, text) in simulated.texts.dropFirst().enumerated() {
      // Later games: a guest, then someone with another secret, as ann.
      try history.fold(record: index % 2 == 0 ? text : owned(text, by: "ann", fingerprint: "b2"))
    }
    #expect(history.owner(of: "ann") == "a1")
    #expect(history.player("ann") == ownerOnly.player("ann"))
    // A game against a guest on an owned name is unrated for both; bob's own moves in it are his.
    let bob = try #require(history.player("bob"))
    let bobBefore = try #require(ownerOnly.player("bob"))
    #expect(bob.rating == bobBefore.rating && bob.games == bobBefore.games && bob.recentGames == bobBefore.recentGames)
    #expect(history.games == ownerOnly.games)
    #expect(history.leaderboard().map(\.name) == ownerOnly.leaderboard().map(\.name))
  }

  @Test("an owner line that is not a seat and a fingerprint is a warning, and claims nothing")
  func malformedOwnerLines() throws {
    let text = SimulatedRecords(count: 1, pool: ["ann", "bob"]).texts[0]
    var plain = History()
    try plain.fold(record: text)
    for bad in ["owner 3 a1", "owner 1 XYZ", "owner 1", "owner 1 a1 b2", "owner x a1"] {
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      lines.insert(bad, at: lines.firstIndex { $0.hasPrefix("ev JOINED ") }! + 1)
      var history = History()
      let warnings = try history.fold(record: lines.joined(separator: "\n"))
      #expect(warnings.count == 1, "\(bad): \(warnings)")
      #expect(history.owners.isEmpty, "\(bad)")
      #expect(history.player("ann") == plain.player("ann"), "\(bad)")
      #expect(RecordLine.parse(bad) == .failure(.owner), "\(bad)")
    }
  }
}
