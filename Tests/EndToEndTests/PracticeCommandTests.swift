import SetCore
import SetServer
import SetTestSupport
import Testing

/// `setduel practice` with its answers typed on standard input: kept as practice, counted nowhere.
@Suite("Command line: practice")
struct PracticeCommandTests {
  @Test("hints, a count, a pause and a set; the practice file is kept, and stats never counts it")
  func practiseAndKeep() throws {
    let folder = try makeTemporaryFolder("practice")
    defer { removeFolder(folder) }
    var practice = Practice(seed: 5)
    let set = practice.table.sets()[0].map(\.label).joined().lowercased()
    _ = practice.pick(practice.table.sets()[0])
    try writeFile(
      folder + "/input.txt", ["n", "h", "h", "h", "p", "abc", "p", set, "q"].joined(separator: "\n") + "\n")
    let child = try Subprocess(
      [try builtSetduel(), "practice", "--seed", "5", "--records", folder + "/records"], folder: folder,
      name: "practice", shell: "exec 0<'\(folder)/input.txt'")
    #expect(child.end(timeout: 60) == "exit 0")
    let output = child.output
    #expect(output.contains("set is on the table.") || output.contains("sets are on the table."), "\(output)")
    #expect(output.contains("is a set."))
    #expect(output.contains("Paused: p goes on, q stops."))
    #expect(output.contains("Set: "))
    #expect(output.contains("1 sets in ") || output.contains("1 set in "), "\(output)")
    let kept = try #require(output.split(separator: "\n").first { $0.hasPrefix("Kept as practice in ") })
    let path = String(kept.dropFirst("Kept as practice in ".count).prefix { $0 != ";" })
    #expect(path.hasSuffix(".practice"))
    let text = try RecordFile.contents(of: path)
    #expect(text.hasPrefix("SETDUEL-PRACTICE 1\nseed 5\nhint "), "\(text)")
    #expect(text.contains("\nset "))
    let files = try RecordsFolder.files(in: folder + "/records")
    #expect(files.isEmpty, "a practice file is not a game record")
    let stats = try Subprocess(
      [try builtSetduel(), "stats", "--records", folder + "/records"], folder: folder, name: "stats")
    #expect(stats.end(timeout: 60) == "exit 1")
    #expect(stats.errorOutput.contains("no game records"))
  }
}
