import SetCore
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

@testable import SetHost

/// The host hands the shell its lines grouped: one action per connection for the lines it gets in a
/// row, and one `.broadcast` for the machine clients of a broadcast, in the order they are written.
@Suite("Grouped deliveries")
struct GroupedDeliveryTests {
  static let (ann, bob) = (SeatedPair.ann, SeatedPair.bob)

  /// Ann and Bob seated, then a spectator for each presentation given, connected in that order from
  /// connection 3 on; every line so far read.
  static func table(spectators: [Presentation]) -> (HostDriver, [ConnectionID]) {
    var table = SeatedPair.driver()
    var ids: [ConnectionID] = []
    for (offset, presentation) in spectators.enumerated() {
      let id = ConnectionID(UInt64(3 + offset))
      table.connect(id)
      if presentation == .machine { table.send("MODE MACHINE", from: id) }
      table.send("NAME w\(id.rawValue)", from: id)
      ids.append(id)
    }
    for id in [ann, bob] + ids { _ = table.drain(id) }
    return (table, ids)
  }

  /// Each `.lines` and `.broadcast` action, in order.
  static func deliveries(_ actions: [HostAction]) -> [HostAction] {
    actions.filter { !$0.deliveries.isEmpty }
  }

  @Test("one broadcast action for both seats and a machine spectator, in order; a human spectator has its own")
  func oneBroadcast() throws {
    var (table, spectators) = Self.table(spectators: [.machine, .human])
    let (machine, human) = (spectators[0], spectators[1])
    let actions = Self.deliveries(table.host.receive("CLAIM", from: Self.ann, at: Instant(milliseconds: 10)))
    let broadcasts = actions.compactMap { if case .broadcast(let ids, let lines) = $0 { (ids, lines) } else { nil } }
    try #require(broadcasts.count == 1, "\(actions)")
    #expect(broadcasts[0].0 == [Self.ann, Self.bob, machine])
    #expect(broadcasts[0].1.count == 1 && broadcasts[0].1[0].hasPrefix("CLAIM "))
    // The human's words and its status line, then the reply to Ann.
    guard actions.count == 3, case .lines(human, let words) = actions[1] else {
      Issue.record("\(actions)")
      return
    }
    #expect(words.first?.hasPrefix("ann ") == true, "\(words)")
    #expect(words.last?.hasPrefix("[") == true, "the status line ends the words: \(words)")
    #expect(actions[2] == .lines(Self.ann, ["OK CLAIM"]))
  }

  @Test("a human spectator between machine spectators keeps its place: the connections are written in order")
  func humanBetweenMachines() {
    var (table, spectators) = Self.table(spectators: [.machine, .human, .machine])
    let actions = Self.deliveries(table.host.receive("CLAIM", from: Self.ann, at: Instant(milliseconds: 10)))
    let order = actions.flatMap { $0.deliveries.map(\.to) }
    #expect(order == [Self.ann, Self.bob] + spectators + [Self.ann], "\(actions)")
    let broadcastLines = actions.compactMap { if case .broadcast(_, let lines) = $0 { lines } else { nil } }
    #expect(broadcastLines.count == 2 && broadcastLines[0] == broadcastLines[1], "\(actions)")
    if case .lines(spectators[1], _) = actions[1] {
    } else {
      Issue.record("the human spectator's own lines come between the two broadcasts: \(actions)")
    }
  }

  @Test("the lines a request brings and its reply, to the same connection in a row, are one action")
  func replyWithItsLines() {
    var (table, spectators) = Self.table(spectators: [.human])
    table.host.logLevel = .info  // No log line for each request.
    let state = table.host.receive("STATE", from: Self.ann, at: Instant(milliseconds: 10))
    #expect(state.count == 1, "\(state)")
    if case .lines(Self.ann, let lines) = state.first {
      #expect(lines.first?.hasPrefix("TABLE ") == true && lines.last?.hasPrefix("OK STATE") == true, "\(lines)")
      #expect(lines.filter { $0.hasPrefix("PLAYER ") }.count == 2)
    } else {
      Issue.record("\(state)")
    }
    // In words: the lines and the reply are one action, and the prompt follows on its own.
    let cat = spectators[0]
    let scores = table.host.receive("SCORES", from: cat, at: Instant(milliseconds: 20))
    #expect(scores.count == 2, "\(scores)")
    if case .lines(cat, let lines) = scores.first {
      #expect(lines.count > 1 && lines.last == "OK SCORES 0 0", "\(lines)")
    } else {
      Issue.record("\(scores)")
    }
    #expect(scores.last == .prompt(cat, "> "))
  }
}
