import SetCore
import SetHost
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

/// Game records: written as the game happens, replayed exactly from the seed and the commands, and
/// refused, naming the line, when anything in them was changed.
@Suite("Records")
struct RecordTests {
  @Test("a game played through the host replays exactly, event for event")
  func playedGameReplays() throws {
    let (text, events) = playedGame()
    let replay = try Replay(text: text)
    #expect(replay.events == events)
    let checked = try replay.verify()
    #expect(checked > 20 && checked < events.count, "\(checked) of \(events.count) derived")
    for word in ["SET", "NOSET", "EXPIRED", "TURN", "LEFT", "BACK", "GO", "SAY"] {
      #expect(events.contains { $0.hasPrefix(word + " ") }, "the game has no \(word)")
    }
    #expect(replay.narration().count > events.count)
  }

  @Test("a replay tells the game in words for a reader after it, with nothing to type")
  func narrationForAReader() throws {
    let replay = try Replay(text: playedGame().record)
    let words = replay.narration()
    #expect(words.contains { $0.hasPrefix("bob left; the game is paused, ") }, "\(words)")
    for live in ["RESUME", "type NEW"] { #expect(!words.contains { $0.contains(live) }, "\(live)") }
  }

  @Test("a record cut in the middle of an event's number is cut short, not out of sequence")
  func cutMidLine() throws {
    var text = playedGame().record
    while text.last == "\n" { text.removeLast() }
    let lines = text.split(separator: "\n")
    let last = try #require(lines.lastIndex { $0.hasPrefix("ev ") && $0.split(separator: " ")[2].count >= 2 })
    // `ev WORD 2` of `ev WORD 27 ...`: a line that reads as an event out of sequence.
    let words = lines[last].split(separator: " ")
    let cut = lines[..<last].joined(separator: "\n") + "\n" + "\(words[0]) \(words[1]) \(words[2].prefix(1))"
    let replay = try Replay(text: cut)
    #expect(throws: Never.self) { try replay.verify() }
    #expect(replay.unfinished?.contains("cut short") == true, "\(replay.unfinished ?? "-")")
  }

  enum Tampering: String, CaseIterable, CustomTestStringConvertible {
    case changeAnEvent = "one event changed"
    case dropAnEvent = "one event dropped"
    case reorderEvents = "two events swapped"
    case dropACommand = "one command dropped"
    case dropATick = "one tick dropped"
    case changeTheSeed = "another seed"
    case changeTheRules = "another claim window"
    var testDescription: String { rawValue }
  }

  @Test("a changed record does not replay, and the failure names the line", arguments: Tampering.allCases)
  func tamperedRecordFails(_ tampering: Tampering) throws {
    var lines = playedGame().record.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func index(_ prefix: String, after start: Int = 0) throws -> Int {
      try #require(lines.indices.first { $0 >= start && lines[$0].hasPrefix(prefix) }, "no line \(prefix)")
    }
    let expectedLine: Int
    switch tampering {
    case .changeAnEvent:
      let at = try index("ev SCORE ")
      lines[at] = lines[at].replacingAll(" -1 -1 ", with: " -2 -2 ")
      expectedLine = at + 1
    case .dropAnEvent:
      let at = try index("ev PICK ")
      lines.remove(at: at)
      expectedLine = at + 1
    case .reorderEvents:
      let at = try index("ev NOSET ")
      lines.swapAt(at, at + 1)
      expectedLine = at + 1
    case .dropACommand:
      let at = try index("cmd 300 ")
      lines.remove(at: at)
      expectedLine = at + 1
    case .dropATick:
      let at = try index("tick 1400")
      lines.remove(at: at)
      expectedLine = at + 1
    case .changeTheSeed:
      lines[1] = "seed 8"
      expectedLine = try index("ev START ") + 1
    case .changeTheRules:
      lines[2] = lines[2].replacingAll("claimWindow=1000", with: "claimWindow=900")
      expectedLine = try index("ev CLAIM ") + 1
    }
    let replay = try Replay(text: lines.joined(separator: "\n"))
    #expect(throws: Replay.Failure.self) { try replay.verify() }
    do {
      _ = try replay.verify()
    } catch {
      #expect(error.line == expectedLine, "\(error)")
      #expect(!error.message.isEmpty)
    }
  }
}
