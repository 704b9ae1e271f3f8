@preconcurrency import Glibc

/// How to run this program again, for the hints it prints: `setduel` when that name on PATH is this
/// program, else the command as it was run (`CommandLine.arguments[0]`: `.build/debug/setduel`, or the
/// path `swift run` started).
enum Invocation {
  /// The command that runs this program, as a person would type it.
  static let command: String = {
    if let me = realPath("/proc/self/exe") {
      let path = getenv("PATH").map { String(cString: $0) } ?? ""
      for folder in path.split(separator: ":") where realPath("\(folder)/setduel") == me {
        return "setduel"
      }
    }
    return command(run: CommandLine.arguments.first ?? "")
  }()

  /// The command for a program run as `first` (its `argv[0]`), as it was typed; `setduel` when there
  /// is none, or when it holds a space or a control character, which could not be typed back as is.
  static func command(run first: String) -> String {
    let typable = !first.isEmpty && first.unicodeScalars.allSatisfy { $0.value > 32 && $0.value != 127 }
    return typable ? first : "setduel"
  }

  /// The absolute path with every link resolved, or nil if there is no such file.
  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
