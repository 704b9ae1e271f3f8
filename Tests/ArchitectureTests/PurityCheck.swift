import Foundation

/// Reads the package's pure modules from Package.swift and finds every way one of them reaches past the
/// others: a source file that imports a module outside the list or above its own place in it, a pure
/// target that depends on one, or a pure source file that names a clock or a global random generator.
struct PurityCheck {
  /// One breach, said so that a reader can find it.
  struct Violation: Equatable, CustomStringConvertible {
    var module: String
    var file: String
    var what: String

    var description: String { "\(module): \(file): \(what)" }
  }

  /// The modules Package.swift declares pure.
  let pureModules: Set<String>
  /// The pure modules in their declared layer order, lowest first: each may use only those before it.
  let layers: [String]
  /// What a pure module's source may not name, though no import is needed for it: the clocks and the
  /// global random generator of the standard library, and Foundation's date.
  static let bannedNames = ["ContinuousClock", "SuspendingClock", "SystemRandomNumberGenerator", "Date("]
  /// The calls that use the global random generator without naming it: `random(in:)`, `random()`,
  /// `shuffled()`, `shuffle()` and `randomElement()` without a `using:` generator.
  static let bannedCalls = ["random(in:)", "random()", "shuffled()", "shuffle()", "randomElement()"]
  /// Each target's name and dependencies as Package.swift lists them.
  let dependencies: [String: [String]]

  /// Reads the manifest's text: `let pureModules = [...]` and every `.target(name:dependencies:)`.
  init(manifest: String) throws {
    guard let list = manifest.firstMatch(of: /let pureModules = \[([^\]]*)\]/) else {
      throw CheckError("Package.swift has no `let pureModules = [...]`")
    }
    layers = Self.quoted(String(list.1))
    pureModules = Set(layers)
    var dependencies: [String: [String]] = [:]
    for target in manifest.matches(of: /\.target\(\s*name:\s*"(\w+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?/) {
      dependencies[String(target.1)] = target.2.map { Self.quoted(String($0)) } ?? []
    }
    self.dependencies = dependencies
  }

  /// The breaches in the manifest and in `sources`: (module, file name, text) for every source file.
  func violations(sources: [(module: String, file: String, text: String)]) -> [Violation] {
    var found: [Violation] = []
    for module in pureModules.sorted() {
      guard let needs = dependencies[module] else {
        found.append(Violation(module: module, file: "Package.swift", what: "is not a plain .target"))
        continue
      }
      for dependency in needs where !pureModules.contains(dependency) {
        found.append(Violation(module: module, file: "Package.swift", what: "depends on \(dependency)"))
      }
      for dependency in needs where pureModules.contains(dependency) && !isBelow(dependency, module) {
        found.append(
          Violation(module: module, file: "Package.swift", what: "depends on \(dependency), which is not below it"))
      }
    }
    for source in sources where pureModules.contains(source.module) {
      for imported in Self.imports(in: source.text) {
        if !pureModules.contains(imported) {
          found.append(Violation(module: source.module, file: source.file, what: "imports \(imported)"))
        } else if !isBelow(imported, source.module) {
          found.append(
            Violation(module: source.module, file: source.file, what: "imports \(imported), which is not below it"))
        }
      }
      for name in Self.bannedNames(in: source.text) {
        found.append(Violation(module: source.module, file: source.file, what: "names \(name)"))
      }
      for call in Self.bannedCalls(in: source.text) {
        found.append(Violation(module: source.module, file: source.file, what: "calls \(call) without a generator"))
      }
    }
    return found
  }

  /// Whether `lower` comes before `module` in the layer order.
  private func isBelow(_ lower: String, _ module: String) -> Bool {
    guard let lowerPlace = layers.firstIndex(of: lower), let place = layers.firstIndex(of: module) else {
      return false
    }
    return lowerPlace < place
  }

  /// The banned names a Swift file's code uses, in the order of `bannedNames`; comment lines aside.
  static func bannedNames(in text: String) -> [String] {
    bannedNames.filter { code(of: text).contains($0) }
  }

  /// The banned calls a Swift file's code makes, in the order of `bannedCalls`; comment lines aside. A
  /// call counts when its parentheses hold no `using:`, on one line.
  static func bannedCalls(in text: String) -> [String] {
    let code = code(of: text)
    return bannedCalls.filter { call in
      let name = call.prefix { $0 != "(" }
      return code.split(separator: "\n").contains { line in
        line.ranges(of: ".\(name)(").contains { range in
          let arguments = line[range.upperBound...].prefix { $0 != ")" }
          let takesIn = call.hasSuffix("(in:)")
          return !arguments.contains("using:") && (takesIn ? arguments.hasPrefix("in:") : arguments.isEmpty)
        }
      }
    }
  }

  /// A Swift file's text without its comment lines.
  private static func code(of text: String) -> String {
    text.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("//") }.joined(separator: "\n")
  }

  /// The modules a Swift file imports, attributes and kinds (`@preconcurrency`, `import struct`) aside.
  static func imports(in text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      guard
        let match = line.firstMatch(
          of: /^\s*(?:@[\w()]+\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)/)
      else { return nil }
      return String(match.1)
    }
  }

  private static func quoted(_ text: String) -> [String] {
    text.matches(of: /"([^"]+)"/).map { String($0.1) }
  }
}

struct CheckError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
