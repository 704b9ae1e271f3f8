import SetCore
import SetProtocol
import SetPureTestSupport
import Testing

@testable import SetStats

/// Records written before `SET` carried its find time, and before times had decimals, still fold: their
/// find times are worked out from the times of the commands and deadlines around each set.
@Suite("Old records")
struct OldRecordTests {
  /// The record as an older server wrote it: `SET` without its find time, and every time in whole
  /// milliseconds (cut down, as the older server's clock read them).
  static func old(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      var words = line.split(separator: " ").map(String.init)
      if words.first == "ev", words.count == 7, words[1] == "SET" { words.removeLast() }
      if words.first == "cmd" || words.first == "tick" { words[1] = String(words[1].prefix { $0 != "." }) }
      return words.joined(separator: " ")
    }.joined(separator: "\n")
  }

  @Test("old-format records fold to the same figures as the records a server writes now")
  func sameFigures() throws {
    let simulated = SimulatedRecords(count: 24, pool: ["ann", "bob", "cy"])
    var now = History()
    var then = History()
    var changed = 0
    for text in simulated.texts {
      let old = Self.old(text)
      #expect(!old.contains(where: { $0 == "." }))
      if old != text { changed += 1 }
      #expect(try now.fold(record: text).isEmpty)
      #expect(try then.fold(record: old).isEmpty)
    }
    #expect(changed > 20, "most games found sets")
    #expect(then.players == now.players)
    #expect(then.leaderboard() == now.leaderboard())
    #expect(now.players.values.reduce(0) { $0 + $1.findTimes.count } > 100)
  }
}
