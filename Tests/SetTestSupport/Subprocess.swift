@preconcurrency import Glibc
import SetPureTestSupport

/// A child process for the end-to-end tests: the real `setduel` binary, run as a user would run it.
/// Its standard output and error go to files in a folder of the test's own (files never fill up and
/// block the child the way an unread pipe would); standard input is /dev/null. It starts through bash,
/// which closes every other descriptor first: the test process holds some that are not close-on-exec,
/// and a server holding other tests' sockets would keep them open.
package final class Subprocess {
  package let pid: pid_t
  package let outputPath: String
  package let errorPath: String
  private var status: Int32?

  /// Starts `arguments[0]` with `arguments`, writing its output to files in `folder`. `shell` is run
  /// by bash just before, such as `ulimit -n 48`.
  package init(_ arguments: [String], folder: String, name: String, shell: String = "") throws {
    outputPath = "\(folder)/\(name).out"
    errorPath = "\(folder)/\(name).err"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let script = """
      for fd in /proc/$$/fd/*; do n=${fd##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-"; fi; done
      \(shell)
      exec "$@"
      """
    let argv = (["/bin/bash", "-c", script, "setduel-test"] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var child: pid_t = 0
    let result = posix_spawn(&child, "/bin/bash", &actions, nil, argv, environ)
    guard result == 0 else { throw TestFailure("cannot start \(arguments[0]): \(String(cString: strerror(result)))") }
    pid = child
  }

  deinit {
    if status == nil {
      kill(pid, SIGKILL)
      _ = wait(timeout: 10)
    }
  }

  /// Everything the child has written to standard output so far.
  package var output: String { (try? readFile(outputPath)) ?? "" }

  /// Everything the child has written to standard error so far.
  package var errorOutput: String { (try? readFile(errorPath)) ?? "" }

  /// The first line of standard output that starts with `prefix`, waiting up to `timeout` seconds.
  package func outputLine(startingWith prefix: String, timeout: Double = MachineClient.timeout) -> String? {
    var found: String?
    _ = eventually(timeout: timeout) {
      found = output.split(separator: "\n").first { $0.hasPrefix(prefix) }.map(String.init)
      return found != nil || hasExited
    }
    return found
  }

  package func signal(_ number: Int32) {
    kill(pid, number)
  }

  private var hasExited: Bool {
    if status != nil { return true }
    var raw: Int32 = 0
    if waitpid(pid, &raw, WNOHANG) == pid { status = raw }
    return status != nil
  }

  /// Waits up to `timeout` seconds for the child to end: its wait status, or nil if it is still running.
  package func wait(timeout: Double) -> Int32? {
    _ = eventually(timeout: timeout) { hasExited }
    return status
  }

  /// Waits for the child to end and describes how: `exit N` or `signal N`, or `running`.
  package func end(timeout: Double = MachineClient.timeout) -> String {
    guard let raw = wait(timeout: timeout) else { return "running" }
    let signal = raw & 0x7F
    return signal == 0 ? "exit \((raw >> 8) & 0xFF)" : "signal \(signal)"
  }
}

/// Runs the built `setduel` with `arguments` to its end, its output in files in `folder` named after
/// `arguments[0]`: how it ended, and what it wrote to standard output and error.
package func runSetduel(_ arguments: [String], folder: String) throws -> (end: String, output: String, error: String) {
  let child = try Subprocess([try builtSetduel()] + arguments, folder: folder, name: arguments.first ?? "setduel")
  let end = child.end(timeout: 60)
  return (end, child.output, child.errorOutput)
}

/// Runs `setduel replay FILE` to its end: how it ended, and what it wrote.
package func runReplay(_ file: String, folder: String) throws -> (end: String, output: String, error: String) {
  try runSetduel(["replay", file], folder: folder)
}

/// Makes a folder.
package func makeFolder(_ path: String) throws {
  guard mkdir(path, 0o755) == 0 else { throw FileError(path: path) }
}
