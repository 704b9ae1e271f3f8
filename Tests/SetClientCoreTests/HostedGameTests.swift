import SetCore
import SetProtocol
import SetSimulation
import Testing

@testable import SetClientCore

@Suite("Models and bots against the real host, without sockets")
struct HostedGameTests {
  /// What a model shows that a STATE must agree with.
  struct View: Equatable {
    var cards: [Card]
    var deck: Int
    var game: Int
    var scores: PerSeat<Int>
    var names: PerSeat<String?>
    var present: PerSeat<Bool>
    var holder: Seat?
    var kind: Window.Kind?
    var selection: [Slot]
    var over: Bool

    init(_ model: ClientModel) {
      cards = model.cards
      deck = model.deck
      game = model.game
      scores = model.scores
      names = model.names
      present = model.present
      holder = model.phase.holder
      if case .window(_, let kind, _, _) = model.phase { self.kind = kind }
      selection = model.selection
      if case .over = model.phase { over = true } else { over = false }
    }
  }

  @Test("a client learns a 2 s claim window from the host, and its countdown starts full")
  func rulesFromTheHost() {
    var driver = ModelDriver(seed: 7, rules: Rules(claimWindow: 2_000))
    driver.join(1, name: "ann")
    driver.join(2, name: "bob")
    driver.send(.claim, from: 1)
    for id in [1, 2] {
      let model = driver.model(id)
      #expect(model.rules == Rules(claimWindow: 2_000))
      #expect(model.phase == .window(holder: .one, kind: .claim, deadline: Instant(milliseconds: 2_000), length: 2_000))
    }
  }

  @Test("a model kept by events agrees with a fresh STATE after every step of a game", arguments: [7, 11, 2024])
  func modelMatchesState(seed: UInt64) {
    var driver = ModelDriver(seed: seed)
    driver.join(1, name: "ann")
    driver.join(2, name: "bob")
    var random = SplitMix64(seed: seed)
    let verbs = ["CLAIM", "PICK", "PICK", "PICK", "PICK", "UNPICK", "DEAL", "WAIT"]
    for step in 0..<600 {
      let who = 1 + random.draw(below: 2)
      let model = driver.model(who)
      var line = verbs[random.draw(below: verbs.count)]
      if line == "PICK" || line == "UNPICK" {
        // Mostly a real set, sometimes any card.
        let sets = Table(cards: model.cards).sets()
        if line == "PICK", !sets.isEmpty, random.draw(below: 3) > 0 {
          let set = sets[random.draw(below: sets.count)]
          line = "PICK " + set.filter { !model.selection.contains($0) }.prefix(1).map(\.label).joined()
          if line == "PICK " { line = "CLAIM" }
        } else {
          line += " " + Slot(random.draw(below: max(1, model.cards.count))).label
        }
      }
      if line == "WAIT" {
        driver.advance(to: driver.now.adding(milliseconds: Int64(random.draw(below: 6_000))))
      } else {
        driver.send(line: line, from: who)
      }
      if case .over = driver.model(1).phase { driver.send(.new, from: 1); driver.send(.new, from: 2) }
      // A spectator that reads only STATE sees what the player's model holds.
      var fresh = ClientModel()
      let before = driver.received[.init(1)]?.count ?? 0
      driver.send(.state, from: 1)
      for line in driver.received[.init(1)]![before...] { _ = fresh.apply(line: line, at: driver.now) }
      let kept = driver.model(1)
      #expect(View(kept) == View(fresh), "step \(step): \(line)")
      #expect(kept.awaitingState == false)
      if case .window(_, _, let deadline, _) = kept.phase, case .window(_, _, let other, _) = fresh.phase {
        #expect(deadline == other, "step \(step)")
      }
    }
    #expect(driver.model(1).game >= 1)
  }

  @Test("two bots play a whole game to the end", arguments: [BotLevel.easy, .normal, .hard])
  func botsPlayAGame(level: BotLevel) {
    var duel = BotDuel(BotBrain(level: level, seed: 1), BotBrain(level: level, seed: 2), seed: 99)
    guard let result = duel.play() else {
      Issue.record("the game did not end: \(duel.models[0].phase), \(duel.models[0].cards.count) cards")
      return
    }
    #expect(result.ending == .completed)
    #expect(duel.models[1].phase == duel.models[0].phase)
    #expect(result.sets.one + result.sets.two >= 20)
  }
}
