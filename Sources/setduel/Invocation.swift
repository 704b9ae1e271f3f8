@preconcurrency import Glibc

/// How to run this program from where it was started, for the hints it prints: `setduel` when that
/// name on PATH is this program, `swift run setduel` when it was built in a package's `.build`
/// folder and is not installed, and its full path otherwise.
enum Invocation {
  /// The command that runs this program, as a person would type it.
  static let command: String = {
    guard let me = realPath("/proc/self/exe") else { return "setduel" }
    let path = getenv("PATH").map { String(cString: $0) } ?? ""
    for folder in path.split(separator: ":") where realPath("\(folder)/setduel") == me {
      return "setduel"
    }
    return me.contains("/.build/") ? "swift run setduel" : me
  }()

  /// The absolute path with every link resolved, or nil if there is no such file.
  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
