import SetTestSupport
import Testing

/// The scripted protocol tests: every transcript in Transcripts/ and every example in protocol.md, each
/// against its own real server on loopback.
@Suite("Transcripts")
struct TranscriptTests {
  static let root = String(#filePath.split(separator: "/").dropLast(3).joined(separator: "/")).withLeadingSlash

  static func protocolExamples() throws -> [Transcript] {
    let text = try readFile(root + "/protocol.md")
    return try Transcript.blocks(inMarkdown: text, source: "protocol.md")
  }

  static func scripted() throws -> [Transcript] {
    let folder = root + "/Tests/SetServerTests/Transcripts"
    return try listFiles(folder).filter { $0.hasSuffix(".txt") }.sorted().map {
      try Transcript(title: $0, text: readFile(folder + "/" + $0))
    }
  }

  @Test("protocol.md has examples, and all of them run")
  func examplesExist() throws {
    #expect(try Self.protocolExamples().count >= 2)
  }

  @Test("every example in protocol.md holds against the server", arguments: try protocolExamples())
  func protocolExample(_ transcript: Transcript) {
    if let failure = TranscriptRunner.run(transcript) { Issue.record("\(failure)") }
  }

  @Test("every scripted transcript holds against the server", arguments: try scripted())
  func scriptedTranscript(_ transcript: Transcript) {
    if let failure = TranscriptRunner.run(transcript) { Issue.record("\(failure)") }
  }
}

extension Transcript: CustomTestStringConvertible {
  var testDescription: String { title }
}

extension String {
  var withLeadingSlash: String { hasPrefix("/") ? self : "/" + self }
}
