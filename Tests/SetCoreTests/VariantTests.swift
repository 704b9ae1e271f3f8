import SetCore
import SetSimulation
import Testing

/// The variants: their decks, groups and finders, and thousands of seeded games of each played to the
/// end with the invariants checked after every call.
@Suite("Variants")
struct VariantTests {
  static let variants = Variant.allCases.filter { $0 != .normal }

  /// A group as a sorted list of card indices, so finder and naive loop can be compared as sets.
  static func key(_ group: [Card]) -> [UInt8] { group.map(\.index).sorted() }

  @Test("the junior deck is the 27 solid cards and holds 117 sets")
  func juniorDeck() {
    let cards = Variant.junior.cards
    #expect(cards.count == 27 && Set(cards).count == 27 && cards.allSatisfy { $0.shading == 0 })
    #expect(GroupFinder.count(.junior, in: cards) == 117)
    #expect(GroupFinder.naiveAll(.junior, in: cards).count == 117)
  }

  @Test("the 81 cards hold 63,180 UltraSets, and four cards never split into two pairs two ways")
  func ultraCount() {
    #expect(GroupFinder.count(.ultra, in: Card.all) == 63_180)
    #expect(GroupFinder.all(.ultra, in: Card.all).count == 63_180)
    var ways = 0
    for group in GroupFinder.all(.ultra, in: Array(Card.all.prefix(30))) {
      let (a, b, c, d) = (group[0], group[1], group[2], group[3])
      ways =
        max(
          ways,
          [
            SetLogic.third(a, b) == SetLogic.third(c, d), SetLogic.third(a, c) == SetLogic.third(b, d),
            SetLogic.third(a, d) == SetLogic.third(b, c),
          ].filter { $0 }.count)
    }
    #expect(ways == 1)
  }

  @Test("an UltraSet: a worked example and its near misses")
  func ultraExamples() {
    // 0001 and 0002 complete to 0000; so do 1000 and 2000.
    let group = ["0001", "0002", "1000", "2000"].compactMap(Card.init(digits:))
    #expect(Variant.ultra.isGroup(group) && Variant.ultra9.isGroup(group.reversed()))
    #expect(!Variant.ultra.isGroup(Array(group.prefix(3))))
    #expect(!Variant.ultra.isGroup(["0001", "0002", "1000", "2001"].compactMap(Card.init(digits:))))
    #expect(!Variant.ultra.isGroup([group[0], group[0], group[2], group[3]]))
    #expect(!Variant.normal.isGroup(group))
  }

  @Test("a chain group holds exactly one chain card")
  func chainGroups() {
    let chain = ["0000", "1111", "2222"].compactMap(Card.init(digits:))
    let withOne = ["0000", "0001", "0002"].compactMap(Card.init(digits:))
    let plain = ["0010", "0011", "0012"].compactMap(Card.init(digits:))
    #expect(Variant.chain.isGroup(withOne, chain: chain))
    #expect(!Variant.chain.isGroup(plain, chain: chain))
    #expect(Variant.chain.isGroup(plain, chain: []))
    #expect(!Variant.chain.isGroup(chain, chain: chain))
    let table = Array(withOne.dropFirst()) + plain
    #expect(GroupFinder.all(.chain, in: table, chain: chain).map(Self.key) == [Self.key(withOne)])
  }

  @Test("each variant's rules: its table and group size, and the most groups a game can hold")
  func sizes() {
    #expect(Variant.allCases.map(\.tableSize) == [12, 9, 12, 12, 12, 9])
    #expect(Variant.allCases.map(\.groupSize) == [3, 3, 3, 3, 4, 4])
    #expect(Variant.allCases.map(\.maxGroups) == [27, 9, 27, 40, 20, 20])
    for variant in Variant.allCases {
      #expect(Rules(variant: variant).tableSize == variant.tableSize)
      #expect(Variant(name: variant.rawValue.uppercased()) == variant)
    }
    #expect(Rules(variant: .normal) == Rules())
  }

  /// Compares the finder with the naive loop on the table a step left, if the step changed it; counts
  /// the tables into `tables` and those without a group into `empty`.
  static func compareFinder(_ step: Step, seed: UInt64, tables: inout Int, empty: inout Int) {
    let changed = step.events.contains {
      switch $0 {
      case .gameStarted, .tableChanged, .chainChanged: true
      default: false
      }
    }
    guard changed else { return }
    let match = step.after
    let variant = match.rules.variant
    let found = GroupFinder.all(variant, in: match.table.cards, chain: match.chain).map(Self.key)
    let naive = GroupFinder.naiveAll(variant, in: match.table.cards, chain: match.chain).map(Self.key)
    tables += 1
    if naive.isEmpty { empty += 1 }
    if Set(found) != Set(naive) || found.count != naive.count {
      Issue.record("seed \(seed): the finder found \(found.count) groups, the naive loop \(naive.count)")
    }
    if GroupFinder.count(variant, in: match.table.cards, chain: match.chain) != naive.count
      || GroupFinder.any(variant, in: match.table.cards, chain: match.chain) != !naive.isEmpty
    {
      Issue.record("seed \(seed): count or any disagrees with the naive loop")
    }
    for slots in match.groupSlots() where !variant.isGroup(slots.map { match.card(at: $0)! }, chain: match.chain) {
      Issue.record("seed \(seed): slots \(slots) are not a group")
    }
  }

