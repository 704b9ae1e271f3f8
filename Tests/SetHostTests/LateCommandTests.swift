import SetCore
import SetHost
import SetProtocol
import SetTransport
import Testing

/// Commands that reach the host after a deadline passed, before its timer fired: the wire lines, the
/// record, and the replay of both.
@Suite("Late commands at the host")
struct LateCommandTests {
  static let (ann, bob, cat) = (ConnectionID(1), ConnectionID(2), ConnectionID(3))

  /// A host with ann and bob seated in the machine presentation and cat watching in words, and every
  /// action it returned since the test last cleared them.
  struct Table {
    var host = GameHost(rules: Rules(), seed: 7, makeToken: { "token" })
    var actions: [HostAction] = []

    init() {
      for (id, name) in [(ann, "ann"), (bob, "bob"), (cat, "cat")] {
        actions += host.connect(id, peer: "test", at: .zero)
        if id != cat { say("MODE MACHINE", from: id, at: 0) }
        say("NAME \(name)", from: id, at: 0)
      }
    }

    mutating func say(_ line: String, from id: ConnectionID, at ms: Int64) {
      actions += host.receive(line, from: id, at: Instant(milliseconds: ms))
    }

    /// The lines sent to `id`.
    func sent(to id: ConnectionID) -> [String] {
      actions.flatMap { $0.lines(to: id) }
    }

    /// The record lines written.
    var records: [String] {
      actions.compactMap { if case .record(let line) = $0 { line } else { nil } }
    }
  }

  @Test("a pick after its window ran out, before the timer fired, is too late; the lines are a timer's, then the reply")
  func latePickIsTooLate() {
    var table = Table()
    table.say("CLAIM", from: Self.ann, at: 1000)
    table.actions = []
    table.say("PICK A F L", from: Self.ann, at: 6001)
    let expired = ["EXPIRED 5 1 claim", "SCORE 6 1 -1 -1 expired", "TURN 7 2 10000 turn"]
    #expect(table.sent(to: Self.ann) == expired + ["ERR NOT_YOUR_TURN bob holds the turn"])
    #expect(table.sent(to: Self.bob) == expired)
    #expect(
      table.sent(to: Self.cat) == [
        "ann ran out of time.", "ann scores -1 (claim ran out), now -1.", "Turn passes to bob: 10 s to find a set.",
        "[ann -1 | bob 0 | deck 69] bob has the turn",
      ])
    #expect(table.records == ["tick 6001"] + expired.map { "ev " + $0 })
    #expect(table.host.match.scores == [-1, 0])
    #expect(table.host.deadline == Instant(milliseconds: 16_001))
  }

  @Test("a late command goes out after what was due, told on its own; a spectator is offered no commands")
  func lateCommandFollowsWhatWasDue() {
    var table = Table()
    table.say("CLAIM", from: Self.ann, at: 1000)
    table.say("PICK A F L", from: Self.ann, at: 6001)
    table.actions = []
    table.say("CLAIM", from: Self.ann, at: 17_000)
    #expect(table.sent(to: Self.ann) == ["EXPIRED 8 2 turn", "OPEN 9", "CLAIM 10 1 5000", "OK CLAIM"])
    #expect(
      table.sent(to: Self.cat) == [
        "bob's time is up.", "[ann -1 | bob 0 | deck 69] open play: the first to call Set picks",
        "ann calls Set! ann has 5 s to pick three cards.", "[ann -1 | bob 0 | deck 69] ann picks three cards",
      ])
    #expect(
      table.records == ["tick 17000", "ev EXPIRED 8 2 turn", "ev OPEN 9", "cmd 17000 1 CLAIM", "ev CLAIM 10 1 5000"])
  }

  @Test("a record replays a late command with or without the tick before it")
  func lateCommandReplaysWithOrWithoutTick() throws {
    var table = Table()
    table.say("CLAIM", from: Self.ann, at: 1000)
    table.say("PICK A F L", from: Self.ann, at: 6001)
    table.say("CLAIM", from: Self.ann, at: 17_000)
    let withTicks = GameRecord.header(seed: 7, rules: Rules()) + table.records
    #expect(withTicks.filter { $0.hasPrefix("tick ") } == ["tick 6001", "tick 17000"])
    #expect(try Replay(text: withTicks.joined(separator: "\n")).verify() == 8)
    // Without the tick, the command itself makes the rules handle what was due first.
    #expect(
      withTicks.suffix(5) == [
        "tick 17000", "ev EXPIRED 8 2 turn", "ev OPEN 9", "cmd 17000 1 CLAIM", "ev CLAIM 10 1 5000",
      ])
    let withoutTick =
      withTicks.dropLast(5) + ["cmd 17000 1 CLAIM", "ev EXPIRED 8 2 turn", "ev OPEN 9", "ev CLAIM 10 1 5000"]
    #expect(try Replay(text: withoutTick.joined(separator: "\n")).verify() == 8)
    // The refused pick left no command line, so the tick before it is what derives its events.
    let withoutRefusedTick = withTicks.filter { $0 != "tick 6001" }
    #expect(throws: Replay.Failure.self) { try Replay(text: withoutRefusedTick.joined(separator: "\n")).verify() }
  }
}
