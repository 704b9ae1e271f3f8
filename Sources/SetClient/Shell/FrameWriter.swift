import SetClientCore

/// Writes the client's frames to the terminal: full screen, the whole frame over the last, from the
/// top; line by line (TERM=dumb), only the lines that changed since the last frame, if any did.
public struct FrameWriter {
  private var lastOutput: [String] = []

  public init() {}

  /// Writes `output`, a frame's encoded lines, unless it is the frame last written.
  public mutating func write(_ output: [String], fullScreen: Bool) {
    guard output != lastOutput else { return }
    let previous = lastOutput
    lastOutput = output
    if fullScreen {
      TerminalMode.write("\u{1B}[H" + output.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n"))
    } else {
      let changed = Frame.changedLines(output, since: previous)
      guard !changed.isEmpty else { return }
      TerminalMode.write(changed.joined(separator: "\r\n") + "\r\n")
    }
  }

  /// Forgets the last frame, so the next is written whole (after the terminal was resized, say).
  public mutating func forget() { lastOutput = [] }
}
