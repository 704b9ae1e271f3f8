import SetProtocol
import SetTestSupport
import Testing

/// `setduel replay` on records as a server leaves them, changed by hand, and cut short: it prints the
/// game and exits 0 when the record replays, and exits 1 naming the line when it does not.
@Suite("Command line: replay")
struct ReplayCommandTests {
  @Test("setduel replay prints the game, exits 0 when it replays and 1, naming the line, when not")
  func replayCommand() throws {
    let folder = try makeTemporaryFolder("replay")
    defer { removeFolder(folder) }
    let text = playedGame().record
    try writeFile(folder + "/good.record", text + RecordLine.end.line + "\n")  // As a server closes it.
    let good = try runReplay(folder + "/good.record", folder: folder)
    #expect(good.end == "exit 0", "\(good.error)")
    #expect(good.output.contains("Seed 7,"))
    #expect(good.output.hasSuffix("events derived again from seed 7 match the record.\n"), "\(good.output)")
    var changed = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let at = try #require(changed.firstIndex { $0.hasPrefix("ev SET ") })
    changed[at] = changed[at].replacing(" 2 ", with: " 1 ")  // The set credited to the other seat.
    try writeFile(folder + "/bad.record", changed.joined(separator: "\n"))
    let refused = try runReplay(folder + "/bad.record", folder: folder)
    #expect(refused.end == "exit 1")
    #expect(refused.error.contains("line \(at + 1):"), "\(refused.error) / \(refused.output.suffix(300))")
    try writeFile(folder + "/cut.record", text)  // As a killed server leaves it.
    let cut = try runReplay(folder + "/cut.record", folder: folder)
    #expect(cut.output.contains("Not a complete game"))
    for line in (good.output + cut.output).split(separator: "\n") {
      #expect(line.count <= 79, "\(line.count) columns: \(line)")
    }
    let missing = try runReplay(folder + "/none.record", folder: folder)
    #expect(missing.end == "exit 1" && missing.error.contains("cannot read"))
  }

  @Test("setduel replay exits 1 naming the line on numbers that overflow")
  func overflowingNumbersOnTheCommandLine() throws {
    let folder = try makeTemporaryFolder("replay-overflow")
    defer { removeFolder(folder) }
    for (old, new) in overflowingRecordEdits.prefix(5) + overflowingRecordEdits.suffix(3) {
      let path = folder + "/record.txt"
      try writeFile(path, playedGame(replacing: old, with: new))
      let result = try runReplay(path, folder: folder)
      #expect(result.end == "exit 1", "\(new): \(result.error.prefix(300))")
      #expect(result.error.contains("line "), "\(new): \(result.error.prefix(300))")
    }
  }
}
