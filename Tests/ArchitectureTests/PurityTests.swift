import Foundation
import Testing

@Suite("Architecture: the pure modules stay pure")
struct PurityTests {
  /// The repository this test file sits in.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func sources() throws -> [(module: String, file: String, text: String)] {
    let sourcesFolder = root.appendingPathComponent("Sources")
    var sources: [(module: String, file: String, text: String)] = []
    for module in try FileManager.default.contentsOfDirectory(atPath: sourcesFolder.path) {
      let folder = sourcesFolder.appendingPathComponent(module)
      guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
      for case let path as String in walker where path.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        sources.append((module, path, text))
      }
    }
    return sources
  }

  @Test("no pure module imports Glibc, Dispatch, Foundation, a shell or a higher layer, nor names a clock")
  func pureModulesImportOnlyPureModules() throws {
    let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let check = try PurityCheck(manifest: manifest)
    #expect(check.pureModules.isSuperset(of: ["SetBase", "SetCore", "SetProtocol", "SetHost", "SetClientCore"]))
    #expect(check.layers.first == "SetBase")
    let sources = try Self.sources()
    // Every pure module has sources here, so the scan below cannot pass by reading nothing.
    for module in check.pureModules {
      #expect(sources.contains { $0.module == module }, "no sources found for \(module)")
    }
    #expect(check.violations(sources: sources) == [])
  }

  @Test("the check finds an I/O import in a pure module, and a pure target that depends on a shell")
  func checkFindsBreaches() throws {
    let manifest = """
      let pureModules = ["SetCore", "SetHost"]
      .target(name: "SetCore"),
      .target(name: "SetHost", dependencies: ["SetCore", "SetNet"]),
      .target(name: "SetNet", dependencies: ["SetCore"]),
      """
    let check = try PurityCheck(manifest: manifest)
    let sources = [
      (module: "SetCore", file: "Clock.swift", text: "@preconcurrency import Glibc\nimport SetHost\n"),
      (module: "SetCore", file: "Date.swift", text: "import struct Foundation.Date\n"),
      (module: "SetHost", file: "Host.swift", text: "  import Dispatch\n// import Foundation\n"),
      (module: "SetNet", file: "Socket.swift", text: "import Glibc\n"),
    ]
    #expect(
      check.violations(sources: sources).map(\.description) == [
        "SetHost: Package.swift: depends on SetNet",
        "SetCore: Clock.swift: imports Glibc",
        "SetCore: Clock.swift: imports SetHost, which is not below it",
        "SetCore: Date.swift: imports Foundation",
        "SetHost: Host.swift: imports Dispatch",
      ])
  }

  @Test("the check finds a pure module that uses one above it, and a clock or global randomness named in code")
  func checkFindsLayerBreachesAndBannedNames() throws {
    let manifest = """
      let pureModules = ["SetBase", "SetCore", "SetHost"]
      .target(name: "SetBase", dependencies: ["SetCore"]),
      .target(name: "SetCore", dependencies: ["SetBase"]),
      .target(name: "SetHost", dependencies: ["SetCore", "SetBase"]),
      """
    let check = try PurityCheck(manifest: manifest)
    #expect(check.layers == ["SetBase", "SetCore", "SetHost"])
    let sources = [
      (module: "SetCore", file: "Up.swift", text: "import SetBase\nimport SetHost\nimport SetCore\n"),
      (module: "SetCore", file: "Clock.swift", text: "let start = ContinuousClock.now\n"),
      (module: "SetHost", file: "Dice.swift", text: "var g = SystemRandomNumberGenerator()\nlet d = Date()\n"),
      (module: "SetHost", file: "Sleep.swift", text: "let c = SuspendingClock()\n"),
      (module: "SetHost", file: "Notes.swift", text: "// not ContinuousClock or Date()\n  /// nor SuspendingClock\n"),
      (
        module: "SetCore", file: "Deal.swift",
        text:
          "let d = deck.shuffled()\nlet n = Int.random(in: 0..<3)\nlet c = cards.randomElement()\nlet b = Bool.random()\n"
      ),
      (
        module: "SetCore", file: "Seeded.swift",
        text:
          "let d = deck.shuffled(using: &g)\nlet n = Int.random(in: 0..<3, using: &g)\nx.shuffle(using: &g)\n// deck.shuffled()\n"
      ),
    ]
    #expect(
      check.violations(sources: sources).map(\.description) == [
        "SetBase: Package.swift: depends on SetCore, which is not below it",
        "SetCore: Up.swift: imports SetHost, which is not below it",
        "SetCore: Up.swift: imports SetCore, which is not below it",
        "SetCore: Clock.swift: names ContinuousClock",
        "SetHost: Dice.swift: names SystemRandomNumberGenerator",
        "SetHost: Dice.swift: names Date(",
        "SetHost: Sleep.swift: names SuspendingClock",
        "SetCore: Deal.swift: calls random(in:) without a generator",
        "SetCore: Deal.swift: calls random() without a generator",
        "SetCore: Deal.swift: calls shuffled() without a generator",
        "SetCore: Deal.swift: calls randomElement() without a generator",
      ])
  }

  @Test("a manifest without the list of pure modules is an error, not a pass")
  func manifestWithoutListFails() {
    #expect(throws: CheckError.self) { try PurityCheck(manifest: ".target(name: \"SetCore\")") }
  }
}
