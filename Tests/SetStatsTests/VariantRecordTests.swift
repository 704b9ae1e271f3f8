import Foundation
import SetCore
import SetHost
import SetProtocol
import SetSimulation
import SetStats
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

/// Each variant rated on its own: the players' figures and ratings kept per variant.
@Suite("Variant ratings")
struct VariantRatingTests {
  static func record(_ rules: Rules, seed: UInt64) -> String {
    SimulatedRecord.lines(seed: seed, names: ["ann", "bob"], behaviour: .perfect, rules: rules)
      .joined(separator: "\n") + "\nend\n"
  }

  @Test("games of a variant move its ratings alone, and a player's page lists each variant played")
  func perVariant() throws {
    var history = History()
    try history.fold(record: Self.record(Rules(variant: .chain), seed: 1))
    #expect(history.player("ann") == nil, "no standard game was played")
    let chain = try #require(history.player("ANN", variant: .chain))
    #expect(chain.games == 1 && chain.sets > 0)
    #expect(history.leaderboard(variant: .chain).count == 2 && history.leaderboard().isEmpty)
    try history.fold(record: Self.record(Rules(), seed: 2))
    try history.fold(record: Self.record(Rules(variant: .ultra), seed: 3))
    #expect(history.player("ann")?.games == 1)
    #expect(history.player("ann", variant: .chain) == chain, "a standard game leaves the chain figures alone")
    #expect(history.variantsPlayed(by: "bob").map(\.variant) == [.normal, .chain, .ultra])
    #expect(history.games == 3)
    let page = StatsText.player(chain, variant: .chain, played: history.variantsPlayed(by: "ann"))
    #expect(page.first?.hasPrefix("ann in chain: rating") == true)
    #expect(page.contains { $0.hasPrefix("variants played: normal 1 game") && $0.contains("ultra 1 game,") })
  }

  @Test("a table's live history, begun in a variant, rates its games there without the rules line")
  func live() throws {
    let lines = SimulatedRecord.lines(
      seed: 4, names: ["ann", "bob"], behaviour: .perfect, rules: Rules(variant: .ultra9))
    var history = History()
    history.beginRecord(variant: .ultra9)
    var rated = 0
    // As a host writes them: the header goes to the file, not through the history.
    for line in lines.dropFirst(3) where history.fold(try RecordLine.parse(line).get()) != nil { rated += 1 }
    #expect(rated == 1)
    #expect(history.player("ann", variant: .ultra9)?.games == 1 && history.player("ann") == nil)
  }

  @Test("STATS and TOP take an optional variant; an unknown one is refused with the nearest name")
  func requests() {
    #expect(Request.parse("STATS ann chain")?.command == .success(.variantStats("ann", .chain)))
    #expect(Request.parse("STATS ultra9")?.command == .success(.variantStats(nil, .ultra9)))
    #expect(Request.parse("STATS ann normal")?.command == .success(.stats("ann")))
    #expect(Request.parse("STATS ann")?.command == .success(.stats("ann")))
    #expect(Request.parse("TOP 5 junior")?.command == .success(.variantTop(5, .junior)))
    #expect(Request.parse("TOP shuffle")?.command == .success(.variantTop(Request.defaultTop, .shuffle)))
    #expect(Request.parse("TOP 5")?.command == .success(.top(5)))
    guard case .failure(let error)? = Request.parse("STATS ann ultra8")?.command else {
      Issue.record("STATS ann ultra8 was accepted")
      return
    }
    #expect(error.code == .badArgument && error.text.contains("did you mean ultra?"))
    guard case .failure(let top)? = Request.parse("TOP 5 chian")?.command else {
      Issue.record("TOP 5 chian was accepted")
      return
    }
    #expect(top.text.contains("did you mean chain?"))
  }
}
