import SetCore
import SetSimulation
import Testing

@testable import SetAnalysis

@Suite("Mutated records are analysed or refused naming a line; none traps")
struct FuzzTests {
  @Test("bytes flipped, lines cut, swapped, repeated and dropped, numbers made huge")
  func mutatedRecords() {
    let lines = SimulatedRecord.lines(seed: 11, names: ["ann", "bob"]).map { Array($0.utf8) }
    var random = SplitMix64(seed: 2026)
    func below(_ n: Int) -> Int { Int(random.next() % UInt64(max(1, n))) }
    let numbers = ["9223372036854775807", "-1", "0", "99999999999999999999", "1000000000001"].map { Array($0.utf8) }
    var refused = 0
    let rounds = 3000
    for _ in 0..<rounds {
      var mutated = lines
      for _ in 0...below(3) {
        let at = below(mutated.count)
        switch below(7) {
        case 0 where !mutated[at].isEmpty: mutated[at][below(mutated[at].count)] = UInt8(below(256))
        case 1: mutated[at] = Array(mutated[at].prefix(below(mutated[at].count + 1)))
        case 2: mutated.swapAt(at, below(mutated.count))
        case 3: mutated.insert(mutated[at], at: below(mutated.count + 1))
        case 4 where mutated.count > 1: mutated.remove(at: at)
        case 5: mutated = Array(mutated.prefix(at + 1))
        default:
          if let start = mutated[at].firstIndex(where: { (48...57).contains($0) }) {
            let end = mutated[at][start...].firstIndex { !(48...57).contains($0) } ?? mutated[at].endIndex
            mutated[at].replaceSubrange(start..<end, with: numbers[below(numbers.count)])
          }
        }
      }
      let text = String(decoding: Array(mutated.joined(separator: [10])) + [10], as: UTF8.self)
      do {
        let analysis = try RecordAnalysis.analyse(text)
        for game in analysis.games {
          for set in game.sets { #expect(SetLogic.isSet(set.cards)) }
        }
      } catch {
        refused += 1
        #expect(error.line >= 1 && error.line <= mutated.count + 1, "\(error)")
        #expect(!error.message.isEmpty)
      }
    }
    #expect(refused > rounds / 4, "the mutations hardly ever changed the record")
  }
}
