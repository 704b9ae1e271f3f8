import SetCore
import SetProtocol
import SetSimulation
import Testing

@testable import SetAnalysis

@Suite("A game's analysis agrees with the set finder at every table state")
struct PropertyTests {
  /// One table as it stood after the event with this sequence number.
  private struct State {
    var game: Int
    var seq: Int
    var cards: [Card]
  }

  @Test(
    "every listed set is a set, and the sets listed on the table are the finder's, at every state",
    arguments: [
      (Behaviour.mixed, 0..<150 as Range<UInt64>), (Behaviour.perfect, 1000..<1050 as Range<UInt64>),
    ])
  func agreesWithTheFinder(behaviour: Behaviour, seeds: Range<UInt64>) throws {
    for seed in seeds {
      var states: [State] = []
      var table = Table()
      var seq = 0
      var game = 0
      let lines = SimulatedRecord.lines(seed: seed, names: ["ann", "bob"], behaviour: behaviour) { step in
        for event in step.events {
          seq += 1
          switch event {
          case .gameStarted(let number, let cards, _):
            game = number
            table = Table(cards: cards)
          case .tableChanged(let change, _):
            try? table.apply(change)
          default:
            continue
          }
          states.append(State(game: game, seq: seq, cards: table.cards))
        }
      }
      let analysis = try RecordAnalysis.analyse(lines.joined(separator: "\n") + "\n")
      #expect(!analysis.games.isEmpty && !analysis.games[0].sets.isEmpty, "seed \(seed): a game with sets")
      #expect(analysis.games.map(\.game) == Array(Set(states.map(\.game))).sorted(), "seed \(seed)")
      for analysed in analysis.games {
        for set in analysed.sets { #expect(SetLogic.isSet(set.cards), "seed \(seed): \(set.cards) is not a set") }
        for state in states where state.game == analysed.game {
          let listed = Set(
            analysed.sets.filter { $0.appearedSeq <= state.seq && ($0.goneSeq ?? .max) > state.seq }.map(\.cards))
          let found = Set(SetFinder.all(in: state.cards))
          #expect(listed == found, "seed \(seed), game \(analysed.game), after event \(state.seq)")
        }
        let finds = analysed.players.map(\.setsFound)
        #expect(finds == analysed.result.map(\.sets.values) ?? finds, "seed \(seed): sets found agree with OVER")
        #expect(analysed.sets.filter { $0.foundBy != nil }.count == finds.reduce(0, +))
      }
    }
  }
}
