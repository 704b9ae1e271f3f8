import Testing

@testable import SetNet

@Suite("When the line server gives closed connections' memory back")
struct MemoryTrimScheduleTests {
  /// Closes `counts[i]` connections before sweep `i`, and says which sweeps trimmed.
  static func trims(closingBeforeSweeps counts: [Int]) -> [Bool] {
    var schedule = MemoryTrimSchedule()
    return counts.map { count in
      for _ in 0..<count { schedule.connectionClosed() }
      return schedule.sweep()
    }
  }

  @Test("a burst of 3,000 closes split 1,500 / 1,200 / 300 between sweeps is all given back a sweep after it ends")
  func theTailOfABurst() {
    // 1,500 ≥ 1,000: trim. 1,200 ≥ 1,000: trim. 300 < 1,000 and still closing: wait. Then no close
    // since: quiet with 300 ≥ 100: trim. Then nothing to give back.
    #expect(Self.trims(closingBeforeSweeps: [1_500, 1_200, 300, 0, 0]) == [true, true, false, true, false])
  }

  @Test("while connections keep closing, a sweep trims only once 1,000 have closed since the last trim")
  func duringABurst() {
    // 400, 800 (400 + 400), then 1,200 ≥ 1,000: trim; then 400, 800 again, and quiet at 800: trim.
    #expect(
      Self.trims(closingBeforeSweeps: [400, 400, 400, 400, 400, 0]) == [false, false, true, false, false, true])
  }

  @Test("a few closes now and then never trim; the hundredth, once closing stops, does")
  func aQuietServer() {
    // 99 closed, then quiet at 99 < 100: no trim. One more (still closing at that sweep), then quiet
    // at 100: trim.
    #expect(
      Self.trims(closingBeforeSweeps: [50, 49, 0, 0, 1, 0, 0]) == [false, false, false, false, false, true, false])
  }
}
