import SetCore
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

@testable import SetHost

/// The host on its own, with no sockets: time is whatever the test says.
@Suite("Game host")
struct GameHostTests {
  static let ann = SeatedPair.ann
  static let bob = SeatedPair.bob

  /// A host with ann and bob seated in the machine presentation.
  static func seated() -> HostDriver { SeatedPair.driver() }

  @Test("RULES comes first after NAME and RESUME succeed, in the machine presentation only")
  func rulesLine() {
    var rules = Rules(claimWindow: 2_000)
    rules.resumeGrace = 9_000
    var host = GameHost(rules: rules, seed: 7, makeToken: { "token" })
    func lines(_ actions: [HostAction], to id: ConnectionID) -> [String] {
      actions.flatMap { $0.lines(to: id) }
    }
    let (ann, bob, cat, ann2) = (ConnectionID(1), ConnectionID(2), ConnectionID(3), ConnectionID(4))
    for id in [ann, bob, cat, ann2] { _ = host.connect(id, peer: "test", at: .zero) }
    for id in [ann, cat, ann2] { _ = host.receive("MODE MACHINE", from: id, at: .zero) }
    let rulesLine = ServerLine.rules(rules).line
    #expect(
      lines(host.receive("NAME ann", from: ann, at: .zero), to: ann) == [
        rulesLine, "JOINED 1 1 ann", Notice.rating(.open, name: "ann").line, "OK NAME 1 token",
      ])
    let human = lines(host.receive("NAME bob", from: bob, at: .zero), to: bob)
    #expect(!human.contains { $0.hasPrefix("RULES") })
    #expect(lines(host.receive("MODE MACHINE", from: bob, at: .zero), to: bob) == [rulesLine, "OK MODE machine"])
    #expect(lines(host.receive("MODE MACHINE", from: bob, at: .zero), to: bob) == ["OK MODE machine"])
    #expect(lines(host.receive("NAME cat", from: cat, at: .zero), to: cat).first == rulesLine)
    #expect(lines(host.receive("NAME ann", from: cat, at: .zero), to: cat).first?.hasPrefix("ERR") == true)
    #expect(
      lines(host.receive("RESUME nope", from: ann2, at: .zero), to: ann2) == [
        "ERR BAD_TOKEN " + ErrorCode.badToken.text
      ])
    _ = host.disconnect(ann, at: Instant(milliseconds: 10))
    let resumed = lines(host.receive("RESUME token", from: ann2, at: Instant(milliseconds: 20)), to: ann2)
    #expect(resumed.first == rulesLine)
    #expect(resumed.last == "OK RESUME 1 ann")
  }

  @Test("a pick that arrives after its window ran out, before the timer fired, is too late")
  func latePickIsTooLate() {
    var table = Self.seated()
    table.send("CLAIM", from: Self.ann, at: 1000)
    _ = table.drain(Self.ann)
    table.send("PICK A F L", from: Self.ann, at: 6001)
    let lines = table.drain(Self.ann)
    #expect(lines.contains { $0.hasPrefix("EXPIRED ") && $0.hasSuffix(" 1 claim") })
    #expect(lines.contains { $0.hasPrefix("TURN ") })
    #expect(lines.last == "ERR NOT_YOUR_TURN bob holds the turn")
    #expect(!lines.contains { $0.hasPrefix("SET ") })
    #expect(table.host.match.scores == [-1, 0])
  }

  @Test("a spectator or a stranger cannot act for a seat")
  func onlySeatsPlay() {
    var table = Self.seated()
    let cat = ConnectionID(3)
    table.connect(cat)
    table.send("MODE MACHINE", from: cat, at: 0)
    table.send("PICK A F L", from: cat, at: 10)
    #expect(table.drain(cat).last == "ERR NOT_NAMED say NAME <name> first")
    table.send("NAME cat", from: cat, at: 20)
    table.send("PICK A F L", from: cat, at: 30)
    #expect(table.drain(cat).last == "ERR NOT_SEATED only the two seated players can do that")
    #expect(table.host.match.scores == [0, 0])
    #expect(table.host.match.phase == .open)
  }

  @Test("the record of a played game replays exactly, and a changed record does not")
  func recordReplays() throws {
    var table = Self.seated()
    table.send("PICK A F L", from: Self.ann, at: 100)
    table.send("DEAL", from: Self.bob, at: 200)
    table.advance(to: Instant(milliseconds: 8000))
    table.send("CLAIM", from: Self.bob, at: 9000)
    table.disconnect(Self.ann, at: Instant(milliseconds: 9500))
    let text = (GameRecord.header(seed: 7, rules: Rules()) + table.records).joined(separator: "\n")
    let replay = try Replay(text: text)
    #expect(try replay.verify() > 10)

    let tampered = text.replacingAll(" 1 +1 1 set", with: " 1 +2 2 set")
    #expect(tampered != text)
    #expect(throws: Replay.Failure.self) { try Replay(text: tampered).verify() }

    let seedChanged = text.replacingAll("seed 7", with: "seed 8")
    #expect(throws: Replay.Failure.self) { try Replay(text: seedChanged).verify() }

    var lines = text.split(separator: "\n").map(String.init)
    let dropped = lines.firstIndex { $0.hasPrefix("ev ") && $0.contains(" DIFF ") }!
    lines.remove(at: dropped)
    #expect(throws: Replay.Failure.self) { try Replay(text: lines.joined(separator: "\n")).verify() }

    #expect(throws: Replay.Failure.self) { try Replay(text: "hello\nworld") }
  }

  @Test("a record cut short by a crash still replays everything it holds")
  func truncatedRecordReplays() throws {
    var table = Self.seated()
    table.send("PICK A F L", from: Self.ann, at: 100)
    let lines = GameRecord.header(seed: 7, rules: Rules()) + table.records
    // Cut after the first event of the pick: the rest was never broadcast.
    let cut = lines.firstIndex { $0.contains(" CLAIM ") }!
    let replay = try Replay(text: lines[...cut].joined(separator: "\n"))
    #expect(try replay.verify() >= 2)
    #expect(replay.narration().contains { $0.contains("ann calls Set!") })
  }
}
