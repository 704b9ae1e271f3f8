import Foundation

/// Reads the package's pure modules from Package.swift and finds every way one of them reaches past the
/// others: a source file that imports a module outside the list, or a pure target that depends on one.
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
  /// Each target's name and dependencies as Package.swift lists them.
  let dependencies: [String: [String]]

  /// Reads the manifest's text: `let pureModules = [...]` and every `.target(name:dependencies:)`.
  init(manifest: String) throws {
    guard let list = manifest.firstMatch(of: /let pureModules = \[([^\]]*)\]/) else {
      throw CheckError("Package.swift has no `let pureModules = [...]`")
    }
    pureModules = Set(Self.quoted(String(list.1)))
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
    }
    for source in sources where pureModules.contains(source.module) {
      for imported in Self.imports(in: source.text) where !pureModules.contains(imported) {
        found.append(Violation(module: source.module, file: source.file, what: "imports \(imported)"))
      }
    }
    return found
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
