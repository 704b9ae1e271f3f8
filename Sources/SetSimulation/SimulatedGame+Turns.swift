import SetCore

// Each turn: who acts next, what they plan, and the sets they find or miss.
extension SimulatedGame {
  /// Open play: one player asks for cards, calls Set, or picks.
  mutating func openTurn() {
    let seat = randomSeat()
    wait(draw(upTo: behaviour.maxThink))
    let set = findSet()
    let hasSet = set != nil
    if !hasSet && !roll(behaviour.blindClaim) {
      // With no set on the table the deck still has cards, or the game would be over.
      send(.deal, by: seat)
    } else if hasSet && !match.deck.isEmpty && roll(behaviour.needlessDeal) {
      send(.deal, by: seat)
    } else if !match.rules.pickClaims || roll(behaviour.explicitClaim) {
      send(.claim, by: seat)
    } else {
      pickTurn(by: seat, in: nil, seeing: set)
    }
  }

  /// A window: its holder picks, lets it run out, or calls Set again once it has run out.
  mutating func windowTurn(_ window: Window) {
    let remaining = window.deadline.milliseconds(since: now)
    if roll(behaviour.late) {
      // Too late: the match lets the window run out first. A claim that ran out passed the turn to the
      // opponent; any other window left open play, where the call is a claim like any other.
      plan = nil
      wait(remaining + draw(upTo: behaviour.maxThink))
      send(.claim, by: window.holder, expecting: window.kind == .claim ? .notYourTurn : nil)
      return
    }
    if remaining <= 1 || roll(behaviour.timeout) {
      plan = nil
      runOut()
      return
    }
    wait(draw(upTo: min(behaviour.maxThink, remaining - 1)))
    pickTurn(by: window.holder, in: window, seeing: nil)
  }

  /// One command toward the plan: take back a stray selection, pick a stray card, or pick planned cards.
  /// `set` is a set the player has just seen on the table, if already looked for.
  mutating func pickTurn(by seat: Seat, in window: Window?, seeing set: [Slot]?) {
    var plan: Plan
    if let current = self.plan, let window, current.window == window {
      plan = current
    } else if let fresh = makePlan(seeing: set ?? findSet()) {
      plan = fresh
    } else {
      // No three cards to pick: let the window run out.
      self.plan = nil
      if window != nil { runOut() }
      return
    }
    let selection = match.selection
    if let stray = selection.first(where: { !plan.target.contains($0) }) {
      send(.unpick(stray), by: seat)
    } else {
      let missing = plan.target.excluding(selection)
      if plan.mayStray, selection.count < 2, roll(behaviour.unpick),
        case let strays = match.table.slots.excluding(plan.target + selection), !strays.isEmpty
      {
        plan.mayStray = false
        send(.pick([strays[random.draw(below: strays.count)]]), by: seat)
      } else if missing.count > 1, missing.count == 3 && plan.target.count == 4 || roll(behaviour.onePick) {
        send(.pick([missing[0]]), by: seat)
      } else {
        send(.pick(missing), by: seat)
      }
    }
    if case .window(let now) = match.phase, now.holder == seat, !match.selection.isEmpty {
      plan.window = now
      self.plan = plan
    } else {
      self.plan = nil
    }
  }

  /// The slots to go for: `set`, a group on the table, or, as the behaviour says, cards that are not one.
  mutating func makePlan(seeing set: [Slot]?) -> Plan? {
    if let set, !roll(behaviour.wrongPick) {
      return Plan(window: nil, target: set, mayStray: true)
    }
    if match.rules.variant != .normal {
      return wrongPlan() ?? set.map { Plan(window: nil, target: $0, mayStray: true) }
    }
    let slots = match.table.slotCount
    if slots >= 3 {
      let cards = match.table.cards
      for _ in 0..<20 {
        let a = random.draw(below: slots)
        let b = random.draw(below: slots)
        let c = random.draw(below: slots)
        if a != b, b != c, a != c, !SetLogic.isSet(cards[a], cards[b], cards[c]) {
          return Plan(window: nil, target: [Slot(a), Slot(b), Slot(c)], mayStray: true)
        }
      }
    }
    return set.map { Plan(window: nil, target: $0, mayStray: true) }
  }

  /// Slots the rules accept as a pick that are not a group of the variant (in a chain, one chain card
  /// and table cards), or nil when twenty tries found none.
  mutating func wrongPlan() -> Plan? {
    let variant = match.rules.variant
    let tableSlots = match.table.slotCount
    let links = match.chain.count
    let fromTable = variant.groupSize - (links > 0 ? 1 : 0)
    guard tableSlots >= fromTable else { return nil }
    for _ in 0..<20 {
      var target: [Slot] = []
      while target.count < fromTable {
        let slot = Slot(random.draw(below: tableSlots))
        if !target.contains(slot) { target.append(slot) }
      }
      if links > 0 { target.append(Slot.chain[random.draw(below: links)]) }
      if !variant.isGroup(target.map { match.card(at: $0)! }, chain: match.chain) {
        return Plan(window: nil, target: target.sorted(), mayStray: true)
      }
    }
    return nil
  }

  /// A set (or group of the variant) on the table as ascending slots, or nil when there is none. The
  /// search starts at a random card, so the players do not always see the same set first.
  mutating func findSet() -> [Slot]? {
    if match.rules.variant != .normal {
      let groups = match.groupSlots()
      return groups.isEmpty ? nil : groups[random.draw(below: groups.count)]
    }
    let cards = match.table.cards
    let n = cards.count
    guard n >= 3 else { return nil }
    let mask = CardMask(cards)
    let start = random.draw(below: n)
    // The cards from `start` on, wrapping round: the a-th is cards[(start + a) % n], without dividing.
    func rotated(_ a: Int) -> Int { start + a < n ? start + a : start + a - n }
    for a in 0..<(n - 1) {
      let i = rotated(a)
      for b in (a + 1)..<n {
        let j = rotated(b)
        let third = SetLogic.third(cards[i], cards[j])
        guard mask.contains(third), let k = cards.firstIndex(of: third) else { continue }
        let low = min(i, j, k)
        let high = max(i, j, k)
        return [Slot(low), Slot(i + j + k - low - high), Slot(high)]
      }
    }
    return nil
  }

  /// A paused game: the other player may leave too; an absent player comes back, or stays away and forfeits.
  mutating func away(_ pause: Pause) {
    let absent = Seat.allCases.filter { !match.present[$0] }
      .sorted { pause.forfeitAt[$0]! < pause.forfeitAt[$1]! }
    guard let first = absent.first, let forfeitAt = pause.forfeitAt[first] else { return }
    if absent.count == 1, behaviour.leave > 0, roll(200) {
      wait(draw(upTo: min(behaviour.maxThink, forfeitAt.milliseconds(since: now) - 1)))
      send(.leave, by: first.opponent)
    } else if roll(behaviour.forfeit) {
      runOut()
    } else {
      wait(draw(upTo: forfeitAt.milliseconds(since: now) / 2))
      send(.join, by: first)
    }
  }
}

fileprivate extension [Slot] {
  /// These slots in order, without those in `others`: `filter`'s result, made in one allocation
  /// (`filter` grows its array one append at a time, reallocating twice for three slots).
  func excluding(_ others: [Slot]) -> [Slot] {
    var kept: [Slot] = []
    kept.reserveCapacity(count)
    for slot in self where !others.contains(slot) { kept.append(slot) }
    return kept
  }
}
