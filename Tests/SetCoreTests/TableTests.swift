import SetCore
import Testing

@Suite("Table: refilling, closing up, dealing and the changes reported")
struct TableTests {
  /// A table of the first `count` cards of a seeded shuffle.
  static func table(_ count: Int, seed: UInt64 = 1) -> Table {
    var generator = SplitMix64(seed: seed)
    return Table(cards: randomCards(count, using: &generator))
  }

  @Test("taking from 12 cards with a refill puts the new cards in the emptied slots, in place")
  func refillInPlace() throws {
    var table = Self.table(12)
    let before = table.cards
    let refill = Card.all.filter { !before.contains($0) }.prefix(3).map { $0 }
    let change = table.take(slots("L E A"), refill: refill)
    #expect(change.emptied == slots("A E L"))
    #expect(change.moved.isEmpty)
    #expect(change.filled.map(\.slot) == slots("A E L"))
    #expect(change.filled.map(\.card) == refill)
    #expect(change.slotCount == 12)
    var expected = before
    expected[0] = refill[0]
    expected[4] = refill[1]
    expected[11] = refill[2]
    #expect(table.cards == expected)
    var replay = Table(cards: before)
    try replay.apply(change)
    #expect(replay.cards == table.cards)
  }

  @Test(
    "closing up 15 or 18 cards moves only the cards past the new end, each into the lowest hole",
    arguments: [
      // (cards, taken, expected moves as "from>to")
      (15, "M N O", ""),
      (15, "O M N", ""),
      (15, "A B C", "M>A N>B O>C"),
      (15, "B N O", "M>B"),
      (15, "A M O", "N>A"),
      (15, "C D N", "M>C O>D"),
      (15, "A H L", "M>A N>H O>L"),
      (18, "A B R", "P>A Q>B"),
      (18, "P Q R", ""),
      (18, "E P R", "Q>E"),
      (21, "A K U", "S>A T>K"),
    ])
  func closeUp(count: Int, taken: String, expectedMoves: String) throws {
    var table = Self.table(count, seed: UInt64(count))
    let before = table.cards
    let change = table.take(slots(taken), refill: [])
    let moves = change.moved.map { "\($0.from)>\($0.to)" }.joined(separator: " ")
    #expect(moves == expectedMoves)
    #expect(change.emptied == slots(taken).sorted())
    #expect(change.filled.isEmpty)
    #expect(change.slotCount == count - 3)
    #expect(table.slotCount == count - 3)
    #expect(change.moved.allSatisfy { before[$0.from.index] == $0.card })
    var replay = Table(cards: before)
    try replay.apply(change)
    #expect(replay.cards == table.cards)
    let takenCards = slots(taken).map { before[$0.index] }
    #expect(Set(table.cards) == Set(before).subtracting(takenCards))
  }

  @Test("taking from a table without a refill when the deck is out shrinks it below 12")
  func shrinkBelowTwelve() throws {
    var table = Self.table(12)
    let change = table.take(slots("B C D"), refill: [])
    #expect(change.moved.map { "\($0.from)>\($0.to)" } == ["J>B", "K>C", "L>D"])
    #expect(table.slotCount == 9)
    table = Self.table(3)
    #expect(table.take(slots("A B C"), refill: []).slotCount == 0)
    #expect(table.cards.isEmpty)
  }

  @Test("dealing three adds three slots at the end")
  func dealThreeAddsThreeSlots() throws {
    var table = Self.table(12)
    let before = table.cards
    let extra = Card.all.filter { !before.contains($0) }.prefix(3).map { $0 }
    let change = table.append(extra)
    #expect(change.emptied.isEmpty && change.moved.isEmpty)
    #expect(change.filled.map(\.slot) == slots("M N O"))
    #expect(change.filled.map(\.card) == extra)
    #expect(change.slotCount == 15)
    #expect(table.cards == before + extra)
    var replay = Table(cards: before)
    try replay.apply(change)
    #expect(replay.cards == table.cards)
  }

  @Test("sets are reported as the slots of their cards, and the slots of a table run from A")
  func setsAsSlots() {
    let table = Table(cards: cards("2222 0001 1111 0002 1201 0000 1002 1100"))
    #expect(Set(table.sets()) == Set([slots("A C F"), slots("B D F"), slots("E G H")]))
    #expect(table.hasSet)
    for set in table.sets() {
      #expect(set == set.sorted())
      #expect(SetLogic.isSet(set.map { table.card(at: $0)! }))
    }
    #expect(table.slots == slots("A B C D E F G H"))
    #expect(table.card(at: Slot(7)) == card("1100"))
    #expect(table.card(at: Slot(8)) == nil)
    #expect(Table().sets().isEmpty && !Table().hasSet)
  }

