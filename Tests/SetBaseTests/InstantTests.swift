import SetBase
import Testing

@Suite struct InstantTests {
  @Test("whole milliseconds round down, before the origin too, and the rest is the nanoseconds past them")
  func millisecondsRoundDown() {
    #expect(Instant(nanoseconds: 1_999_999).milliseconds == 1)
    #expect(Instant(nanoseconds: 2_000_000).milliseconds == 2)
    #expect(Instant(nanoseconds: -1).milliseconds == -1)
    #expect(Instant(nanoseconds: 1_999_999).nanosecondsPastMillisecond == 999_999)
    #expect(Instant(nanoseconds: -1).nanosecondsPastMillisecond == 999_999)
  }

  @Test("a duration moves an instant to the nanosecond, and the time between two instants is that duration")
  func durationsAddAndSubtract() {
    let start = Instant(milliseconds: 5)
    let later = start + .microseconds(1_500)
    #expect(later.nanoseconds == 6_500_000)
    #expect(later.duration(since: start) == .microseconds(1_500))
    #expect(start.advanced(by: .milliseconds(-5)) == .zero)
    #expect(later.milliseconds(since: start) == 1)
    #expect(later.millisecondsRoundedUp(since: start) == 2)
    #expect(later.adding(milliseconds: 1) == start + .microseconds(2_500))
  }
}
