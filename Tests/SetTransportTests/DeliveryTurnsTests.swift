import SetBase
import SetTransport
import Testing

@Suite("Lines in turns between tables: in the order they arrived within one, by the time each has had between them")
struct DeliveryTurnsTests {
  private func at(_ microseconds: Int64) -> Instant { Instant(nanoseconds: microseconds * 1_000) }
  private let credit = DeliveryTurns<String>.sleeperCredit

  private func drain(_ turns: inout DeliveryTurns<String>) -> [String] {
    var order: [String] = []
    while let item = turns.next() { order.append(item) }
    return order
  }

  @Test("one group: the order the lines reached the machine, whatever order they were read in, ties by read")
  func oneGroupIsArrivalOrder() {
    var turns = DeliveryTurns<String>()
    turns.add("c", group: 1, time: at(30), order: 1)
    turns.add("a", group: 1, time: at(10), order: 2)
    turns.add("b2", group: 1, time: at(20), order: 4)
    turns.add("b1", group: 1, time: at(20), order: 3)
    #expect(drain(&turns) == ["a", "b1", "b2", "c"])
    #expect(turns.isEmpty)
  }

  // Worked by hand, in µs of virtual time (the credit is 1,000 µs). Tables 2 and 3 are busy: b1, b2, b3
  // (arrived at 1, 2, 3 µs) and c1, c2 (1.5, 2.5 µs) wait. Both are new, at -1,000 (the clock 0 less
  // the credit): b1 arrived first and goes, charged 30 (2 at -970); then c1 (3 at -1,000), charged 30
  // (-970). Table 1's q1 arrives at 10 µs, later than all of them: new, at -1,000, it goes next,
  // charged 5 (-995). Then 2 and 3 both at -970: b2, which arrived first (2 at -940); c2 (3 at -940);
  // b3. In the order of arrival alone, q1 would have been last.
  @Test("a quiet table's line read after busy tables' backlog goes before the rest of it")
  func aQuietTableGoesFirst() {
    var turns = DeliveryTurns<String>()
    turns.add("b1", group: 2, time: at(1_000), order: 1)
    turns.add("b2", group: 2, time: at(2_000), order: 2)
    turns.add("b3", group: 2, time: at(3_000), order: 3)
    turns.add("c1", group: 3, time: at(1_500), order: 4)
    turns.add("c2", group: 3, time: at(2_500), order: 5)
    var order: [String] = []
    for _ in 0..<2 {
      order.append(turns.next() ?? "-")
      turns.charge(30_000)
    }
    turns.add("q1", group: 1, time: at(10_000), order: 6)
    while let item = turns.next() {
      order.append(item)
      turns.charge(item == "q1" ? 5_000 : 30_000)
    }
    #expect(order == ["b1", "c1", "q1", "b2", "c2", "b3"])
  }

  // Worked by hand, in µs: x1 goes (7 new: the clock, 0, less the credit: -1,000), charged 100 (-900).
  // y1 arrives: 8 is new, at -1,000 too; it goes, charged 10 (-990). x2 and y2 arrive, x2 first: 8
  // (-990) has had less than 7 (-900), so y2 goes first.
  @Test("of two tables, the one that has had less time goes first, even with a line that arrived later")
  func lessTimeFirst() {
    var turns = DeliveryTurns<String>()
    turns.add("x1", group: 7, time: at(1), order: 1)
    #expect(turns.next() == "x1")
    turns.charge(100_000)
    turns.add("y1", group: 8, time: at(2), order: 2)
    #expect(turns.next() == "y1")
    turns.charge(10_000)
    turns.add("x2", group: 7, time: at(3), order: 3)
    turns.add("y2", group: 8, time: at(4), order: 4)
    #expect(drain(&turns) == ["y2", "x2"])
  }

