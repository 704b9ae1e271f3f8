import Foundation
import Testing

/// Compares text with a stored snapshot under `Snapshots/`, showing the lines that differ. Run with
/// `SNAPSHOT_RECORD=1` to write the snapshots afresh (then read them before committing).
enum Snapshot {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

  /// The lines with escape bytes made visible as `␛`.
  static func visible(_ lines: [String]) -> String {
    lines.map { $0.replacingOccurrences(of: "\u{1B}", with: "␛") }.joined(separator: "\n") + "\n"
  }

  static func check(_ lines: [String], named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = visible(lines)
    let file = directory.appendingPathComponent(name + ".txt")
    let record = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1"
    guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try? actual.write(to: file, atomically: true, encoding: .utf8)
      if !record {
        Issue.record("no snapshot \(name).txt: recorded it; check it and run again", sourceLocation: sourceLocation)
      }
      return
    }
    guard expected != actual else { return }
    let report = diff(expected, actual)
    Issue.record("snapshot \(name).txt differs:\n\(report)", sourceLocation: sourceLocation)
  }

  /// The lines that differ, numbered, expected (`-`) then actual (`+`).
  static func diff(_ expected: String, _ actual: String) -> String {
    let old = expected.components(separatedBy: "\n")
    let new = actual.components(separatedBy: "\n")
    var out: [String] = []
    for i in 0..<max(old.count, new.count) {
      let a = i < old.count ? old[i] : "<none>"
      let b = i < new.count ? new[i] : "<none>"
      if a != b { out += ["line \(i + 1):", "- \(a)", "+ \(b)"] }
    }
    return out.joined(separator: "\n")
  }
}
