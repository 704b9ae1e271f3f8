import Foundation
import Testing

/// The tests mirror Sources: each Swift module has a test target of its own, `Tests/<Module>Tests`
/// (the `setduel` binary's is `EndToEndTests`), and the pure modules' test targets link nothing but
/// pure modules and the support without sockets, so that each runs on its own in seconds.
@Suite("Architecture: the tests mirror Sources")
struct TestLayoutTests {
  /// Each test target's name and dependencies, as Package.swift lists them.
  static func testTargets() throws -> [String: [String]] {
    let manifest = try String(contentsOf: PurityTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    var targets: [String: [String]] = [:]
    for target in manifest.matches(of: /\.testTarget\(\s*name:\s*"(\w+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?/) {
      targets[String(target.1)] = target.2.map { String($0).matches(of: /"(\w+)"/).map { String($0.1) } } ?? []
    }
    return targets
  }

  /// The test target that tests `module`.
  static func testTarget(of module: String) -> String {
    module == "setduel" ? "EndToEndTests" : module + "Tests"
  }

  @Test("every Swift module in Sources has a test target and a folder, Tests/<Module>Tests")
  func everyModuleHasItsTarget() throws {
    let sources = try PurityTests.sources()
    let modules = Set(sources.map(\.module))
    #expect(modules.isSuperset(of: ["SetCore", "SetLAN", "setduel"]), "\(modules.sorted())")
    let targets = try Self.testTargets()
    for module in modules.sorted() {
      let target = Self.testTarget(of: module)
      #expect(targets[target] != nil, "\(module) has no test target \(target) in Package.swift")
      let folder = PurityTests.root.appendingPathComponent("Tests").appendingPathComponent(target).path
      #expect(FileManager.default.fileExists(atPath: folder), "no folder Tests/\(target)")
    }
  }

  @Test("a pure module's test target, and SetPureTestSupport, depend on pure modules and SetPureTestSupport alone")
  func pureTestTargetsLinkNoSockets() throws {
    let manifest = try String(contentsOf: PurityTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let check = try PurityCheck(manifest: manifest)
    let pure = check.pureModules
    let support = try #require(check.dependencies["SetPureTestSupport"])
    #expect(support.allSatisfy(pure.contains), "SetPureTestSupport links \(support.filter { !pure.contains($0) })")
    let targets = try Self.testTargets()
    for module in pure.sorted() {
      let target = Self.testTarget(of: module)
      guard let dependencies = targets[target] else { continue }  // Missing: the test above says so.
      #expect(dependencies.contains(module), "\(target) does not depend on \(module)")
      let others = dependencies.filter { !pure.contains($0) && $0 != "SetPureTestSupport" }
      #expect(others.isEmpty, "\(target) links \(others), which a pure module's tests need not")
    }
  }
}
