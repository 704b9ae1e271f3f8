import SetCore
import Testing

@testable import SetProtocol

@Suite("The one reader of records")
struct RecordReaderTests {
  /// Every line `RecordReader` gives for `text`: its number, its value or why not, and whether it is cut.
  static func lines(_ text: String) throws -> [(Int, Result<RecordLine, RecordLine.Malformed>, Bool, String)] {
    var lines: [(Int, Result<RecordLine, RecordLine.Malformed>, Bool, String)] = []
    try RecordReader.read(text) { line in
      lines.append((line.number, line.parsed, line.isCut, line.text))
      return true
    }
    return lines
  }

  @Test("lines after the magic line come numbered from 2; an empty line is counted and skipped")
  func numbersLines() throws {
    let lines = try Self.lines("SETDUEL-RECORD 1\nseed 42\n\ntick 5\nend\n")
    #expect(lines.map(\.0) == [2, 4, 5])
    #expect(lines.map(\.1) == [.success(.seed(42)), .success(.tick(at: Instant(milliseconds: 5))), .success(.end)])
    #expect(lines.allSatisfy { !$0.2 }, "every line ends with a line end")
    #expect(lines.map(\.3) == ["seed 42", "tick 5", "end"])
  }

  @Test("a last line with no line end is said to be cut, and still read")
  func cutLastLine() throws {
    let lines = try Self.lines("SETDUEL-RECORD 1\nseed 42\ntick 1")
    #expect(lines.map(\.2) == [false, true])
    #expect(lines.last?.1 == .success(.tick(at: Instant(milliseconds: 1))))
    let broken = try Self.lines("SETDUEL-RECORD 1\nev 1 STAR")
    #expect(broken.last?.1 == .failure(.event))
    #expect(broken.last?.2 == true)
  }

  @Test("a malformed line says why, and the lines after it are still read")
  func malformedLines() throws {
    let lines = try Self.lines("SETDUEL-RECORD 1\ncmd x 1 CLAIM\nbot 7\nhello\ntick 2\n")
    #expect(
      lines.map(\.1) == [
        .failure(.time), .failure(.bot), .failure(.unknown), .success(.tick(at: Instant(milliseconds: 2))),
      ])
  }

  @Test("a text whose first line is not the magic line is not a record, however it starts")
  func notARecord() {
    for text in ["", "\n", "SETDUEL-RECORD 2\nseed 1\n", "seed 1\n", " SETDUEL-RECORD 1\n", "SETDUEL-RECORD 1 \n"] {
      #expect(throws: RecordReader.NotARecord.self, "\(text.debugDescription)") { try Self.lines(text) }
    }
    #expect("\(RecordReader.NotARecord())" == "not a SetDuel record (it should start with SETDUEL-RECORD 1)")
  }

  @Test("reading stops when the body says so, and the number is that of the last line read")
  func stops() throws {
    var seen: [Int] = []
    let last = try RecordReader.read("SETDUEL-RECORD 1\nseed 1\ntick 1\ntick 2\n") { line in
      seen.append(line.number)
      return line.number < 3
    }
    #expect(seen == [2, 3])
    #expect(last == 3)
  }

  @Test("a reader fed a line at a time reads as the whole text does")
  func lineAtATime() throws {
    var reader = RecordReader()
    #expect(try reader.read(text: "SETDUEL-RECORD 1") { $0.number } == nil)
    #expect(try reader.read(text: "seed 9") { $0.parsed } == .success(.seed(9)))
    #expect(try reader.read(text: "") { $0.number } == nil)
    #expect(try reader.read(text: "tick 3", isCut: true) { ($0.number, $0.isCut) }.map { [$0.0: $0.1] } == [4: true])
    var wrong = RecordReader()
    #expect(throws: RecordReader.NotARecord.self) { try wrong.read(text: "seed 9") { $0.number } }
  }

  @Test("a same-deck rematch is recorded as the wire says it, REMATCH SAME; the older NEW SAME still reads")
  func sameDeckSpelling() {
    let line = RecordLine.command(.rematchSameDeck, seat: .two, at: Instant(milliseconds: 800))
    #expect(line.line == "cmd 800 2 REMATCH SAME")
    #expect(RecordLine.parse("cmd 800 2 REMATCH SAME") == .success(line))
    #expect(RecordLine.parse("cmd 800 2 NEW SAME") == .success(line))
    #expect(RecordLine.parse("cmd 800 2 REMATCH") == .failure(.command))
    #expect(
      RecordLine.parse("cmd 800 2 NEW") == .success(.command(.rematch, seat: .two, at: Instant(milliseconds: 800))))
  }
}
