import Foundation
import SetDiscovery
import SetPureTestSupport
import Testing

/// protocol.md's discovery section says what the announcer sends.
@Suite("protocol.md: finding a table on the LAN")
struct DiscoveryDocumentTests {
  /// The package's root: three folders up from this file.
  static let root = String(
    #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/"))

  @Test("the TXT keys protocol.md lists are the ones a table announces, in order")
  func txtKeys() throws {
    let text = try readFile(Self.root + "/protocol.md")
    let section = try #require(text.components(separatedBy: "## Finding a table on the LAN").last)
    let documented = section.split(separator: "\n").compactMap { line -> [String]? in
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      guard cells.count >= 2, cells[0].hasPrefix("`") else { return nil }
      return cells[0].split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["`"])
      }
    }.flatMap { $0 }
    let full = TableAdvert(
      phase: .playing, seats: ["ann", "bob"], watching: 2, page: "/", variant: "chain",
      hall: HallCounts(tables: 3, waiting: 1))
    let sent = full.txt.map { String(decoding: $0, as: UTF8.self).split(separator: "=")[0] }.map(String.init)
    #expect(documented == sent)
    #expect(section.contains("`_setduel._tcp`") && ServiceNames.serviceType.description == "_setduel._tcp.local")
    for phase in TableAdvert.Phase.allCases { #expect(section.contains("`\(phase.rawValue)`")) }
  }
}
