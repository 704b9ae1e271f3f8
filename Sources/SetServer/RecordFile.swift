import Glibc
import SetCore
import SetHost
import SetProtocol

/// A game record on disk: each line written straight through to the file, so a server killed with
/// `kill -9` loses nothing it had already broadcast. Closed, it ends with an `end` line. Once a write
/// fails (a full disk, an I/O error) nothing more is written, so the file stays a record cut short
/// rather than one with lines missing inside, and `failure` says why.
public final class RecordFile {
  /// Where the file is.
  let path: String
  private var descriptor: Int32
  /// Why the last write failed, once one has; nothing is written after it.
  private(set) var failure: String?

  /// Creates `directory` if needed and a new record file in it, starting with the record's header.
  convenience init(directory: String, seed: UInt64, rules: Rules) throws(RecordError) {
    try self.init(
      directory: directory, kind: "game", tag: "-seed\(seed)", extension: "record",
      header: GameRecord.header(seed: seed, rules: rules))
  }

  /// Creates `directory` if needed and a new file in it named `<kind>-<time><tag>.<extension>` (with a
  /// number after the tag if that name is taken), starting with `header`.
  init(directory: String, kind: String, tag: String, extension ending: String, header: [String]) throws(RecordError) {
    try RecordFile.makeDirectories(directory)
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    var stamp = [CChar](repeating: 0, count: 32)
    strftime(&stamp, stamp.count, "%Y%m%d-%H%M%S", &parts)
    let name = "\(kind)-" + String(decoding: stamp.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var candidate = "\(directory)/\(name)\(tag).\(ending)"
    var suffix = 1
    var fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o644)
    while fd < 0, errno == EEXIST, suffix < 1000 {
      suffix += 1
      candidate = "\(directory)/\(name)\(tag)-\(suffix).\(ending)"
      fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o644)
    }
    guard fd >= 0 else {
      throw RecordError(
        message: "cannot create a record in the records folder \(directory): \(String(cString: strerror(errno)))")
    }
    path = candidate
    descriptor = fd
    for line in header { write(line) }
  }

  /// A record appended to the file at `path`, which must exist, with nothing written first: a record
  /// taken up again after a restart.
  init(continuing path: String) throws(RecordError) {
    let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard fd >= 0 else { throw RecordError(message: "cannot open \(path): \(String(cString: strerror(errno)))") }
    self.path = path
    descriptor = fd
  }

  /// A record that goes on in the file at `path` after its first `length` bytes, its whole lines: what
  /// is left after them of a line the server was writing when it was killed is cut off first, so the
  /// next line starts a line of its own.
  init(continuing path: String, after length: Int) throws(RecordError) {
    let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard fd >= 0 else { throw RecordError(message: "cannot open \(path): \(String(cString: strerror(errno)))") }
    guard ftruncate(fd, off_t(length)) == 0 else {
      let reason = String(cString: strerror(errno))
      Glibc.close(fd)
      throw RecordError(message: "cannot cut \(path) to its whole lines: \(reason)")
    }
    self.path = path
    descriptor = fd
  }

  /// A record appended to the file at `path`, which must exist (a device such as `/dev/full`, say),
  /// starting with the record's header.
  package init(appendingTo path: String, seed: UInt64, rules: Rules) throws(RecordError) {
    let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard fd >= 0 else { throw RecordError(message: "cannot open \(path): \(String(cString: strerror(errno)))") }
    self.path = path
    descriptor = fd
    for line in GameRecord.header(seed: seed, rules: rules) { write(line) }
  }

  /// Appends one line; false if it could not be written, now or before (see `failure`).
  @discardableResult
  func write(_ line: String) -> Bool {
    guard descriptor >= 0, failure == nil else { return false }
    var bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes {
        Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        failure = written < 0 ? String(cString: strerror(errno)) : "nothing was written"
        return false
      }
      offset += written
    }
    return true
  }

  /// Ends the record with its `end` line (unless a write failed) and closes the file.
  func close() {
    guard descriptor >= 0 else { return }
    write(RecordLine.end.line)
    fsync(descriptor)
    Glibc.close(descriptor)
    descriptor = -1
  }

  deinit { close() }

  /// The largest record read, in bytes: a table that ran for months writes less.
  public static let sizeLimit = 256 << 20

  /// The text of the record file at `path`. Throws for anything but a regular file (a device, a pipe,
  /// a folder: reading one could wait or run on for ever), for a file over `limit` bytes, and for a
  /// line over `lineLimit`, naming it.
  public static func contents(of path: String, limit: Int = sizeLimit) throws(RecordError) -> String {
    let (fd, size) = try openRegular(path)
    defer { Glibc.close(fd) }
    guard size <= limit else {
      throw RecordError(message: "\(path) is larger than a record may be (\(limit >> 20) MB)")
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(size)
    var buffer = [UInt8](repeating: 0, count: 65536)
    while bytes.count <= limit {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count >= 0 else { throw RecordError(message: "cannot read \(path): \(String(cString: strerror(errno)))") }
      if count == 0 { break }
      bytes += buffer[0..<count]
    }
    guard bytes.count <= limit else {
      throw RecordError(message: "\(path) is larger than a record may be (\(limit >> 20) MB)")
    }
    try checkLines(bytes, of: path)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The longest line a record may hold, in bytes: a table writes none longer than a few of its input
  /// lines, and a longer one is refused rather than read.
  public static let lineLimit = 1 << 20

  /// The refusal of line `number` of `path`, longer than `lineLimit`.
  static func tooLong(_ path: String, line number: Int) -> RecordError {
    RecordError(message: "\(path): line \(number) is longer than a record's line may be (\(lineLimit >> 20) MB)")
  }

  /// Throws `tooLong` for the first line of `bytes` longer than `lineLimit`, found in one pass.
  private static func checkLines(_ bytes: [UInt8], of path: String) throws(RecordError) {
    let long: Int? = bytes.withUnsafeBufferPointer { firstLongLine(in: $0) }
    if let long { throw tooLong(path, line: long) }
  }

  /// The number of the first line in `buffer` longer than `lineLimit`, or nil.
  private static func firstLongLine(in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = buffer.baseAddress else { return nil }
    var number = 1
    var start = 0
    while start < buffer.count {
      var end = buffer.count
      if let found = memchr(base + start, 10, buffer.count - start) {
        end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
      }
      if end - start > lineLimit { return number }
      number += 1
      start = end + 1
    }
    return nil
  }

  /// Reads the record file at `path` a piece at a time, calling `body` with each line (without its
  /// newline) and whether it is a last line cut short (no newline after it), until it returns false or
  /// the file ends. Only a regular file is read (see `contents`); a line longer than `lineLimit` is
  /// refused, naming it.
  public static func readLines(of path: String, _ body: (_ line: String, _ isCut: Bool) -> Bool) throws(RecordError) {
    let (fd, _) = try openRegular(path)
    defer { Glibc.close(fd) }
    var pending: [UInt8] = []
    var number = 1
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw RecordError(message: "cannot read \(path): \(String(cString: strerror(errno)))") }
      if count == 0 { break }
      var start = 0
      for index in 0..<count where buffer[index] == UInt8(ascii: "\n") {
        pending += buffer[start..<index]
        start = index + 1
        guard pending.count <= lineLimit else { throw tooLong(path, line: number) }
        guard body(String(decoding: pending, as: UTF8.self), false) else { return }
        number += 1
        pending.removeAll(keepingCapacity: true)
      }
      pending += buffer[start..<count]
      guard pending.count <= lineLimit else { throw tooLong(path, line: number) }
    }
    if !pending.isEmpty { _ = body(String(decoding: pending, as: UTF8.self), true) }
  }

  /// Opens `path` for reading if it is a regular file: its descriptor and size. Non-blocking, so that
  /// opening a FIFO does not wait for a writer before it is seen to be one.
  private static func openRegular(_ path: String) throws(RecordError) -> (fd: Int32, size: Int) {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { throw RecordError(message: "cannot read \(path): \(String(cString: strerror(errno)))") }
    var status = stat()
    guard fstat(fd, &status) == 0 else {
      let error = RecordError(message: "cannot read \(path): \(String(cString: strerror(errno)))")
      Glibc.close(fd)
      throw error
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      Glibc.close(fd)
      throw RecordError(message: "\(path) is not a regular file")
    }
    return (fd, Int(status.st_size))
  }

  /// The default folder for records: `$XDG_DATA_HOME/setduel/records`, else `~/.local/share/setduel/records`.
  public static func defaultDirectory() -> String {
    if let data = getenv("XDG_DATA_HOME").map({ String(cString: $0) }), data.hasPrefix("/") {
      return data + "/setduel/records"
    }
    let home = getenv("HOME").map { String(cString: $0) } ?? "."
    return home + "/.local/share/setduel/records"
  }

  /// How the default folder is described in usage text.
  public static let defaultDirectoryText = "$XDG_DATA_HOME/setduel/records or ~/.local/share/setduel/records"

  /// Writes `text` to the file `path` in a records folder, making the folder if need be: replacing the
  /// file, or adding to its end with `appending`. For what is kept beside the records (a practice, the
  /// daily puzzles' times).
  public static func keep(_ text: String, at path: String, appending: Bool) throws(RecordError) {
    let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    if !folder.isEmpty { try makeDirectories(folder) }
    let descriptor = open(path, O_WRONLY | O_CREAT | (appending ? O_APPEND : O_TRUNC) | O_CLOEXEC, 0o644)
    let bytes = Array(text.utf8)
    guard descriptor >= 0, Glibc.write(descriptor, bytes, bytes.count) == bytes.count else {
      let reason = String(cString: strerror(errno))
      if descriptor >= 0 { Glibc.close(descriptor) }
      throw RecordError(message: reason)
    }
    Glibc.close(descriptor)
  }

  private static func makeDirectories(_ path: String) throws(RecordError) {
    var built = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
      built += "/" + part
      if mkdir(built, 0o755) != 0, errno != EEXIST {
        throw RecordError(message: "cannot create the records folder \(built): \(String(cString: strerror(errno)))")
      }
    }
  }
}

/// A record file that could not be made.
public struct RecordError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
