import SetBase
import Testing

@Suite struct PerSeatTests {
  @Test("each seat reads and writes its own value, and only its own")
  func subscriptKeepsSeatsApart() {
    var scores = PerSeat(repeating: 0)
    scores[.two] += 3
    scores[.one] -= 1
    #expect(scores[.one] == -1)
    #expect(scores[.two] == 3)
    #expect(scores == PerSeat(one: -1, two: 3))
    #expect(scores.values == [-1, 3])
  }

  @Test("made from the seat, and mapped, each value stays with its seat")
  func madeAndMappedBySeat() {
    let names = PerSeat { "seat \($0.rawValue)" }
    #expect(names.one == "seat 1")
    #expect(names.two == "seat 2")
    #expect(names.map(\.count) == PerSeat(one: 6, two: 6))
    #expect(PerSeat { $0.opponent } == PerSeat(one: .two, two: .one))
  }
}
