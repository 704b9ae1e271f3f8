import Foundation
import Testing

@Suite("Architecture: the hosts leave every presentation decision to the presenters")
struct PresentationTests {
  /// What in a host file would be a presentation decision: asking which presentation a connection
  /// reads, or making the lines of one (the words, the drawn table, the grammar's lines) itself.
  static func decisions(in text: String) throws -> [String] {
    let code = text.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("//") }
    let patterns = try [
      #"[=!]= *\.(human|machine)\b"#, #"case +\.(human|machine)\b"#, #"presentation *[=!]= *\."#,
      #"\b(HumanTable|HallText|StandingsTable|StatsText|AnalysisText|ReviewLine)\."#,
      #"\bHumanText\.(sentences|status|scores|rules|outcome)\("#,
      #"\bServerLine\.(table|player|notice|rules|help|mood|stat|result|found|pastEvent)\("#,
    ].map { try Regex($0) }
    return code.compactMap { line in
      patterns.contains { line.contains($0) } ? line.trimmingCharacters(in: .whitespaces) : nil
    }
  }

  @Test("no file of a table's host or of the hall decides how a line reads: each such line is in a presenter")
  func hostFilesMakeNoPresentationDecision() throws {
    let sources = try PurityTests.sources().filter { $0.module == "SetHost" }
    let hostFiles = sources.filter { $0.file.hasPrefix("GameHost") || $0.file.hasPrefix("Hall") }
    #expect(hostFiles.count >= 14, "the host's and the hall's files were not found")
    for file in hostFiles {
      #expect(try Self.decisions(in: file.text) == [], "\(file.file)")
    }
    // The check reads what the presenters do: it would find each of them in a host file.
    for presenter in ["HumanPresenter.swift", "MachinePresenter.swift"] {
      let text = try #require(sources.first { $0.file == presenter }?.text)
      #expect(try Self.decisions(in: text).count >= 3, "\(presenter)")
    }
  }

  @Test("the check finds a presentation asked about, and lines made in a host")
  func checkFindsDecisions() throws {
    let breaches = """
      if clients[id]?.presentation == .human { prompt(id) }
      switch client.presentation { case .machine: break }
      // a comment that says == .human is no decision
      for line in HumanTable.wrap(text) { send(id, line) }
      send(id, ServerLine.notice(notice).line)
      send(id, ServerLine.banner(version: 1, text: "").line)
      """
    #expect(
      try Self.decisions(in: breaches) == [
        "if clients[id]?.presentation == .human { prompt(id) }", "switch client.presentation { case .machine: break }",
        "for line in HumanTable.wrap(text) { send(id, line) }", "send(id, ServerLine.notice(notice).line)",
      ])
  }
}
