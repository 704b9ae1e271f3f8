@preconcurrency import Glibc
import SetClientCore

/// A seat's resume token on disk, at a `SeatTokenLocation`: written with mode 0600 (in a folder of
/// mode 0700) through a temporary file and a rename, so a process killed mid-write leaves the old
/// token or the new one, never half of one.
public struct SeatTokenFile: Sendable {
  /// Where the token lives.
  public let location: SeatTokenLocation

  /// The file at `location`.
  public init(location: SeatTokenLocation) {
    self.location = location
  }

  /// The file for `name` at `host:port` as the process's environment places it, or nil when the
  /// environment names no home for state.
  public init?(host: String, port: UInt16, name: String) {
    var environment: [String: String] = [:]
    for key in ["XDG_STATE_HOME", "HOME"] {
      if let value = getenv(key) { environment[key] = String(cString: value) }
    }
    guard let location = SeatTokenLocation(host: host, port: port, name: name, environment: environment) else {
      return nil
    }
    self.init(location: location)
  }

  /// The token kept, or nil when there is none (or what is there is not a token).
  public func read() -> String? {
    let fd = open(location.path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    let text = String(decoding: buffer[..<count], as: UTF8.self).trimmingWhitespace()
    return SeatTokenLocation.isPlausible(text) ? text : nil
  }

  /// Keeps `token`, creating the folder if need be; on failure, says why.
  public func write(_ token: String) -> String? {
    if let failure = makeDirectory() { return failure }
    let temporary = location.path + ".\(getpid()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return "cannot write \(temporary): \(Self.describe(errno))" }
    let bytes = Array((token + "\n").utf8)
    let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    let failed = written != bytes.count || fchmod(fd, 0o600) != 0
    let code = errno
    close(fd)
    guard !failed, rename(temporary, location.path) == 0 else {
      let why = failed ? code : errno
      unlink(temporary)
      return "cannot write \(location.path): \(Self.describe(why))"
    }
    return nil
  }

  /// Removes the token, if one is kept.
  public func remove() {
    unlink(location.path)
  }

  /// Makes the folder and any missing parent, the folder itself private to the user.
  private func makeDirectory() -> String? {
    var path = ""
    for component in location.directory.split(separator: "/") {
      path += "/" + component
      if mkdir(path, 0o700) != 0, errno != EEXIST {
        return "cannot make \(path): \(Self.describe(errno))"
      }
    }
    return nil
  }

  private static func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}

extension String {
  fileprivate func trimmingWhitespace() -> String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
