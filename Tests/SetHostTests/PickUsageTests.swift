import SetCore
import SetHost
import SetProtocol
import SetPureTestSupport
import SetTransport
import Testing

@Suite("A pick's usage at a table, from the verb table")
struct PickUsageTests {
  /// What HELP PICK and a pick of five slots are answered with at a table of `variant`, in the machine
  /// presentation.
  static func answers(_ variant: Variant) -> (help: [String], tooMany: [String]) {
    var rules = Rules()
    rules.variant = variant
    var driver = HostDriver(seed: 7, rules: rules)
    let (ann, bob) = (ConnectionID(1), ConnectionID(2))
    for id in [ann, bob] {
      driver.connect(id)
      driver.send("MODE MACHINE", from: id, at: 0)
    }
    driver.send("NAME ann", from: ann, at: 0)
    driver.send("NAME bob", from: bob, at: 0)
    let help = driver.send("HELP PICK", from: ann, at: 10).filter { $0.to == ann }.map(\.line)
    let slots = variant.groupSize == 4 ? "PICK A B C D E" : "PICK A B C D"
    let tooMany = driver.send(slots, from: ann, at: 20).filter { $0.to == ann }.map(\.line)
    return (help, tooMany)
  }

  @Test("a table of threes offers three slots, an ultra table four")
  func usageFollowsTheGroupSize() {
    let normal = Self.answers(.normal)
    #expect(normal.help.first?.hasPrefix("HELP PICK <slot> [<slot> <slot>] - ") == true, "\(normal.help)")
    #expect(normal.tooMany == ["ERR BAD_ARGUMENT usage: PICK <slot> [<slot> <slot>]"])
    let ultra = Self.answers(.ultra)
    #expect(ultra.help.first?.hasPrefix("HELP PICK <slot> [<slot> <slot> <slot>] - ") == true, "\(ultra.help)")
    // No table takes five: the request itself is refused, with the usage of every table.
    #expect(ultra.tooMany == ["ERR BAD_ARGUMENT usage: PICK <slot> [<slot> <slot> [<slot>]]"])
  }

  @Test("every verb but PICK is written the same at every table")
  func otherVerbs() {
    for verb in Verb.allCases where verb != .pick {
      #expect(verb.usage(groupSize: 4) == verb.usage && verb.usage(groupSize: 3) == verb.usage)
    }
  }
}
