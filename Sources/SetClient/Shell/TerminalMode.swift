import CTerminal
@preconcurrency import Glibc

/// The terminal's raw mode and full screen, entered once and restored on every way out: a normal
/// `leave()`, `exit`, and the signals that end a process (the handlers restore the terminal, then
/// re-raise the signal with its default action).
public enum TerminalMode {
  /// Escapes that undo the full screen: plain text, cursor shown, main screen back.
  static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
  /// Escapes that enter it: the alternate screen, cursor hidden, cleared.
  static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"

  // What a signal handler needs (the saved settings, the leave escapes, whether each needs undoing) is
  // kept by CTerminal in static storage prepared before any handler is installed: the handler only
  // writes that buffer and calls tcsetattr.

  /// Whether standard input is a terminal.
  public static var isInteractive: Bool { isatty(0) == 1 }

  /// Puts standard input in raw mode (no echo, no line editing, no signals from keys, no output
  /// processing) and, if `fullScreen`, switches to the alternate screen. Returns false if standard
  /// input is not a terminal.
  @discardableResult
  public static func enter(fullScreen: Bool) -> Bool {
    let prepared = leaveSequence.withCString { cterminal_prepare($0, strlen($0)) }
    guard prepared == 0 else { return false }
    var raw = termios()
    cterminal_saved(&raw)
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    cterminal_install_fatal_handlers()
    atexit { cterminal_restore() }
    guard cterminal_enter_raw(&raw) == 0 else { return false }
    if fullScreen {
      cterminal_mark_screen()
      write(enterSequence)
    }
    return true
  }

  /// Restores the terminal as it was before `enter`. Safe to call more than once, and from a signal
  /// handler.
  public static func restore() {
    cterminal_restore()
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
