import SetCore
import SetNet
import SetProtocol
import SetTestSupport
import SetTransport
import Testing

/// Two players and a spectator play whole seeded games over real loopback TCP in the machine
/// presentation. The spectator rebuilds the table from the diffs alone, and after every step its table
/// must equal the server's STATE.
@Suite("Full games over loopback")
struct FullGameTests {
  /// The spectator's view: the table built from START and DIFF lines only.
  struct View {
    var table: [Card] = []
    var deck = 0
    var lastSeq = 0
    var scores = PerSeat.repeating(0)
    var over: GameResult?

    mutating func apply(_ line: String) {
      guard case .event(let seq, let event)? = ServerLine.decode(line) else { return }
      #expect(seq == lastSeq + 1, "sequence gap before \(line)")
      lastSeq = seq
      switch event {
      case .started(_, let deck, let table):
        self.table = table
        self.deck = deck
        scores = [0, 0]
      case .diff(let deck, let change):
        self.deck = deck
        var changed = Table(cards: table)
        do throws(TableMisfit) {
          try changed.apply(change)
          table = changed.cards
        } catch {
          Issue.record("\(line) does not fit the table: \(error)")
        }
      case .score(let seat, let delta, let total, _):
        scores[seat] += delta
        #expect(scores[seat] == total, "score events do not add up at \(line)")
      case .over(let result): over = result
      default: break
      }
    }
  }

  /// A connection to `table` in the machine presentation, its banner and MODE reply read.
  static func machineLink(_ table: LoopbackTable) throws -> BlockingLineClient {
    let client = try table.connect()
    _ = client.readLine(timeout: 10)
    client.send("MODE MACHINE")
    _ = client.readLine(timeout: 10)
    return client
  }

  @Test(
    "two players and a spectator play to game over; the spectator's table equals STATE at every step",
    arguments: [7, 3, 11] as [UInt64])
  func wholeGame(seed: UInt64) throws {
    let table = try LoopbackTable(seed: seed)
    let ann = try Self.machineLink(table)
    let bob = try Self.machineLink(table)
    let spectator = try Self.machineLink(table)
    defer { [ann, bob, spectator].forEach { $0.close() } }
    ann.send("NAME ann")
    _ = ann.readLines { $0.hasPrefix("OK NAME") }
    bob.send("NAME bob")
    _ = bob.readLines { $0.hasPrefix("OK NAME") }
    var view = View()
    spectator.send("NAME watcher")
    for line in spectator.readLines(until: { $0.hasPrefix("OK NAME") }) {
      if case .table(let seq, let deck, let cards, _)? = ServerLine.decode(line) {
        (view.table, view.deck, view.lastSeq) = (cards, deck, seq)
      }
    }
    var generator = SplitMix64(seed: seed)
    var steps = 0
    var sets = 0
    while view.over == nil {
      steps += 1
      try #require(steps < 400, "the game did not end")
      let player = generator.draw(below: 2) == 0 ? ann : bob
      let roll = generator.draw(below: 10)
      if let set = SetFinder.first(in: view.table), roll < 8 {
        let slots = set.map { card in Slot(view.table.firstIndex(of: card)!).label }
        player.send("PICK " + slots.joined(separator: " "))
        sets += 1
      } else if roll == 8, view.table.count >= 3, !SetLogic.isSet(Array(view.table.prefix(3))) {
        player.send("PICK A B C")  // not a set: -1, and the turn passes to the other player
      } else {
        player.send("DEAL")
      }
      let replies = player.readLines { $0.hasPrefix("OK ") || $0.hasPrefix("ERR ") }
      #expect(
        replies.last?.hasPrefix("OK ") == true || replies.last?.hasPrefix("ERR NOT_YOUR_TURN") == true,
        "\(replies.last ?? "")")
      // After a wrong pick the other player holds the turn: they take a set if there is one, else wait it out.
      if replies.contains(where: { $0.hasPrefix("TURN ") }) {
        let other = player === ann ? bob : ann
        if let set = SetFinder.first(in: view.table) {
          other.send("PICK " + set.map { Slot(view.table.firstIndex(of: $0)!).label }.joined(separator: " "))
          _ = other.readLines { $0.hasPrefix("OK ") || $0.hasPrefix("ERR ") }
        }
      }
      spectator.send("STATE")
      var stateTable: (seq: Int, deck: Int, cards: [Card])?
      for line in spectator.readLines(until: { $0.hasPrefix("OK STATE") }) {
        if case .table(let seq, let deck, let cards, _)? = ServerLine.decode(line) {
          stateTable = (seq, deck, cards)
        } else {
          view.apply(line)
        }
      }
      let state = try #require(stateTable)
      #expect(state.seq == view.lastSeq)
      #expect(state.cards == view.table, "step \(steps): rebuilt table differs from STATE")
      #expect(state.deck == view.deck)
    }
    let result = try #require(view.over)
    #expect(result.ending == .completed)
    #expect(view.deck == 0)
    #expect(!SetFinder.any(in: view.table))
    #expect(result.sets.values.reduce(0, +) * 3 + view.table.count == 81)
    #expect(result.scores == view.scores)
    #expect(sets > 0)
  }
}
