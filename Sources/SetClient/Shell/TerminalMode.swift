@preconcurrency import Glibc

/// The terminal's raw mode and full screen, entered once and restored on every way out: a normal
/// `leave()`, `exit`, and the signals that end a process (the handlers restore the terminal, then
/// re-raise the signal with its default action).
public enum TerminalMode {
  /// Escapes that undo the full screen: plain text, cursor shown, main screen back.
  static let leaveSequence = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)
  /// Escapes that enter it: the alternate screen, cursor hidden, cleared.
  static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"

  /// The signals whose default action ends the process, so the terminal must be restored first.
  static let fatalSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP]

  /// The settings before raw mode and whether they need restoring, plus whether the full screen is on.
  /// Read by signal handlers, which may only call async-signal-safe functions: tcsetattr and write.
  nonisolated(unsafe) private static let saved: UnsafeMutablePointer<termios> = .allocate(capacity: 1)
  nonisolated(unsafe) private static var rawActive = false
  nonisolated(unsafe) private static var screenActive = false
  // nonisolated(unsafe): written only on the main thread, in `enter` (before any handler is installed)
  // and in `leave`; a signal handler reads them, and restoring twice is harmless.

  /// Whether standard input is a terminal.
  public static var isInteractive: Bool { isatty(0) == 1 }

  /// Puts standard input in raw mode (no echo, no line editing, no signals from keys, no output
  /// processing) and, if `fullScreen`, switches to the alternate screen. Returns false if standard
  /// input is not a terminal.
  @discardableResult
  public static func enter(fullScreen: Bool) -> Bool {
    guard tcgetattr(0, saved) == 0 else { return false }
    var raw = saved.pointee
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    for signal in fatalSignals { Glibc.signal(signal, restoreAndReraise) }
    atexit { TerminalMode.restore() }
    guard tcsetattr(0, TCSAFLUSH, &raw) == 0 else { return false }
    rawActive = true
    if fullScreen {
      screenActive = true
      write(enterSequence)
    }
    return true
  }

  /// Restores the terminal as it was before `enter`. Safe to call more than once, and from a signal
  /// handler.
  public static func restore() {
    if screenActive {
      screenActive = false
      leaveSequence.withUnsafeBytes { _ = Glibc.write(1, $0.baseAddress, $0.count) }
    }
    if rawActive {
      rawActive = false
      tcsetattr(0, TCSAFLUSH, saved)
    }
  }

  /// The terminal's size in columns and rows, or 80 by 24 if it cannot be read.
  public static func size() -> (columns: Int, rows: Int) {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes all of `text` to standard output.
  public static func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeMutableBytes { Glibc.write(1, $0.baseAddress! + offset, $0.count - offset) }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      offset += count
    }
  }
}

/// A fatal signal's handler: put the terminal back, then die of the signal as if unhandled.
private func restoreAndReraise(_ signal: Int32) {
  TerminalMode.restore()
  Glibc.signal(signal, SIG_DFL)
  raise(signal)
}
