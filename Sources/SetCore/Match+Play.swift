// Play: claims, picks and their judgement, deals and rematches.
extension Match {
  /// Throws unless a game is running and unpaused.
  func requirePlay() throws(MatchError) {
    switch phase {
    case .waiting: throw .notStarted
    case .over: throw .gameOver
    case .paused: throw .paused
    case .open, .window: break
    }
  }

  mutating func claim(_ seat: Seat, at now: Instant) throws(MatchError) -> [MatchEvent] {
    try requirePlay()
    if case .window(let window) = phase {
      throw window.holder == seat ? .alreadyHolding : .notYourTurn
    }
    return [openWindow(for: seat, .claim, at: now)]
  }

  mutating func pick(_ slots: [Slot], by seat: Seat, at now: Instant) throws(MatchError) -> [MatchEvent] {
    try requirePlay()
    var events: [MatchEvent] = []
    events.reserveCapacity(8)
    if case .window(let window) = phase, window.holder != seat { throw .notYourTurn }
    let distinct = slots.indices.allSatisfy { !slots[..<$0].contains(slots[$0]) }
    let size = rules.variant.groupSize
    guard !slots.isEmpty, distinct, selection.count + slots.count <= size else {
      throw size == 3 || slots.isEmpty || !distinct ? .badPick : .wrongGroupSize(size)
    }
    // Three cards named at once where a group is four is a set, not an UltraSet: refused, free.
    if size == 4, slots.count == 3 { throw .wrongGroupSize(size) }
    for slot in slots {
      guard card(at: slot) != nil else { throw .noSuchSlot(slot) }
      guard !selection.contains(slot) else { throw .alreadyPicked(slot) }
    }
    if !chain.isEmpty {
      let links = (selection + slots).filter { $0.chainIndex != nil }.count
      if links > 1 { throw .twoChainCards }
      if links == 0, selection.count + slots.count == size { throw .chainCardNeeded }
    }
    if phase == .open {
      guard rules.pickClaims else { throw .claimFirst }
      events.append(openWindow(for: seat, .claim, at: now))
    }
    for slot in slots {
      selection.append(slot)
      events.append(.picked(seat, slot))
    }
    if selection.count == rules.variant.groupSize, case .window(let window) = phase {
      judge(window, at: now, into: &events)
    }
    return events
  }

  mutating func unpick(_ slot: Slot, by seat: Seat) throws(MatchError) -> [MatchEvent] {
    try requirePlay()
    // In open play nobody holds a turn and nothing is picked.
    guard case .window(let window) = phase else { throw .notPicked(slot) }
    guard window.holder == seat else { throw .notYourTurn }
    guard let at = selection.firstIndex(of: slot) else { throw .notPicked(slot) }
    selection.remove(at: at)
    return [.unpicked(seat, slot)]
  }

  /// Judges the selected cards of the window's holder, appending what follows to `events`.
  mutating func judge(_ window: Window, at now: Instant, into events: inout [MatchEvent]) {
    let seat = window.holder
    let slots = selection
    let cards = slots.map { card(at: $0)! }
    selection.removeAll(keepingCapacity: true)
    let variant = rules.variant
    guard variant == .normal ? SetLogic.isSet(cards) : variant.isGroup(cards, chain: chain) else {
      events.append(.notASet(seat, slots, cards))
      switch window.kind {
      case .claim:
        events.append(changeScore(seat, by: -rules.wrongPickPenalty, for: .wrongPick))
        events.append(openWindow(for: seat.opponent, .passedTurn, at: now))
      case .passedTurn:
        events.append(changeScore(seat, by: -rules.wrongPickPenalty, for: .wrongPick))
        events.append(openPlay())
      case .needlessDeal:
        events.append(openPlay())
      }
      return
    }
    let leaving = slots.contains { $0.chainIndex != nil } ? slots.filter { $0.chainIndex == nil } : slots
    let onTable = table.cards
    taken[seat].append(contentsOf: leaving.lazy.map { onTable[$0.index] })
    groups[seat] += 1
    var timer = findClock
    timer.note(events, at: now)
    let findMs = timer.findTime(at: now)
    let points = rules.scoring.points(reward: rules.setReward, findMs: findMs)
    events.append(.setFound(seat, slots, cards, findMs: findMs))
    events.append(changeScore(seat, by: points, for: .setFound))
    let refill = deck.deal(max(0, min(leaving.count, rules.tableSize - (table.slotCount - leaving.count))))
    events.append(.tableChanged(table.take(leaving, refill: refill), deck: deck.count))
    if variant.chains {
      chain = cards
      events.append(.chainChanged(chain))
    }
    if let over = endIfDone() {
      events.append(over)
      return
    }
    if variant == .shuffle, table.slotCount > 1 {
      events.append(.tableChanged(table.shuffle(using: &generator), deck: deck.count))
    }
    events.append(openPlay())
  }

  mutating func deal(by seat: Seat, at now: Instant) throws(MatchError) -> [MatchEvent] {
    try requirePlay()
    guard phase == .open else { throw .notNow }
    guard !deck.isEmpty else { throw .deckEmpty }
    guard !hasGroup else {
      return [
        changeScore(seat, by: -rules.needlessDealPenalty, for: .needlessDeal),
        openWindow(for: seat.opponent, .needlessDeal, at: now),
      ]
    }
    // A chain with no group on a full table is let go: any set counts again, and 21 cards hold one.
    if !chain.isEmpty, table.slotCount + 3 > 21 {
      chain = []
      return [.chainChanged([])]
    }
    let change = table.append(deck.deal(3))
    return [.tableChanged(change, deck: deck.count)] + (endIfDone().map { [$0] } ?? [])
  }

  mutating func rematch(_ seat: Seat, sameDeck: Bool) throws(MatchError) -> [MatchEvent] {
    guard case .over = phase else { throw .notOver }
    // A player away cannot ask: a game started then would run with an empty seat, unpaused.
    guard present[seat] else { throw .absent }
    guard !rematchAsked[seat] else { throw .alreadyAsked }
    rematchAsked[seat] = true
    sameDeckAsked[seat] = sameDeck
    let asked: MatchEvent = sameDeck ? .sameDeckAsked(seat) : .rematchAsked(seat)
    guard rematchAsked.values.allSatisfy({ $0 }) else { return [asked] }
    return [asked, startGame(sameDeck: sameDeckAsked.values.allSatisfy { $0 })]
  }
}
