import SetCore

/// The fields of `OK STATE <seq> <game> <phase> <holder> <ms> <selected>`: where the game stands as of
/// the last event broadcast.
public struct StateSummary: Equatable, Sendable {
  /// The number of the last event broadcast; the state is as of that event.
  public var seq: Int
  /// The game's number, 0 before the first.
  public var game: Int
  /// Where the game stands.
  public var phase: PhaseName
  /// The seat holding the claim or turn (for `paused`, the suspended one), or nil (`0` on the wire).
  public var holder: Seat?
  /// The milliseconds the window has left (for `paused`, what the suspended window will have).
  public var ms: Int64
  /// The holder's selected slots (`-` on the wire when none).
  public var selected: [Slot]

  public init(seq: Int, game: Int, phase: PhaseName, holder: Seat?, ms: Int64, selected: [Slot]) {
    self.seq = seq
    self.game = game
    self.phase = phase
    self.holder = holder
    self.ms = ms
    self.selected = selected
  }

  /// The summary of `match`, as of event `seq` and the time `now` (for the milliseconds left).
  public init(_ match: Match, seq: Int, now: Instant) {
    let holder: Seat?
    let ms: Int64
    switch match.phase {
    case .waiting, .open, .over: (holder, ms) = (nil, 0)
    case .window(let window): (holder, ms) = (window.holder, max(0, window.deadline.milliseconds(since: now)))
    case .paused(let pause): (holder, ms) = (pause.suspended?.holder, pause.remaining)
    }
    self.init(
      seq: seq, game: match.game, phase: PhaseName(match.phase), holder: holder, ms: ms, selected: match.selection)
  }

  /// The six fields, in order.
  var fields: [String] {
    [
      "\(seq)", "\(game)", phase.rawValue, "\(holder?.rawValue ?? 0)", "\(ms)",
      selected.isEmpty ? "-" : EventCodec.slotList(selected),
    ]
  }

  /// The summary in six fields (more are ignored), or nil if they do not fit the grammar.
  init?(fields: ArraySlice<String>) {
    let f = Array(fields)
    guard f.count >= 6, let seq = Int(f[0]), seq >= 0, let game = Int(f[1]), game >= 0,
      let phase = PhaseName(rawValue: f[2]), let holderNumber = Int(f[3]), let ms = Int64(f[4]), ms >= 0
    else { return nil }
    let holder = Seat(rawValue: holderNumber)
    guard holder != nil || holderNumber == 0 else { return nil }
    let selected: [Slot]
    if f[5] == "-" {
      selected = []
    } else {
      guard let slots = EventCodec.slots(f[5]), !slots.isEmpty else { return nil }
      selected = slots
    }
    self.init(seq: seq, game: game, phase: phase, holder: holder, ms: ms, selected: selected)
  }
}
