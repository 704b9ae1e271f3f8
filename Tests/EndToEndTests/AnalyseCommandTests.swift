import SetTestSupport
import Testing

/// `setduel analyse` as a person meets it: a report for a record, and for anything else a message
/// naming the file and line, and exit 1.
@Suite("Command line: analyse")
struct AnalyseCommandTests {
  func analyse(_ arguments: [String], folder: String) throws -> (end: String, output: String, error: String) {
    try runSetduel(["analyse"] + arguments, folder: folder)
  }

  @Test("a played game's report and JSON; each bad input named, exit 1")
  func reportsAndRefusals() throws {
    let folder = try makeTemporaryFolder("analyse")
    defer { removeFolder(folder) }
    let (played, _) = playedGame()
    // As a server that closes cleanly leaves it.
    let record = played.hasSuffix("end\n") ? played : played + (played.hasSuffix("\n") ? "" : "\n") + "end\n"
    let path = folder + "/game.record"
    try writeFile(path, record)

    let report = try analyse([path], folder: folder)
    #expect(report.end == "exit 0", "\(report.error)")
    #expect(report.output.hasPrefix("Game 1: ann "), "\(report.output.prefix(200))")
    #expect(report.output.contains("Sets, as they appeared"))
    let json = try analyse([path, "--json", "--game", "1"], folder: folder)
    #expect(json.end == "exit 0")
    #expect(json.output.hasPrefix("{\"file\":\"\(path)\",\"seed\":7,\"closedCleanly\":"), "\(json.output.prefix(200))")
    #expect(json.output.contains("\"sets\":[{\"cards\":["))

    let missing = try analyse([path, "--game", "9"], folder: folder)
    #expect(missing.end == "exit 1")
    #expect(missing.error.contains("\(path): no game 9 in the record"), "\(missing.error)")

    let directory = try analyse([folder], folder: folder)
    #expect(directory.end == "exit 1")
    #expect(directory.error.contains("\(folder) is a folder"), "\(directory.error)")

    var lines = record.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let corruptAt = try #require(lines.firstIndex { $0.hasPrefix("ev START") })
    lines[corruptAt] = "ev START x"
    try writeFile(folder + "/corrupt.record", lines.joined(separator: "\n"))
    let corrupt = try analyse([folder + "/corrupt.record"], folder: folder)
    #expect(corrupt.end == "exit 1")
    #expect(corrupt.error.contains("corrupt.record:\(corruptAt + 1): "), "\(corrupt.error)")

    let cutAt = try #require(record.range(of: "\nend\n")).lowerBound
    try writeFile(folder + "/cut.record", String(record[..<cutAt]) + "\nev SE")
    let cut = try analyse([folder + "/cut.record"], folder: folder)
    #expect(cut.end == "exit 1")
    #expect(cut.output.hasPrefix("Game 1: "), "the analysis goes as far as the record")
    #expect(cut.error.contains("cut.record:"), "\(cut.error)")
    #expect(cut.error.contains("without a clean close"), "\(cut.error)")
  }
}
