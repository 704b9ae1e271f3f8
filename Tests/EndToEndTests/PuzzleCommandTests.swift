import SetCore
import SetTestSupport
import Testing

/// `setduel puzzle` as a person meets it, answers typed on standard input.
@Suite("Command line: puzzle")
struct PuzzleCommandTests {
  func puzzle(_ arguments: [String], input: String? = nil, folder: String) throws -> (end: String, output: String) {
    var shell = ""
    if let input {
      try writeFile(folder + "/input.txt", input)
      shell = "exec 0<'\(folder)/input.txt'"
    }
    let child = try Subprocess([try builtSetduel()] + arguments, folder: folder, name: "puzzle", shell: shell)
    let end = child.end(timeout: 60)
    return (end, child.output + child.errorOutput)
  }

  @Test("--print writes the day's twelve codes; a solve is timed, kept, and shown by stats")
  func printAndSolve() throws {
    let folder = try makeTemporaryFolder("puzzle")
    defer { removeFolder(folder) }
    let day = try #require(DailyPuzzle.Day("2026-12-01"))
    let printed = try puzzle(["puzzle", "--date", "\(day)", "--print"], folder: folder)
    let board = DailyPuzzle(day: day).cards
    #expect(printed.end == "exit 0")
    #expect(printed.output == board.map(\.description).joined(separator: " ") + "\n")

    let answers = Table(cards: board).sets().map { $0.map(\.label).joined(separator: " ").lowercased() }
    let solve = try puzzle(
      ["puzzle", "--date", "\(day)", "--records", folder + "/records"],
      input: (["a a b", answers[0], answers[0]] + answers.dropFirst()).joined(separator: "\n") + "\n",
      folder: folder)
    #expect(solve.end == "exit 0", "\(solve.output)")
    #expect(solve.output.contains("Set 6 of 6: "))
    #expect(solve.output.contains("already"))
    #expect(solve.output.contains("All six sets in "))
    let stats = try puzzle(["stats", "--records", folder + "/records"], folder: folder)
    #expect(stats.end == "exit 0")
    #expect(stats.output.hasPrefix("Daily puzzles: 1 solved; best "), "\(stats.output)")

    let quit = try puzzle(
      ["puzzle", "--date", "\(day)", "--records", folder + "/records"], input: "q\n", folder: folder)
    #expect(quit.end == "exit 1")
    let bad = try puzzle(["puzzle", "--date", "2026-02-30", "--print"], folder: folder)
    #expect(bad.end == "exit 2")
    #expect(bad.output.contains("--date 2026-02-30: expected a date as YYYY-MM-DD"))
  }
}
