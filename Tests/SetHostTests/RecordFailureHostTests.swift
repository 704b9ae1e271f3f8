import SetCore
import SetHost
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

/// What the host does when its record cannot be written, and how replay tells a record cut short from
/// a whole game.
@Suite("Record failures in the host")
struct RecordFailureHostTests {
  @Test("a write that fails mid-game is told at once to every named connection, in its presentation")
  func failsMidGame() {
    var table = SeatedPair.driver()
    let cat = ConnectionID(3)
    table.connect(cat)
    table.send("NAME cat", from: cat, at: 10)
    for id in [SeatedPair.ann, SeatedPair.bob, cat] { _ = table.drain(id) }
    let actions = table.host.recordFailed("Input/output error")
    #expect(
      actions.contains(.log(.error, "cannot write the game record: Input/output error; the game goes on without it")))
    let notice = "NOTICE records the game record could not be written: Input/output error"
    #expect(actions.contains(.lines(SeatedPair.ann, [notice])) && actions.contains(.lines(SeatedPair.bob, [notice])))
    #expect(actions.contains(.lines(cat, [HumanText.recordLost("Input/output error")])))
  }

  @Test("a record without its end line is said to be cut short; one closed cleanly is not")
  func cutShort() throws {
    let (text, _) = playedGame()
    let lineCount = text.split(separator: "\n").count
    let cut = try Replay(text: text)
    #expect(try cut.verify() > 10)
    #expect(!cut.closedCleanly)
    #expect(
      cut.unfinished
        == "the record ends after line \(lineCount) without a clean close: the server was killed or could not write")
    let whole = try Replay(text: text + "end\n")
    #expect(whole.closedCleanly && whole.unfinished == nil)
    #expect(try whole.verify() == (try cut.verify()))
    // A line cut in the middle of its writing is left out, and the record is cut short before it.
    let half = try Replay(text: text + "ev 99 SC")
    #expect(!half.closedCleanly && half.lastLine == lineCount)
    // Lines after the end are refused.
    #expect(throws: Replay.Failure.self) { try Replay(text: text + "end\nev 99 SAY 1 x\n").verify() }
  }
}
