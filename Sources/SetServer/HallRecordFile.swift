import Glibc
import SetHost

/// The hall's own record in the records folder, `hall-<time>.hall`: the tables opened and closed, with
/// their rules, written through as it happens. A server started again on the same folder reads the
/// newest one and opens its tables again.
enum HallRecordFile {
  /// A new hall record in `directory`.
  static func create(in directory: String) throws(RecordError) -> RecordFile {
    try RecordFile(directory: directory, kind: "hall", tag: "", extension: "hall", header: [HallRecordLine.magic.line])
  }

  /// The tables still open in the newest hall record in `directory`, with the file each was last
  /// recorded in, and a warning for each line that could not be read (naming the file and line);
  /// none when there is no hall record.
  static func openTables(in directory: String) -> HallRecordLine.Open {
    guard let path = newest(in: directory) else { return HallRecordLine.Open() }
    var lines: [String] = []
    do {
      try RecordFile.readLines(of: path) { line, _ in
        lines.append(line)
        return lines.count < 100_000
      }
    } catch {
      return HallRecordLine.Open(warnings: ["\(path): \(error)"])
    }
    guard var read = HallRecordLine.openTables(lines) else {
      return HallRecordLine.Open(warnings: ["\(path): not a hall record; skipped"])
    }
    read.warnings = read.warnings.map { "\(path), \($0)" }
    return read
  }

  /// The hall record in `directory` written last, by modification time, or nil; with `prefix` and
  /// `suffix`, the record of another kind so named.
  static func newest(in directory: String, prefix: String = "hall-", suffix: String = ".hall") -> String? {
    guard let folder = opendir(directory) else { return nil }
    defer { closedir(folder) }
    var best: (time: timespec, path: String)?
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { continue }
      let path = "\(directory)/\(name)"
      var info = stat()
      guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
      let time = info.st_mtim
      if let current = best,
        (current.time.tv_sec, current.time.tv_nsec, current.path) >= (time.tv_sec, time.tv_nsec, path)
      {
        continue
      }
      best = (time, path)
    }
    return best?.path
  }
}