  // Worked by hand, in µs: b goes ten times, charged 400 each: table 2 from -1,000 to 3,000, the clock
  // at 2,600 (its time when last chosen). q, first served at the start (table 1 at -1,000 + 5), comes
  // back after the quiet spell no further behind than the credit: at 1,600, before 2 (3,000). Charged
  // 2,000 (3,600), more than its lead: 2's next line goes before its next one.
  @Test("a table back after a quiet spell leads by the credit at most; one that asks for more gets its share")
  func creditBoundsTheLead() {
    var turns = DeliveryTurns<String>()
    turns.add("q0", group: 1, time: at(0), order: 0)
    #expect(turns.next() == "q0")
    turns.charge(5_000)
    for round in 1...10 {
      turns.add("b\(round)", group: 2, time: at(Int64(round)), order: UInt64(round))
      _ = turns.next()
      turns.charge(400_000)
    }
    turns.add("b11", group: 2, time: at(11), order: 11)
    turns.add("q1", group: 1, time: at(12), order: 12)
    #expect(turns.next() == "q1")
    turns.charge(2_000_000)
    turns.add("q2", group: 1, time: at(13), order: 13)
    #expect(drain(&turns) == ["b11", "q2"])
  }

  @Test("a table whose lines were handled alone, waiting for nothing, is charged for them all the same")
  func handledAloneIsCharged() {
    var turns = DeliveryTurns<String>()
    for _ in 1...3 { turns.handledAlone(in: 2, taking: 500_000) }
    // Table 2 has had 1.5 ms; table 1 none: its line goes first, though table 2's came first.
    turns.add("b", group: 2, time: at(1), order: 1)
    turns.add("q", group: 1, time: at(2), order: 2)
    #expect(drain(&turns) == ["q", "b"])
  }

  @Test("a connection's lines stay in one table's turn while any wait, so a move to another table reorders none")
  func aSourceKeepsItsGroupWhileItsLinesWait() {
    var turns = DeliveryTurns<String>()
    // Connection 5 at table 2 (busy, charged 2 ms) sent "JOIN 3" and another line; the JOIN is handled,
    // then a third line is read: table 3 has had nothing, but the line waits behind connection 5's
    // second, in table 2's turn.
    turns.handledAlone(in: 2, taking: 2_000_000)
    turns.add("join", group: 2, source: 5, time: at(1), order: 1)
    turns.add("second", group: 2, source: 5, time: at(2), order: 2)
    turns.add("other", group: 4, source: 6, time: at(3), order: 3)
    #expect(turns.next() == "other")
    #expect(turns.next() == "join")
    turns.add("third", group: 3, source: 5, time: at(4), order: 4)
    #expect(drain(&turns) == ["second", "third"])
    // With nothing of it waiting, the connection's next line goes in its new table's turn.
    turns.handledAlone(in: 3, taking: 3_000_000)
    turns.add("fourth", group: 3, source: 5, time: at(5), order: 5)
    turns.add("quiet", group: 7, source: 8, time: at(6), order: 6)
    #expect(drain(&turns) == ["quiet", "fourth"])
  }

  @Test("taking everything, or a table's, gives the order of arrival across the tables taken")
  func takeAllIsArrivalOrder() {
    var turns = DeliveryTurns<String>()
    turns.add("q", group: 1, time: at(9), order: 1)
    turns.add("b", group: 2, time: at(3), order: 2)
    turns.add("c", group: 3, time: at(5), order: 3)
    turns.add("b2", group: 2, time: at(7), order: 4)
    #expect(turns.takeAll(of: [2, 1]) == ["b", "b2", "q"])
    #expect(turns.count == 1)
    #expect(turns.takeAll() == ["c"])
    #expect(turns.isEmpty && turns.next() == nil)
  }

  @Test("the tables kept stay bounded as tables come and go; one forgotten comes back as a new one would")
  func forgetsQuietGroups() {
    var turns = DeliveryTurns<String>()
    let groups = 3 * DeliveryTurns<String>.remembered
    for group in 0..<groups {
      turns.add("g\(group)", group: group, time: at(Int64(group)), order: UInt64(group))
      _ = turns.next()
    }
    #expect(turns.rememberedCount <= 2 * DeliveryTurns<String>.remembered)
    // The last group takes 5 ms; group 0, long forgotten, comes back ahead of it though its line came
    // later.
    turns.add("busy", group: groups - 1, time: at(1), order: 10_000)
    _ = turns.next()
    turns.charge(5 * credit)
    turns.add("busy2", group: groups - 1, time: at(2), order: 10_001)
    turns.add("old", group: 0, time: at(3), order: 10_002)
    #expect(drain(&turns) == ["old", "busy2"])
  }
}