  @Test("random takes of three, with and without a refill: the change replayed on the old table gives the new one")
  func randomTakesReplay() throws {
    var generator = SplitMix64(seed: 2_024)
    for round in 0..<3_000 {
      let count = 3 + 3 * generator.draw(below: 7)  // 3, 6, ..., 21
      var deck = randomCards(count + 3, using: &generator)
      var table = Table(cards: Array(deck.prefix(count)))
      deck.removeFirst(count)
      let before = table.cards
      var picked = Set<Int>()
      while picked.count < 3 { picked.insert(generator.draw(below: count)) }
      let taken = picked.map(Slot.init)
      let refill = generator.draw(below: 2) == 0 ? deck : []
      let change = table.take(taken, refill: refill)
      var replay = Table(cards: before)
      try replay.apply(change)
      #expect(replay.cards == table.cards, "round \(round)")
      let newCount = refill.isEmpty ? count - 3 : count
      #expect(table.slotCount == newCount)
      // Fewest moves: one per hole below the new end, each from past it.
      #expect(change.moved.count == (refill.isEmpty ? taken.filter { $0.index < newCount }.count : 0))
      #expect(change.moved.allSatisfy { $0.from.index >= newCount && $0.to.index < newCount })
      // Cards that were not taken and not moved stay in their slots.
      let moved = Set(change.moved.map(\.from))
      for index in 0..<min(count, newCount) where !picked.contains(index) && !moved.contains(Slot(index)) {
        #expect(table.cards[index] == before[index])
      }
    }
  }

  // MARK: - Applying a change

  @Test(
    "every change a table reports (refill, close-up, deal) applied to the table it was made on gives the table it left",
    arguments: [12, 15, 18, 21])
  func changesRoundTrip(count: Int) throws {
    let start = Self.table(count, seed: UInt64(count) + 40)
    let spare = Card.all.filter { !start.cards.contains($0) }
    func roundTrip(_ taken: [Slot], refill: [Card]) throws {
      var made = start
      let change =
        refill.isEmpty && taken.isEmpty ? made.append(Array(spare.prefix(3))) : made.take(taken, refill: refill)
      var applied = start
      try applied.apply(change)
      #expect(applied == made, "\(count) cards, taking \(taken), refill \(refill.count): \(change)")
    }
    for taken in [slots("A B C"), slots("A K L"), [Slot(count - 3), Slot(count - 2), Slot(count - 1)], slots("B E F")] {
      try roundTrip(taken, refill: Array(spare.prefix(3)))
      try roundTrip(taken, refill: [])
    }
    if count < Slot.limit - 3 { try roundTrip([], refill: []) }
  }

  @Test("a change that does not fit the table throws, naming what does not fit, and changes nothing")
  func misfitsChangeNothing() {
    let start = Self.table(12)
    let outside = Card.all.first { !start.cards.contains($0) }!
    let move = TableChange.Move(from: Slot(11), to: Slot(0), card: start.cards[11])
    let cases: [(TableChange, TableMisfit)] = [
      (TableChange(emptied: [Slot(12)], slotCount: 12), .emptyingEmptySlot(Slot(12))),
      (TableChange(emptied: [Slot(0), Slot(0)], slotCount: 12), .emptyingEmptySlot(Slot(0))),
      (TableChange(emptied: [Slot(1)], moved: [move], slotCount: 11), .moveOntoCard(move)),
      (
        TableChange(
          emptied: [Slot(0)], moved: [TableChange.Move(from: Slot(10), to: Slot(0), card: outside)], slotCount: 11),
        .moveFromWrongCard(TableChange.Move(from: Slot(10), to: Slot(0), card: outside))
      ),
      (
        TableChange(filled: [TableChange.Placement(slot: Slot(3), card: outside)], slotCount: 12),
        .fillOntoCard(TableChange.Placement(slot: Slot(3), card: outside))
      ),
      (TableChange(emptied: [Slot(0)], slotCount: 11), .cardDropped(Slot(11))),
      (TableChange(emptied: [Slot(4)], slotCount: 12), .gapLeft(Slot(4))),
      (TableChange(slotCount: 15), .gapLeft(Slot(12))),
      (TableChange(slotCount: 27), .badSlotCount(27)),
      (TableChange(slotCount: -1), .badSlotCount(-1)),
    ]
    for (change, misfit) in cases {
      var table = start
      #expect(throws: misfit, "\(change)") { try table.apply(change) }
      #expect(table == start, "a change that did not fit changed the table: \(change)")
    }
  }
}
