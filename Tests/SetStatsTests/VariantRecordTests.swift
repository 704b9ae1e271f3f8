import SetCore
import SetHost
import SetProtocol
import SetSimulation
import Testing

/// Records of every variant: the rules words carry the variant and the target, and replay derives
/// every recorded event again from the seed and the commands.
@Suite("Variant records")
struct VariantRecordTests {
  @Test("a record of each variant replays exactly", arguments: Variant.allCases)
  func replays(variant: Variant) throws {
    for seed in UInt64(1)...20 {
      let rules = Rules(variant: variant, firstTo: seed % 4 == 0 ? 3 : nil)
      let lines = SimulatedRecord.lines(seed: seed, names: ["ann", "bob"], rules: rules)
      let replay = try Replay(text: lines.joined(separator: "\n") + "\nend\n")
      #expect(replay.rules == rules)
      #expect(try replay.verify() > 0)
      #expect(replay.events.contains { $0.hasPrefix("OVER ") })
      if variant.chains { #expect(replay.events.contains { $0.hasPrefix("CHAIN ") }) }
    }
  }

  @Test("a record whose events were tampered with is caught, in a variant too")
  func tamperedChain() throws {
    let lines = SimulatedRecord.lines(seed: 3, names: ["ann", "bob"], rules: Rules(variant: .chain))
    guard let index = lines.firstIndex(where: { $0.hasPrefix("ev ") && $0.contains(" CHAIN ") }) else {
      Issue.record("no chain in the game")
      return
    }
    var tampered = lines
    tampered[index] = tampered[index].replacingFirstCard()
    let replay = try Replay(text: tampered.joined(separator: "\n") + "\nend\n")
    #expect(throws: Replay.Failure.self) { try replay.verify() }
  }

  @Test("the rules words: variant and firstTo written only when set, read back, and refused when wrong")
  func ruleWords() {
    #expect(RuleFields.encode(Rules()).allSatisfy { !$0.hasPrefix("variant") && !$0.hasPrefix("firstTo") })
    let rules = Rules(variant: .ultra9, firstTo: 7)
    let words = RuleFields.encode(rules)
    #expect(words.suffix(2) == ["variant=ultra9", "firstTo=7"])
    #expect(RuleFields.decode(words, ignoringUnknownKeys: false) == rules)
    let base = RuleFields.encode(Rules())
    for bad in ["variant=ultra8", "firstTo=0", "firstTo=28", "firstTo=x", "variant="] {
      #expect(RuleFields.decode(base + [bad], ignoringUnknownKeys: true) == nil, "\(bad)")
    }
    #expect(RuleFields.decode(base + ["variant=chain", "variant=chain"], ignoringUnknownKeys: false) == nil)
    #expect(RuleFields.decode(base + ["firstTo=40", "variant=chain"], ignoringUnknownKeys: false) != nil)
  }
}

extension String {
  /// The line with the first card code after `X=` replaced by another card.
  fileprivate func replacingFirstCard() -> String {
    guard let range = range(of: "X=") else { return self }
    let start = range.upperBound
    let end = index(start, offsetBy: 4)
    let card = CardCode.card(from: self[start..<end]) ?? Card(index: 0)
    let other = Card(index: (card.index + 1) % 81)
    return replacingCharacters(in: start..<end, with: other.description)
  }
}