  // The other variants' finders are compared on every table of their games below.
  /// The most calls on the match any game may take.
  static let stepBound = 3_000

  struct Batch: Sendable, CustomTestStringConvertible {
    var variant: Variant
    var firstTo: Int?
    var behaviour: Behaviour
    var seeds: Range<UInt64>
    var testDescription: String {
      "\(variant)\(firstTo.map { ", first to \($0)" } ?? ""), seeds \(seeds.lowerBound)..<\(seeds.upperBound)"
    }
  }

  // The standard game has its own in PropertyTests. Four batches make up `propertyGames` games.
  static let batches: [Batch] = variants.flatMap { variant in
    let size = UInt64(max(1, propertyGames / 4))
    return (0..<UInt64(4)).map { index in
      Batch(
        variant: variant, firstTo: index == 3 ? 5 : nil, behaviour: index == 2 ? .perfect : .mixed,
        seeds: (index * size)..<((index + 1) * size))
    }
  }

  @Test(
    "SETDUEL_GAMES games of each variant: the finder agrees with the naive loop on every table, every group valid, every card dealt once, never twice on the table, the end on time",
    arguments: batches)
  func invariantsHold(batch: Batch) {
    var groups = 0
    var ended = 0
    var tables = 0
    var empty = 0
    let rules = Rules(variant: batch.variant, firstTo: batch.firstTo)
    for seed in batch.seeds {
      var checker = InvariantChecker(seed: seed)
      var dealt = CardMask()
      var dealtTwice = false
      var game = SimulatedGame(seed: seed, behaviour: batch.behaviour, rules: rules, maxSteps: Self.stepBound)
      let stats = game.play { step in
        checker.check(step)
        Self.compareFinder(step, seed: seed, tables: &tables, empty: &empty)
        for event in step.events {
          let cards: [Card]
          switch event {
          case .gameStarted(_, let table, _): cards = table
          case .tableChanged(let change, _): cards = change.filled.map(\.card)
          default: continue
          }
          for card in cards {
            if dealt.contains(card) { dealtTwice = true }
            dealt.insert(card)
          }
        }
      }
      for failure in checker.failures { Issue.record(Comment(rawValue: failure)) }
      #expect(!dealtTwice, "seed \(seed) dealt a card twice")
      #expect(stats.finished, "seed \(seed) did not end within \(Self.stepBound) calls")
      if let result = stats.result, result.ending == .completed {
        ended += 1
        if let target = batch.firstTo, let most = result.sets.values.max(), most < target {
          // Short of the target only when the deck ran out first, which the checker holds to the rule.
          #expect(game.match.deck.isEmpty, "seed \(seed) ended at \(result.sets), short of \(target)")
        } else if batch.firstTo == nil {
          #expect(dealt.count == batch.variant.deckSize, "seed \(seed) dealt \(dealt.count) cards")
        }
      }
      groups += stats.setsFound
    }
    #expect(groups > 0 && ended > 0)
    #expect(tables > batch.seeds.count * 5, "only \(tables) tables")
    // Tables with no set come up, so "none" is compared too (UltraSets almost never run out).
    if batch.variant.groupSize == 3 { #expect(empty > 0, "no table without a group came up") }
  }

  @Test("shuffle moves every card on the table to another slot after a set, in one change of moves")
  func shuffleMovesEveryCard() {
    var shuffles = 0
    _ = SimulatedGame.play(seed: 5, behaviour: .perfect, rules: Rules(variant: .shuffle)) { step in
      let changes = step.events.compactMap { event -> TableChange? in
        if case .tableChanged(let change, _) = event { change } else { nil }
      }
      guard changes.count == 2 else { return }
      let moves = changes[1]
      shuffles += 1
      #expect(moves.emptied.isEmpty && moves.filled.isEmpty)
      #expect(moves.moved.count == step.after.table.slotCount)
      #expect(moves.moved.allSatisfy { $0.from != $0.to })
    }
    #expect(shuffles > 10)
  }

  @Test("a take refilled short fills the lowest emptied slots and closes up the rest, and applies the same")
  func partialRefill() throws {
    let cards = Array(Card.all.prefix(15))
    var table = Table(cards: cards)
    let before = table
    // Four taken from fifteen, one card to bring the table back to twelve.
    let change = table.take([Slot(2), Slot(13), Slot(5), Slot(9)], refill: [Card.all[80]])
    #expect(table.slotCount == 12 && change.slotCount == 12)
    #expect(change.filled == [TableChange.Placement(slot: Slot(2), card: Card.all[80])])
    #expect(change.moved.map(\.to) == [Slot(5), Slot(9)])
    #expect(CardMask(table.cards).count == 12)
    var replayed = before
    try replayed.apply(change)
    #expect(replayed == table)
  }

  @Test("a shuffle moves every card in one change whose moves cross, and it applies")
  func shuffleChange() throws {
    var generator = SplitMix64(seed: 9)
    var table = Table(cards: Array(Card.all.prefix(12)))
    let before = table
    let change = table.shuffle(using: &generator)
    #expect(change.moved.count == 12 && change.emptied.isEmpty && change.filled.isEmpty)
    #expect(Set(table.cards) == Set(before.cards) && zip(table.cards, before.cards).allSatisfy { $0 != $1 })
    var replayed = before
    try replayed.apply(change)
    #expect(replayed == table)
  }
}
