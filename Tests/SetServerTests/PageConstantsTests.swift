import Foundation
import SetCore
import SetProtocol
import SetServer
import Testing

/// The page takes the server's rules and words from `SERVER` (PageConstants), written from the Swift
/// values; these tests fail when the page and the server disagree: the page names a constant the
/// server does not write, or keeps its own copy of one.
@Suite("the page's constants are the server's")
struct PageConstantsTests {
  /// The page's own scripts, without the constants.
  static let scripts = (TablePage.scripts + ProjectorPage.scripts).filter { $0.name != "constants.js" }
    .map { (name: $0.name, text: String(decoding: $0.body, as: UTF8.self)) }

  /// The constants the server writes, read back as JSON.
  static func constants() throws -> [String: Any] {
    let script = PageConstants.script
    let start = try #require(script.range(of: "const SERVER = Object.freeze(")).upperBound
    let end = try #require(script.range(of: ");\n", options: .backwards)).lowerBound
    let object = try JSONSerialization.jsonObject(with: Data(script[start..<end].utf8))
    return try #require(object as? [String: Any])
  }

  @Test("the constants run first, as one global object, and carry the Swift values")
  func theConstantsAreTheSwiftValues() throws {
    #expect(TablePage.scripts.first?.name == "constants.js")
    #expect(ProjectorPage.scripts.first?.name == "constants.js")
    let constants = try Self.constants()
    let variants = try #require(constants["variants"] as? [String: [String: Any]])
    #expect(Set(variants.keys) == Set(Variant.allCases.map(\.rawValue)))
    for variant in Variant.allCases {
      #expect(variants[variant.rawValue]?["rule"] as? String == variant.rule)
      #expect(variants[variant.rawValue]?["groupSize"] as? Int == variant.groupSize)
    }
    let cards = try #require(constants["cards"] as? [String: String])
    #expect(cards.count == 81 && cards["2RSD"] == "two red solid diamonds", "\(cards["2RSD"] ?? "-")")
    let errors = try #require(constants["errors"] as? [String: String])
    #expect(Set(errors.values) == Set(ErrorCode.allCases.map(\.rawValue)))
    let slots = try #require(constants["slots"] as? [String: String])
    #expect(slots["chain"] == "XYZ" && slots["table"] == "ABCDEFGHIJKLMNOPQRSTUVW", "\(slots)")
    let name = try #require(constants["name"] as? [String: Any])
    let pattern = try Regex(try #require(name["pattern"] as? String))
    let good = try pattern.wholeMatch(in: "Ann_2-b")
    #expect(PlayerName.isValid("Ann_2-b") && good != nil)
    let tooLong = String(repeating: "a", count: PlayerName.maxLength + 1)
    let bad = try pattern.wholeMatch(in: tooLong)
    #expect(!PlayerName.isValid(tooLong) && bad == nil)
  }

  @Test("the page draws a face for every mood the server gives, and for no other word")
  func everyMoodHasAFace() throws {
    let moods = try #require(try Self.constants()["moods"] as? [String: String])
    #expect(moods == Dictionary(uniqueKeysWithValues: Mood.allCases.map { ($0.word, $0.phrase) }))
    let table = try #require(Self.scripts.first { $0.name == "table.js" }?.text)
    let start = try #require(table.range(of: "const FACES = {\n")).upperBound
    let end = try #require(table[start...].range(of: "\n};")).lowerBound
    let faces = table[start..<end].split(separator: "\n").compactMap { $0.split(separator: ":").first }
      .map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(Set(faces) == Set(moods.keys), "faces for \(faces), moods \(moods.keys.sorted())")
  }

  @Test("every SERVER.<path> a page script reads is a constant the server writes")
  func everyPathTheCodeReadsExists() throws {
    let constants = try Self.constants()
    var read = 0
    for script in Self.scripts {
      for match in script.text.matches(of: /SERVER((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/) {
        read += 1
        var value: Any = constants
        for key in match.1.split(separator: ".").map(String.init) {
          // Past a string or a number the rest is a method of it (`.slice`, `.includes`).
          guard let object = value as? [String: Any] else { break }
          let next = object[key]
          #expect(next != nil, "\(script.name) reads SERVER\(match.1), which the server does not write")
          value = next ?? [:]
        }
      }
    }
    #expect(read > 20, "the page reads \(read) constants")
  }

  @Test("no page script or index.html keeps its own copy of a rule or word the server gives")
  func thePageKeepsNoCopies() {
    let files = Self.scripts + [("index.html", String(decoding: TablePage.files["/"]?.body ?? [], as: UTF8.self))]
    let copies =
      Variant.allCases.map(\.rule) + ErrorCode.allCases.map { "\"\($0.rawValue)\"" } + [
        HumanText.whyNotOne, HumanText.whyNotMany, "letters, digits, - or _", "maxlength=\"\(PlayerName.maxLength)\"",
        "\"two red",
        "\"purple\"", "\"squiggle\"", "a-uA-U",
        // The reconnect back-off's numbers, as the scripts once spelled them.
        "Math.min(8000", "500 * Math.pow", "=== 1013 ? 8000",
      ] + Variant.allCases.map { "<option value=\"\($0.rawValue)\"" }
    for (name, text) in files {
      for copy in copies { #expect(!text.contains(copy), "\(name) keeps its own copy of \(copy)") }
    }
  }
}
