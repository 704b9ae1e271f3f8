import SetAnalysis
import SetCore
import SetHost
import SetProtocol
import Testing

/// The analysis for every variant: the group finder checked against a naive loop on every table of
/// seeded games, and each variant's records analysed with what the players found.
@Suite("The analysis of every variant")
struct VariantAnalysisTests {
  /// Seeded games a variant.
  static let games = 1_000

  // MARK: - A naive judge, written from the rules' words alone

  /// Whether three cards are a set: in each feature all the same or all different.
  static func naiveSet(_ cards: [Card]) -> Bool {
    guard cards.count == 3 else { return false }
    let (a, b, c) = (cards[0], cards[1], cards[2])
    func fits(_ x: Int, _ y: Int, _ z: Int) -> Bool { (x == y && y == z) || (x != y && y != z && x != z) }
    return fits(a.number, b.number, c.number) && fits(a.colour, b.colour, c.colour)
      && fits(a.shading, b.shading, c.shading) && fits(a.shape, b.shape, c.shape)
  }

  /// The card that makes a set with each pair, found once by trying all 81.
  static let thirds: [[Card]] = Card.all.map { a in
    Card.all.map { b in Card.all.first { $0 != a && $0 != b && naiveSet([a, b, $0]) } ?? a }
  }

  /// The card that makes a set with `a` and `b`.
  static func naiveThird(_ a: Card, _ b: Card) -> Card { thirds[Int(a.index)][Int(b.index)] }

  /// Whether four distinct cards are an UltraSet: two of its pairs are completed by the same card.
  static func naiveUltra(_ cards: [Card]) -> Bool {
    guard cards.count == 4, Set(cards).count == 4 else { return false }
    let (a, b, c, d) = (cards[0], cards[1], cards[2], cards[3])
    return naiveThird(a, b) == naiveThird(c, d) || naiveThird(a, c) == naiveThird(b, d)
      || naiveThird(a, d) == naiveThird(b, c)
  }

  /// Every group of `variant` among `table` and `chain`, each as its sorted card indices, by trying
  /// every subset of the right size.
  static func naiveGroups(_ variant: Variant, table: [Card], chain: [Card]) -> Set<[Int]> {
    var found: Set<[Int]> = []
    let pool = table + chain
    let onTable = table.count
    let n = pool.count
    for i in 0..<n {
      for j in (i + 1)..<max(i + 1, n) {
        for k in (j + 1)..<max(j + 1, n) {
          let (a, b, c) = (pool[i], pool[j], pool[k])
          if variant.groupSize == 4 {
            guard k < onTable else { continue }
            for l in (k + 1)..<max(k + 1, onTable) where naiveUltra([a, b, c, pool[l]]) {
              found.insert([a, b, c, pool[l]].map { Int($0.index) }.sorted())
            }
            continue
          }
          let links = [i, j, k].filter { $0 >= onTable }.count
          let allowed = variant == .chain && !chain.isEmpty ? links == 1 : links == 0
          if allowed, naiveSet([a, b, c]) { found.insert([a, b, c].map { Int($0.index) }.sorted()) }
        }
      }
    }
    return found
  }

  // MARK: - Games played by the naive judge

  /// Plays a game of `variant` from `seed`: seat one picks the first group the naive judge sees (the
  /// lowest, by card indices), or deals when it sees none. `visit` sees every table and chain before a
  /// move. Returns the game's record.
  static func play(
    _ variant: Variant, seed: UInt64, recording: Bool = true, visit: ([Card], [Card]) -> Void = { _, _ in }
  ) -> String {
    var match = Match(rules: Rules(variant: variant), seed: seed)
    var lines = GameRecord.header(seed: seed, rules: match.rules)
    var seq = 0
    var ms: Int64 = 0
    func apply(_ command: MatchCommand, by seat: Seat) -> Bool {
      ms += 700
      let now = Instant(milliseconds: ms)
      guard let outcome = try? match.apply(command, by: seat, at: now) else { return false }
      guard recording else { return true }
      lines.append(RecordLine.command(command, seat: seat, at: now).line)
      for event in outcome.events {
        seq += 1
        if case .joined(let seat) = event {
          lines.append(RecordLine.event(seq: seq, .joined(seat, name: seat == .one ? "ann" : "bob")).line)
        } else if let wire = ServerEvent(event, now: now) {
          lines.append(RecordLine.event(seq: seq, wire).line)
        }
      }
      return true
    }
    _ = apply(.join, by: .one)
    _ = apply(.join, by: .two)
    var moves = 0
    while moves < 400 {
      if case .over = match.phase { break }
      moves += 1
      let table = match.table.cards
      visit(table, match.chain)
      let groups = naiveGroups(variant, table: table, chain: match.chain).sorted { $0.lexicographicallyPrecedes($1) }
      guard let group = groups.first else {
        if !apply(.deal, by: .one) { break }
        continue
      }
      let slots = group.map { index -> Slot in
        let card = Card.all[index]
        if let link = match.chain.firstIndex(of: card) { return Slot.chain[link] }
        return Slot(table.firstIndex(of: card)!)
      }
      _ = apply(.claim, by: .one)
      _ = apply(.pick(slots), by: .one)
    }
    return lines.joined(separator: "\n") + "\nend\n"
  }

  @Test(
    "GroupFinder lists exactly the groups a naive loop finds, on every table of the seeded games",
    arguments: Variant.allCases)
  func finderAgreesWithNaiveLoop(_ variant: Variant) {
    var tables = 0
    var mismatches = 0
    for seed in 0..<UInt64(Self.games) {
      _ = Self.play(variant, seed: seed, recording: false) { table, chain in
        tables += 1
        let naive = Self.naiveGroups(variant, table: table, chain: chain)
        let found = Set(GroupFinder.all(variant, in: table, chain: chain).map { $0.map { Int($0.index) }.sorted() })
        if found != naive {
          mismatches += 1
          if mismatches <= 3 { Issue.record("seed \(seed): \(found.count) groups found, \(naive.count) naively") }
        }
      }
    }
    #expect(mismatches == 0)
    #expect(tables > Self.games * 5, "only \(tables) tables seen")
  }

  @Test(
    "every variant's record is analysed: each group a player found is listed as theirs", arguments: Variant.allCases)
  func recordsOfEveryVariant(_ variant: Variant) throws {
    for seed in UInt64(1)...5 {
      let text = Self.play(variant, seed: seed)
      let analysis = try RecordAnalysis.analyse(text)
      #expect(analysis.variant == variant)
      let game = try #require(analysis.games.first)
      let result = try #require(game.result, "seed \(seed): the game did not end")
      let found = game.sets.filter { $0.foundBy == .one }
      #expect(found.count == result.sets.one, "seed \(seed)")
      #expect(game.players[0].setsFound == result.sets.one)
      #expect(found.allSatisfy { $0.cards.count == variant.groupSize })
      // Every group listed was one when it appeared: its cards are a group of the variant.
      for set in game.sets {
        let cards = set.cards
        let valid = variant.groupSize == 4 ? Self.naiveUltra(cards) : Self.naiveSet(cards)
        #expect(valid, "seed \(seed): \(cards) listed as a group")
      }
      #expect(game.players[0].findTimes.joined().count == result.sets.one)
    }
  }
}
