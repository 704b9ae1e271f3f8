import Foundation
import Glibc
import SetNet
import SetPureTestSupport

/// `setduel play` run in a pseudo-terminal, driven by keys, as a person would use it.
package final class PseudoTerminalProcess {
  package let master: Int32
  package let slave: Int32
  /// The terminal's settings as the pair was made, before the process could change them.
  package let initialSettings: termios
  package let pid: pid_t
  package private(set) var output: [UInt8] = []
  /// Whether the child was waited for (its pid may then be reused, so it must not be signalled).
  private var reaped = false

  /// Starts `arguments` (the first is the program) in a new session on a new 80x24 pseudo-terminal.
  package init(_ arguments: [String], environment: [String]) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw SocketError("openpty", code: errno) }
    self.master = master
    self.slave = slave
    var initial = termios()
    tcgetattr(slave, &initial)
    initialSettings = initial
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, slave, fd) }
    posix_spawn_file_actions_addclose(&actions, master)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(0x80))  // POSIX_SPAWN_SETSID: a session of its own
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard status == 0 else { throw SocketError("posix_spawn", code: status) }
    self.pid = pid
  }

  deinit {
    if !reaped {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
    close(slave)
  }

  /// Reads what the program wrote, for at most `milliseconds`.
  package func pump(milliseconds: Int32) {
    var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, milliseconds) > 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
    if count > 0 { output += buffer[..<count] }
  }

  /// The screen as last drawn: everything after the last cursor-home.
  package var lastFrame: String {
    let text = String(decoding: output, as: UTF8.self)
    return text.components(separatedBy: "\u{1B}[H").last ?? ""
  }

  /// Reads until the last frame satisfies `condition`, for at most `seconds`.
  package func waitForFrame(within seconds: Double, _ condition: (String) -> Bool) -> Bool {
    eventually(timeout: seconds, pollMilliseconds: 0) {
      if condition(lastFrame) { return true }
      pump(milliseconds: 50)
      return false
    }
  }

  package func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Waits for the program to exit, for at most `seconds`; its exit status, or nil.
  package func waitForExit(within seconds: Double) -> Int32? {
    var status: Int32 = 0
    let exited = eventually(timeout: seconds, pollMilliseconds: 0) {
      pump(milliseconds: 20)
      return waitpid(pid, &status, WNOHANG) == pid
    }
    guard exited else { return nil }
    reaped = true
    while true {
      let before = output.count
      pump(milliseconds: 20)
      if output.count == before { break }
    }
    return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }
}
