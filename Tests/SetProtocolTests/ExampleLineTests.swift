import Foundation
import Testing

@testable import SetProtocol

/// The lines protocol.md and the server's transcripts show a machine-presentation connection
/// receiving, read by the codec.
@Suite("Example lines")
struct ExampleLineTests {
  /// The repository's root, from this file's place in it.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every line received (`name< LINE` or `name~ LINE`) by a connection once it is in the machine
  /// presentation, that holds no `{}` pattern, in `text`; each transcript starts with `server:`.
  static func machineLines(in text: String) -> [String] {
    var machine: Set<Substring> = []
    var lines: [String] = []
    for line in text.split(separator: "\n") {
      if line.hasPrefix("server:") { machine = [] }  // A new transcript, a new server.
      guard let mark = line.firstIndex(where: { $0 == "<" || $0 == "~" }),
        line[line.index(after: mark)...].hasPrefix(" ")
      else { continue }
      let who = line[..<mark]
      let received = String(line[line.index(mark, offsetBy: 2)...])
      guard !who.isEmpty, !who.contains(" ") else { continue }
      if received == "OK MODE machine" { machine.insert(who) }
      if received == "OK MODE human" { machine.remove(who) }
      if machine.contains(who), !received.contains("{") { lines.append(received) }
    }
    return lines
  }

  static func examples() throws -> [String] {
    var texts = [try String(contentsOf: root.appendingPathComponent("protocol.md"), encoding: .utf8)]
    let folder = root.appendingPathComponent("Tests/SetServerTests/Transcripts")
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
      texts.append(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
    }
    return texts.flatMap(machineLines(in:))
  }

  @Test("every machine line in protocol.md and the transcripts reads as a value that writes it back")
  func everyExampleLine() throws {
    let lines = try Self.examples()
    #expect(lines.count > 100)
    #expect(lines.contains { $0.hasPrefix("RULES ") })
    #expect(lines.contains { $0.hasPrefix("OK STATE ") })
    for line in lines {
      let decoded = ServerLine.decode(line)
      #expect(decoded != nil, "\(line)")
      #expect(decoded?.line == line)
    }
  }
}
