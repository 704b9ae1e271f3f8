import SetCore
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

@testable import SetHost

/// Picks that cannot go stale: by card code, or by slot with the sequence number of the table they were
/// made against. A pick that crossed a change of the table is refused and costs nothing.
@Suite("Stale picks")
struct StalePickTests {
  static let ann = GameHostTests.ann
  static let bob = GameHostTests.bob
  static let stale = "ERR STALE " + ErrorCode.stale.text

  /// Seated players, and a set on the table by card code.
  static func setup() -> (HostDriver, set: [String]) {
    let table = GameHostTests.seated()
    let cards = table.host.match.table.cards
    let set = Table(cards: cards).sets()[0].map { cards[$0.index].description.lowercased() }
    return (table, set)
  }

  @Test("a pick by card code, in any case, is the pick of the slots those cards are in")
  func pickByCode() {
    var (table, set) = Self.setup()
    table.send("PICK " + set.joined(separator: ","), from: Self.ann, at: 100)
    let lines = table.drain(Self.ann)
    #expect(lines.last == "OK PICK")
    #expect(lines.contains { $0.hasPrefix("SET ") })
    #expect(table.host.match.scores == [1, 0])
  }

  @Test("a pick made against a table that changed since is STALE, and changes and costs nothing")
  func staleBySequence() {
    var (table, set) = Self.setup()
    let before = table.host.seq
    table.send("PICK " + set.joined(separator: " "), from: Self.bob, at: 100)  // Bob's set refills the table.
    _ = table.drain(Self.ann)
    table.send("PICK A B C #\(before)", from: Self.ann, at: 200)
    #expect(table.drain(Self.ann) == [Self.stale])
    #expect(table.host.match.scores == [0, 1])
    #expect(table.host.match.phase == .open)
    // Against the table as it now is, the same pick is carried out.
    table.send("PICK A #\(table.host.seq)", from: Self.ann, at: 300)
    #expect(table.drain(Self.ann).last == "OK PICK")
  }

  @Test("a pick naming a card no longer on the table is STALE, and changes and costs nothing")
  func staleByCard() {
    var (table, set) = Self.setup()
    table.send("PICK " + set.joined(separator: " "), from: Self.bob, at: 100)
    _ = table.drain(Self.ann)
    table.send("PICK " + set.joined(separator: " "), from: Self.ann, at: 200)
    let lines = table.drain(Self.ann)
    #expect(
      lines.count == 1 && lines[0].hasPrefix("ERR STALE ")
        && lines[0].hasSuffix("is not on the table; nothing was done"))
    #expect(table.host.match.scores == [0, 1])
    #expect(table.host.match.phase == .open)
    #expect(table.host.match.selection.isEmpty)
  }
}
