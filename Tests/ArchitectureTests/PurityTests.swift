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

  @Test("no pure module imports Glibc, Dispatch, Foundation or a shell, nor depends on one")
  func pureModulesImportOnlyPureModules() throws {
    let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let check = try PurityCheck(manifest: manifest)
    #expect(check.pureModules.isSuperset(of: ["SetCore", "SetProtocol", "SetHost", "SetClientCore"]))
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
        "SetCore: Date.swift: imports Foundation",
        "SetHost: Host.swift: imports Dispatch",
      ])
  }

  @Test("a manifest without the list of pure modules is an error, not a pass")
  func manifestWithoutListFails() {
    #expect(throws: CheckError.self) { try PurityCheck(manifest: ".target(name: \"SetCore\")") }
  }
}
