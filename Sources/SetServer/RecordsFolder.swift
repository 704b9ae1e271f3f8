import Glibc
import SetProtocol
import SetStats

/// The folder of game records, read whole: every player's history folded from its records in the
/// order they were written (their names start with the time).
public enum RecordsFolder {
  /// What folding a folder gave.
  public struct Folded: Sendable {
    /// The players' figures and ratings.
    public var history: History
    /// Record files read.
    public var files: Int
    /// One line for each record, or line of one, that could not be read and was skipped, naming the
    /// file; harmless to show (`Harmless`), as a file's name may hold anything.
    public var warnings: [String]
  }

  /// The `.record` files in `directory` (or those whose name ends with `ending`), oldest first: a
  /// record's name starts with its time. Throws when the folder cannot be read.
  public static func files(in directory: String, ending: String = ".record") throws(RecordError) -> [String] {
    guard let folder = opendir(directory) else {
      throw RecordError(message: "cannot read the records folder \(directory): \(String(cString: strerror(errno)))")
    }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasSuffix(ending) && !name.hasPrefix(".") { names.append(name) }
    }
    return names.sorted().map { directory + "/" + $0 }
  }

  /// For each record that is a copy of another (the same text, or the start of it, as when a record
  /// was copied while its server still wrote to it), the index of the one counted instead.
  static func copies(_ texts: [String?]) -> [Int: Int] {
    // Only records with the same header (seed and rules) can be copies: grouped so, compared within.
    var groups: [[Substring]: [Int]] = [:]
    for (index, text) in texts.enumerated() {
      guard let text else { continue }
      groups[Array(text.split(separator: "\n", maxSplits: 3).prefix(3)), default: []].append(index)
    }
    var copies: [Int: Int] = [:]
    for group in groups.values where group.count > 1 {
      for index in group {
        let text = texts[index]!
        // The longest record that holds this one whole, the earliest of equal ones.
        let original = group.filter { other in
          other != index && texts[other]!.hasPrefix(text)
            && (texts[other]!.count > text.count || other < index)
        }.max { texts[$0]!.count < texts[$1]!.count || (texts[$0]!.count == texts[$1]!.count && $0 > $1) }
        if let original { copies[index] = original }
      }
    }
    return copies
  }

  /// Folds every record in `directory`. A record that cannot be read is skipped with a warning.
  public static func fold(_ directory: String) throws(RecordError) -> Folded {
    let paths = try files(in: directory)
    var history = History()
    var warnings: [String] = []
    var texts: [String?] = []
    for path in paths {
      do {
        texts.append(try RecordFile.contents(of: path))
      } catch {
        texts.append(nil)
        warnings.append("skipped \(path): \(error)")
      }
    }
    let copies = Self.copies(texts)
    for (index, (path, text)) in zip(paths, texts).enumerated() {
      guard let text else { continue }
      if let original = copies[index] {
        warnings.append("skipped \(path): a copy of \(paths[original]), whose games are counted")
        continue
      }
      do {
        let problems = try history.fold(record: text)
        warnings += problems.map { "\(path) \($0), skipped" }
      } catch {
        warnings.append("skipped \(path): \(error)")
      }
    }
    return Folded(history: history, files: paths.count, warnings: warnings.map(Harmless.text))
  }
}
