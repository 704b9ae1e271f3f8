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

  /// The `.record` files in `directory`, oldest first. Throws when the folder cannot be read.
  public static func files(in directory: String) throws(RecordError) -> [String] {
    guard let folder = opendir(directory) else {
      throw RecordError(message: "cannot read the records folder \(directory): \(String(cString: strerror(errno)))")
    }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasSuffix(".record") && !name.hasPrefix(".") { names.append(name) }
    }
    return names.sorted().map { directory + "/" + $0 }
  }

  /// Folds every record in `directory`. A record that cannot be read is skipped with a warning.
  public static func fold(_ directory: String) throws(RecordError) -> Folded {
    let paths = try files(in: directory)
    var history = History()
    var warnings: [String] = []
    for path in paths {
      do {
        let problems = try history.fold(record: try RecordFile.contents(of: path))
        warnings += problems.map { "\(path) \($0), skipped" }
      } catch {
        warnings.append("skipped \(path): \(error)")
      }
    }
    return Folded(history: history, files: paths.count, warnings: warnings.map(Harmless.text))
  }
}
