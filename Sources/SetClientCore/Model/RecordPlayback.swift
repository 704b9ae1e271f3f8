import SetCore
import SetProtocol

/// A recorded game as a spectator saw it, for watching it again: every event line of a record with the
/// time it went out, which is the time of the command or deadline before it in the record (events carry
/// no time of their own). Pure: the shell waits between steps and draws the model they build.
public struct RecordPlayback: Equatable, Sendable {
  /// One event line and when it went out, as the value the client model takes: nothing is encoded
  /// to be parsed again.
  public struct Step: Equatable, Sendable {
    public var at: Instant
    public var line: ServerLine

    public init(at: Instant, line: ServerLine) {
      self.at = at
      self.line = line
    }
  }

  /// Every event of the record, oldest first.
  public let steps: [Step]

  /// The playback of a record's lines; lines that are not events only move the time on.
  public init(_ lines: [RecordLine]) {
    var now = Instant.zero
    steps = lines.compactMap { Self.step(for: $0, now: &now) }
  }

  /// The step a record's line makes, read in order with `now` the time so far: an event line's step,
  /// or nil for a line that only moves the time on (or does nothing). A record can be played back
  /// this way as it is read, without holding it.
  public static func step(for line: RecordLine, now: inout Instant) -> Step? {
    switch line {
    case .command(_, _, let at), .tick(let at):
      now = max(now, at)
      return nil
    case .event(let seq, let event): return Step(at: now, line: .event(seq: seq, event))
    default: return nil
    }
  }

  /// How long to wait between a step at `earlier` and one at `later`, in milliseconds of the
  /// watcher's clock, at `speed` times the game's own pace.
  public static func wait(from earlier: Instant, to later: Instant, speed: Double) -> Int64 {
    guard speed > 0 else { return 0 }
    return Int64((Double(later.milliseconds(since: earlier)) / speed).rounded(.up))
  }

  /// How long to wait before step `index`, in milliseconds of the watcher's clock, at `speed` times
  /// the game's own pace; 0 for the first step.
  public func wait(before index: Int, speed: Double) -> Int64 {
    guard index > 0, index < steps.count else { return 0 }
    return Self.wait(from: steps[index - 1].at, to: steps[index].at, speed: speed)
  }

  /// A spectator's model before the first step: named, with no seat.
  public static func spectator() -> ClientModel {
    var model = ClientModel()
    _ = model.apply(.reply(Reply(id: nil, .ok(.name(seat: nil, token: nil)))), at: .zero)
    return model
  }

  /// The model of a spectator that has seen the first `count` steps.
  public func model(after count: Int) -> ClientModel {
    var model = Self.spectator()
    for step in steps.prefix(count) { _ = model.apply(step.line, at: step.at) }
    return model
  }
}
