import SetCore
import SetPureTestSupport
import SetTransport
import Testing

@testable import SetHost

/// Who hears a broadcast is kept from one broadcast to the next (`Listeners`): each change of who is
/// named, in which presentation and in which seat shows in the very next broadcast, with no connection
/// coming or going in between to make it work them out again.
@Suite("Listeners kept between broadcasts")
struct ListenersTests {
  static let (ann, bob, cat, dan) = (SeatedPair.ann, SeatedPair.bob, ConnectionID(3), ConnectionID(4))

  /// The lines each connection was sent that hold `text`.
  static func heard(_ text: String, in deliveries: [HostDriver.Delivery]) -> [ConnectionID: [String]] {
    Dictionary(grouping: deliveries.filter { $0.line.contains(text) }, by: \.to).mapValues { $0.map(\.line) }
  }

  /// Ann and Bob seated, Cat watching by name and Dan connected unnamed, all in the machine presentation.
  static func table() -> HostDriver {
    var table = SeatedPair.driver()
    for id in [cat, dan] {
      table.connect(id)
      table.send("MODE MACHINE", from: id, at: 0)
    }
    table.send("NAME cat", from: cat, at: 0)
    return table
  }

  @Test("a connection named between two broadcasts is told the second")
  func named() {
    var table = Self.table()
    #expect(Self.heard("one", in: table.send("SAY one", from: Self.ann, at: 10))[Self.dan] == nil)
    table.send("NAME dan", from: Self.dan, at: 20)
    #expect(Self.heard("two", in: table.send("SAY two", from: Self.ann, at: 30))[Self.dan]?.count == 1)
  }

  @Test("a connection that switched to words between two broadcasts is told the second in words")
  func switched() {
    var table = Self.table()
    let first = Self.heard("one", in: table.send("SAY one", from: Self.ann, at: 10))
    #expect(first[Self.cat]?.count == 1 && first[Self.cat]?.first?.hasPrefix("SAY ") == true, "\(first)")
    table.send("MODE HUMAN", from: Self.cat, at: 20)
    let second = Self.heard("two", in: table.send("SAY two", from: Self.ann, at: 30))
    #expect(second[Self.cat]?.count == 1 && second[Self.cat]?.first?.hasPrefix("SAY ") == false, "\(second)")
  }

  @Test("a spectator in words who sits down between two broadcasts is told the second as the seat's player")
  func seated() {
    var table = Self.table()
    table.send("MODE HUMAN", from: Self.cat, at: 0)
    table.disconnect(Self.bob, at: Instant(milliseconds: 10))
    table.advance(to: Instant(milliseconds: 10 + Rules().resumeGrace + 1))  // Bob's seat is forfeited, then freed.
    table.send("SAY one", from: Self.ann, at: 70_000)
    table.send("SIT", from: Self.cat, at: 70_010)
    let claim = table.send("CLAIM", from: Self.cat, at: 70_020)
    let toCat = claim.filter { $0.to == Self.cat }.map(\.line).joined(separator: "\n")
    #expect(toCat.contains("You call Set!"), "\(toCat)")
  }
}
