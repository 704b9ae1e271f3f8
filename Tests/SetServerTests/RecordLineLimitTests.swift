import SetServer
import SetTestSupport
import Testing

/// A record holding a line longer than a table ever writes is refused by the one reader every command
/// and the server use, naming the file and the line, instead of being read in time that grows with
/// the square of the line's length.
@Suite("A record's longest line")
struct RecordLineLimitTests {
  /// A played game's record with `line` put in as its ninth line.
  static func record(with line: String) -> String {
    var lines = playedGame().record.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.insert(line, at: 8)
    return lines.joined(separator: "\n")
  }

  static let fiveMegabyteChat = "ev SAY 4 ann " + String(repeating: "x", count: 5 << 20)

  @Test("a 5 MB line is refused by the whole-file reader, naming the file and the line")
  func wholeFileRefusesALongLine() throws {
    let folder = try makeTemporaryFolder("long-line")
    defer { removeFolder(folder) }
    let path = folder + "/game-20260101-120000-seed1.record"
    try writeFile(path, Self.record(with: Self.fiveMegabyteChat))
    #expect {
      _ = try RecordFile.contents(of: path)
    } throws: { error in
      "\(error)" == "\(path): line 9 is longer than a record's line may be (1 MB)"
    }
  }

  @Test("a 5 MB line is refused by the line-by-line reader after the lines before it")
  func lineByLineRefusesALongLine() throws {
    let folder = try makeTemporaryFolder("long-line")
    defer { removeFolder(folder) }
    let path = folder + "/game.record"
    try writeFile(path, Self.record(with: Self.fiveMegabyteChat))
    var read = 0
    #expect {
      try RecordFile.readLines(of: path) { _, _ in
        read += 1
        return true
      }
    } throws: { error in
      "\(error)" == "\(path): line 9 is longer than a record's line may be (1 MB)"
    }
    #expect(read == 8)
  }

  @Test("the records folder skips such a record with a warning naming it; a line at the limit is read")
  func folderSkipsIt() throws {
    let folder = try makeTemporaryFolder("long-line")
    defer { removeFolder(folder) }
    try writeFile(folder + "/game-20260101-120000-seed1.record", Self.record(with: Self.fiveMegabyteChat))
    let atLimit = "ev SAY 4 ann " + String(repeating: "y", count: RecordFile.lineLimit - 13)
    try writeFile(folder + "/game-20260102-120000-seed2.record", Self.record(with: atLimit))
    #expect(
      try RecordFile.contents(of: folder + "/game-20260102-120000-seed2.record").utf8.count > RecordFile.lineLimit)
    let folded = try RecordsFolder.fold(folder)
    #expect(
      folded.warnings.contains {
        $0.contains("seed1.record: line 9 is longer than a record's line may be")
      }, "\(folded.warnings)")
    #expect(!folded.warnings.contains { $0.contains("seed2") }, "\(folded.warnings)")
  }
}
