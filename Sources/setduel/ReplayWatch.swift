@preconcurrency import Glibc
import SetClient
import SetClientCore
import SetCore
import SetProtocol
import SetServer

/// `setduel replay FILE --watch`: the recorded game played back in the terminal client's screen, as a
/// spectator saw it, at the game's own pace or `speed` times faster. q, Esc or Ctrl-C stops it.
///
/// The terminal is checked before the record is read, and the record is played as it is read, a line
/// at a time, so a long record neither waits nor fills memory before the first frame. Keys are read
/// between any two events, even events that came at the same moment, and a burst of events is drawn
/// once every `frameInterval` rather than once each.
enum ReplayWatch {
  /// The longest a burst of events goes without a frame, in milliseconds.
  static let frameInterval: Int64 = 40

  static func run(path: String, speed: Double, options: ScreenOptions) -> Never {
    guard isatty(0) == 1, isatty(1) == 1 else { fail("--watch needs a terminal") }
    guard TerminalMode.enter(fullScreen: options.fullScreen) else { fail("--watch needs a terminal") }
    let renderer = Renderer(options: options)
    var state = PlayState(info: ["Watching a record at \(speed)× its pace: q or Esc stops"])
    state.link = .connected
    state.replaying = true
    var model = RecordPlayback.spectator()
    var frames = FrameWriter()
    var drawn = ClientClock.now()
    func draw(at now: Instant) {
      // The size is read each time: a resize shows at the next draw, a tenth of a second later at most.
      let size = TerminalMode.size()
      let frame = renderer.frame(model: model, state: state, now: now, columns: size.columns, rows: size.rows)
      frames.write(frame.encoded(color: options.color), fullScreen: options.fullScreen)
      drawn = ClientClock.now()
    }
    var stopped = false
    var count = 0
    var now = Instant.zero
    var previous: Instant?
    var problem: String?
    var reader = RecordReader()
    do {
      try RecordFile.readLines(of: path) { text, isCut in
        let read: RecordLine??
        do throws(RecordReader.NotARecord) {
          read = try reader.read(text: text, isCut: isCut) { try? $0.parsed.get() }
        } catch {
          problem = "\(path): \(error)"
          return false
        }
        guard let line = read ?? nil, let step = RecordPlayback.step(for: line, now: &now) else { return true }
        // Wait out the gap before this step, redrawing as the countdowns run, unless a key stops it.
        let from = previous ?? step.at
        let wait = RecordPlayback.wait(from: from, to: step.at, speed: speed)
        let started = ClientClock.now()
        while !stopped {
          let waited = ClientClock.now().milliseconds(since: started)
          if waited >= wait { break }
          stopped = keyStops(within: Int32(min(100, wait - waited)))
          draw(at: from.adding(milliseconds: Int64(Double(min(waited, wait)) * speed)))
        }
        // Between any two events, however close: a key typed during a burst stops it too.
        if !stopped { stopped = keyStops(within: 0) }
        guard !stopped else { return false }
        _ = model.apply(step.line, at: step.at)
        count += 1
        previous = step.at
        if wait > 0 || ClientClock.now().milliseconds(since: drawn) >= frameInterval { draw(at: step.at) }
        return true
      }
    } catch {
      problem = "\(error)"
    }
    if problem == nil, count == 0 { problem = "the record holds no events to watch" }
    if let problem {
      TerminalMode.restore()
      fail(Harmless.text(problem))
    }
    if !stopped {
      state.info = ["End of the record: q or Esc leaves"]
      draw(at: previous ?? .zero)
    }
    while !stopped { stopped = keyStops(within: 1_000) }
    TerminalMode.restore()
    print("Watched \(count) events.")
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
