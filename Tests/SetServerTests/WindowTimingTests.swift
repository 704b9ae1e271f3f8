import SetCore
import SetHost
import SetProtocol
import SetTestSupport
import SetTransport
import Testing

/// A window lasts its full length from the instant its claim was judged, to the nanosecond: never a
/// fraction of a millisecond less, whatever the clock read when the claim came in.
@Suite("Window timing")
struct WindowTimingTests {
  @Test(
    "EXPIRED never comes before the whole window has passed since the claim", arguments: [1, 200_000, 800_000, 999_999])
  func expiredNotEarly(_ claimOffsetNanoseconds: Int) {
    let table = EmbeddedTable(claimWindow: 5_000)
    let ann = table.named("ann")
    let bob = table.named("bob")
    table.advance(by: .milliseconds(1000) + .nanoseconds(claimOffsetNanoseconds))
    ann.send("CLAIM")
    #expect(ann.lines().contains { $0.hasPrefix("CLAIM ") && $0.hasSuffix(" 1 5000") })
    _ = bob.lines()
    // One nanosecond short of the window: nothing yet.
    table.advance(by: .milliseconds(5000) - .nanoseconds(1))
    #expect(!bob.lines().contains { $0.hasPrefix("EXPIRED ") }, "EXPIRED before the claim's 5 s had passed")
    table.advance(by: .nanoseconds(1))
    #expect(bob.lines().contains { $0.hasPrefix("EXPIRED ") && $0.hasSuffix(" 1 claim") })
  }

  @Test("a pick a fraction of a millisecond inside the window is judged in time")
  func pickJustInside() {
    let table = EmbeddedTable(claimWindow: 5_000)
    let ann = table.named("ann")
    _ = table.named("bob")
    table.advance(by: .milliseconds(1000) + .nanoseconds(900_000))
    ann.send("CLAIM")
    _ = ann.lines()
    table.advance(by: .milliseconds(5000) - .nanoseconds(100_000))
    ann.send("PICK A")
    let lines = ann.lines()
    #expect(!lines.contains { $0.hasPrefix("EXPIRED ") })
    #expect(lines.last == "OK PICK")
  }

  @Test("a record keeps the nanosecond, and replays a pick judged a fraction of a millisecond in time")
  func recordKeepsNanoseconds() throws {
    var table = SeatedPair.driver()
    table.send("CLAIM", from: SeatedPair.ann, at: Instant(nanoseconds: 1_000_900_000))
    table.send("PICK A", from: SeatedPair.ann, at: Instant(nanoseconds: 6_000_800_001))
    #expect(table.drain(SeatedPair.ann).last == "OK PICK")
    #expect(table.records.contains("cmd 1000.900000 1 CLAIM"))
    #expect(table.records.contains("cmd 6000.800001 1 PICK A"))
    let text = (GameRecord.header(seed: 7, rules: Rules()) + table.records).joined(separator: "\n")
    #expect(try Replay(text: text).verify() >= 3)
    // Cut to whole milliseconds, the same record has the pick late: the decimals are what it was judged by.
    let cut = text.replacingAll("1000.900000", with: "1000")
    #expect(throws: Replay.Failure.self) { try Replay(text: cut).verify() }
  }
}
