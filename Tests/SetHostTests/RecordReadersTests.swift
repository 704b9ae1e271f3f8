import SetAnalysis
import SetHost
import SetProtocol
import SetStats
import Testing

@Suite("Every reader of records reads them one way")
struct RecordReadersTests {
  static let notRecords = ["", "seed 1\n", "SETDUEL-RECORD 2\nseed 1\n", "PK\u{3}\u{4}binary"]

  @Test("the replay, the analysis and the history say one thing of a file that is not a record")
  func oneWording() {
    for text in Self.notRecords {
      let replay = #expect(throws: Replay.Failure.self) { try Replay(text: text) }
      #expect(replay?.line == 1)
      #expect(replay?.message == RecordReader.notARecord)
      #expect(throws: AnalysisError(line: 1, message: RecordReader.notARecord)) { try RecordAnalysis.analyse(text) }
      var history = History()
      let unreadable = #expect(throws: History.Unreadable.self) { try history.fold(record: text) }
      #expect(unreadable?.message == RecordReader.notARecord)
      #expect(history.records == 0, "nothing is folded in")
    }
  }

  @Test("a record cut in the middle of its last line: the replay says where, the analysis leaves it out")
  func cutLine() throws {
    let text = "SETDUEL-RECORD 1\nseed 3\n\(RecordLine.rules(.init()).line)\nev 1 STA"
    let replay = try Replay(text: text)
    #expect(replay.unfinished?.contains("in the middle of line 4") == true)
    let analysis = try RecordAnalysis.analyse(text)
    #expect(analysis.lastLine == 3)
    #expect(analysis.games.isEmpty)
  }
}
