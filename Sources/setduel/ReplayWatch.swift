@preconcurrency import Glibc
import SetClient
import SetClientCore
import SetCore

/// `setduel replay FILE --watch`: the recorded game played back in the terminal client's screen, as a
/// spectator saw it, at the game's own pace or `speed` times faster. q, Esc or Ctrl-C stops it.
enum ReplayWatch {
  static func run(_ playback: RecordPlayback, speed: Double, options: ScreenOptions) -> Never {
    guard !playback.steps.isEmpty else { fail("the record holds no events to watch") }
    guard TerminalMode.enter(fullScreen: options.fullScreen) else { fail("--watch needs a terminal") }
    let renderer = Renderer(options: options)
    var state = PlayState(info: ["Watching a record at \(speed)× its pace: q or Esc stops"])
    state.link = .connected
    state.replaying = true
    var model = RecordPlayback.spectator()
    var frames = FrameWriter()
    func draw(at now: Instant) {
      // The size is read each time: a resize shows at the next draw, a tenth of a second later at most.
      let size = TerminalMode.size()
      let frame = renderer.frame(model: model, state: state, now: now, columns: size.columns, rows: size.rows)
      frames.write(frame.encoded(color: options.color), fullScreen: options.fullScreen)
    }
    var stopped = false
    for (index, step) in playback.steps.enumerated() where !stopped {
      // Wait out the gap before this step, redrawing as the countdowns run, unless a key stops it.
      let wait = playback.wait(before: index, speed: speed)
      let from = index > 0 ? playback.steps[index - 1].at : step.at
      let started = ClientClock.now()
      while !stopped {
        let waited = ClientClock.now().milliseconds(since: started)
        if waited >= wait { break }
        stopped = keyStops(within: Int32(min(100, wait - waited)))
        draw(at: from.adding(milliseconds: Int64(Double(min(waited, wait)) * speed)))
      }
      _ = model.apply(line: step.line, at: step.at)
      draw(at: step.at)
    }
    if !stopped {
      state.info = ["End of the record: q or Esc leaves"]
      draw(at: playback.steps.last?.at ?? .zero)
    }
    while !stopped { stopped = keyStops(within: 1_000) }
    TerminalMode.restore()
    print("Watched \(playback.steps.count) events.")
    exit(0)
  }

  /// Waits up to `milliseconds` for a key: whether it was one that stops the playback.
  private static func keyStops(within milliseconds: Int32) -> Bool {
    var poller = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, max(0, milliseconds)) > 0 else { return false }
    var byte: UInt8 = 0
    guard read(0, &byte, 1) == 1 else { return true }
    return byte == UInt8(ascii: "q") || byte == UInt8(ascii: "Q") || byte == 27 || byte == 3
  }
}
