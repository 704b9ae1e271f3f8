import SetCore
import SetProtocol
import SetTransport
import Testing

@testable import SetHost

/// The host on its own, with no sockets: time is whatever the test says.
@Suite("Game host")
struct GameHostTests {
  /// A host with two seated players in the machine presentation, and everything it has said.
  struct Table {
    var host = GameHost(rules: Rules(), seed: 7, makeToken: { "token" })
    var sent: [ConnectionID: [String]] = [:]
    var records: [String] = []
    let ann = ConnectionID(1)
    let bob = ConnectionID(2)

    init() {
      for (id, name) in [(ann, "ann"), (bob, "bob")] {
        take(host.connect(id, peer: "test", at: .zero))
        say(name == "ann" ? "MODE MACHINE" : "mode machine", from: id, at: .zero)
        say("NAME \(name)", from: id, at: .zero)
      }
    }

    mutating func say(_ line: String, from id: ConnectionID, at ms: Int64) {
      take(host.receive(line, from: id, at: Instant(milliseconds: ms)))
    }

    mutating func take(_ actions: [HostAction]) {
      for action in actions {
        switch action {
        case .send(let id, let line): sent[id, default: []].append(line)
        case .record(let line): records.append(line)
        default: break
        }
      }
    }

    /// The lines sent to `id` since the last call.
    mutating func drain(_ id: ConnectionID) -> [String] {
      defer { sent[id] = [] }
      return sent[id] ?? []
    }
  }

  @Test("a pick that arrives after its window ran out, before the timer fired, is too late")
  func latePickIsTooLate() {
    var table = Table()
    table.say("CLAIM", from: table.ann, at: 1000)
    _ = table.drain(table.ann)
    table.say("PICK A F L", from: table.ann, at: 6001)
    let lines = table.drain(table.ann)
    #expect(lines.contains { $0.hasPrefix("EXPIRED ") && $0.hasSuffix(" 1 claim") })
    #expect(lines.contains { $0.hasPrefix("TURN ") })
    #expect(lines.last == "ERR NOT_YOUR_TURN bob holds the turn")
    #expect(!lines.contains { $0.hasPrefix("SET ") })
    #expect(table.host.match.scores == [-1, 0])
  }

  @Test("a spectator or a stranger cannot act for a seat")
  func onlySeatsPlay() {
    var table = Table()
    let cat = ConnectionID(3)
    table.take(table.host.connect(cat, peer: "test", at: .zero))
    table.say("MODE MACHINE", from: cat, at: 0)
    table.say("PICK A F L", from: cat, at: 10)
    #expect(table.drain(cat).last == "ERR NOT_NAMED say NAME <name> first")
    table.say("NAME cat", from: cat, at: 20)
    table.say("PICK A F L", from: cat, at: 30)
    #expect(table.drain(cat).last == "ERR NOT_SEATED only the two seated players can do that")
    #expect(table.host.match.scores == [0, 0])
    #expect(table.host.match.phase == .open)
  }

  @Test("the record of a played game replays exactly, and a changed record does not")
  func recordReplays() throws {
    var table = Table()
    table.say("PICK A F L", from: table.ann, at: 100)
    table.say("DEAL", from: table.bob, at: 200)
    table.take(table.host.advance(to: Instant(milliseconds: 8000)))
    table.say("CLAIM", from: table.bob, at: 9000)
    table.take(table.host.disconnect(table.ann, at: Instant(milliseconds: 9500)))
    let text = (GameRecord.header(seed: 7, rules: Rules()) + table.records).joined(separator: "\n")
    let replay = try Replay(text: text)
    #expect(try replay.verify() > 10)

    let tampered = text.replacingOccurrences(" 1 +1 1 set", " 1 +2 2 set")
    #expect(tampered != text)
    #expect(throws: Replay.Failure.self) { try Replay(text: tampered).verify() }

    let seedChanged = text.replacingOccurrences("seed 7", "seed 8")
    #expect(throws: Replay.Failure.self) { try Replay(text: seedChanged).verify() }

    var lines = text.split(separator: "\n").map(String.init)
    let dropped = lines.firstIndex { $0.hasPrefix("ev ") && $0.contains(" DIFF ") }!
    lines.remove(at: dropped)
    #expect(throws: Replay.Failure.self) { try Replay(text: lines.joined(separator: "\n")).verify() }

    #expect(throws: Replay.Failure.self) { try Replay(text: "hello\nworld") }
  }

  @Test("a record cut short by a crash still replays everything it holds")
  func truncatedRecordReplays() throws {
    var table = Table()
    table.say("PICK A F L", from: table.ann, at: 100)
    let lines = GameRecord.header(seed: 7, rules: Rules()) + table.records
    // Cut after the first event of the pick: the rest was never broadcast.
    let cut = lines.firstIndex { $0.contains(" CLAIM ") }!
    let replay = try Replay(text: lines[...cut].joined(separator: "\n"))
    #expect(try replay.verify() >= 2)
    #expect(replay.narration().contains { $0.contains("ann calls Set!") })
  }
}

extension String {
  func replacingOccurrences(_ target: String, _ replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
