import SetCore
import SetHost
import Testing

/// The hall's own record, as a restart reads it back: which tables are open, and which file each
/// table's game goes on in.
@Suite("The hall's record read back")
struct HallRecordLineTests {
  static let finals = HallTableInfo(id: 2, name: "finals", rules: Rules(), seed: 11)

  /// The `open` line of table `id`, named as the hall names it, on `seed`.
  static func open(_ id: Int, seed: UInt64 = 5) -> String {
    HallRecordLine.open(HallTableInfo(id: id, name: "table-\(id)", rules: Rules(), seed: seed)).line
  }

  @Test("each line reads back as the value it was written from")
  func roundTrip() {
    for value in [
      HallRecordLine.magic, .open(Self.finals), .record(2, file: "game-20260101-120000-seed11.record"), .close(2),
      .end,
    ] {
      #expect(HallRecordLine(line: value.line) == value, "\(value.line)")
    }
    #expect(HallRecordLine.record(3, file: "a.record").line == "record 3 a.record")
  }

  @Test("a record line naming a path, no file, table 0 or more words is not a line of the record")
  func hostileRecordLines() {
    for line in [
      "record 2 ../../etc/passwd", "record 2 /tmp/x.record", "record 2 .hidden", "record 0 a.record",
      "record -1 a.record", "record 2", "record 2 a.record b.record", "record two a.record",
    ] {
      #expect(HallRecordLine(line: line) == nil, "\(line)")
    }
  }

  @Test("the tables left open with their record files; a closed table's file is dropped, reopened it has none")
  func openAtTheEnd() throws {
    let lines = [
      HallRecordLine.magicText, Self.open(1), "record 1 one.record", HallRecordLine.open(Self.finals).line,
      "record 2 two.record", Self.open(3), "record 3 three.record", "close 3", Self.open(4),
      "record 4 four.record", "close 4", Self.open(4, seed: 10), "not a hall line",
    ]
    let open = try #require(HallRecordLine.openTables(lines))
    #expect(open.tables.map(\.id) == [2, 4], "table 1 is always open, and is not listed")
    #expect(open.records == [1: "one.record", 2: "two.record"])
    #expect(open.warnings == ["line 13: not a line of a hall record"])
    #expect(open.tables.last?.seed == 10, "the table as it was opened last")
    #expect(HallRecordLine.openTables([Self.open(1)]) == nil, "no magic line")
  }

  @Test("a file named for two tables goes on as the lower one's record only, with a warning")
  func oneFileOneTable() throws {
    let lines = [
      HallRecordLine.magicText, Self.open(2), Self.open(3), "record 3 same.record",
      "record 2 same.record", "record 1 same.record",
    ]
    let open = try #require(HallRecordLine.openTables(lines))
    #expect(open.records == [1: "same.record"])
    #expect(open.warnings.count == 2 && open.warnings.allSatisfy { $0.contains("dealt afresh") }, "\(open.warnings)")
  }
}
