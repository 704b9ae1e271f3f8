import SetCore
import SetPureTestSupport
import SetTransport
import Testing

/// The human presentation of the variants, as people on nc or telnet read it.
@Suite("Human words in a variant")
struct VariantHumanWordsTests {
  static let ann = ConnectionID(1)
  static let bob = ConnectionID(2)

  static func seated(_ variant: Variant) -> (driver: HostDriver, start: [String]) {
    var driver = HostDriver(seed: 7, rules: Rules(variant: variant))
    for (id, name) in [(ann, "ann"), (bob, "bob")] {
      driver.connect(id)
      driver.send("NAME \(name)", from: id)
    }
    let start = driver.drain(ann)
    _ = driver.drain(bob)
    return (driver, start)
  }

  @Test("chain: the rule at the start, the chain drawn apart after a set, its cards picked as X Y Z")
  func chain() {
    var (table, start) = Self.seated(.chain)
    #expect(start.contains { $0.hasPrefix("Chain: after the first set, each set must use exactly one") })
    table.send("PICK A F L", from: Self.ann)
    let after = table.drain(Self.ann)
    #expect(after.contains("The chain is now X=2GOD Y=2GTO Z=2GSS: the next set uses exactly one of them."))
    #expect(after.contains { $0.hasPrefix("Chain (use one):") && $0.contains("Z 2GSS") })
    _ = table.drain(Self.bob)
    table.send("PICK B C D", from: Self.bob)
    #expect(table.drain(Self.bob).first?.hasPrefix("ERR BAD_PICK a group here holds one chain card") == true)
    table.send("HELP", from: Self.bob)
    #expect(table.drain(Self.bob).contains { $0.hasPrefix("Chain: after the first set") })
  }

  @Test("ultra: four cards asked for, three at once refused for free, four judged")
  func ultra() {
    var (table, start) = Self.seated(.ultra)
    #expect(start.contains { $0.hasPrefix("Ultra: pick four cards") })
    table.send("PICK A F L", from: Self.ann)
    #expect(table.drain(Self.ann).first?.hasPrefix("ERR BAD_PICK a group here is 4 cards") == true)
    table.send("CLAIM", from: Self.ann)
    #expect(table.drain(Self.ann).first == "You call Set! You have 5 s to pick four cards.")
    table.send("PICK A B F H", from: Self.ann)
    #expect(table.drain(Self.ann).contains { $0.hasPrefix("You found a set: A 2GOD, B 2GSO, F 2GTO, H 2GOS") })
  }
}
