import SetCore

// Commands the match must refuse, sent to check that it does.
extension SimulatedGame {
  /// Sends a command that the match must refuse in its current phase, with the error it must throw.
  mutating func probe() {
    let seat = randomSeat()
    var candidates: [(MatchCommand, Seat, MatchError)]
    switch match.phase {
    case .waiting:
      candidates = [(.claim, seat, .notStarted), (.deal, seat, .notStarted), (.rematch, seat, .notOver)]
    case .open:
      candidates = [
        (.unpick(Slot(0)), seat, .notPicked(Slot(0))), (.rematch, seat, .notOver), (.join, seat, .alreadyPresent),
        (.pick([]), seat, .badPick), (.pick([Slot(0), Slot(0)]), seat, .badPick),
      ]
      let size = match.rules.variant.groupSize
      candidates.append((.pick((0...size).map(Slot.init)), seat, size == 3 ? .badPick : .wrongGroupSize(size)))
      let count = match.table.slotCount
      if count < Slot.limit { candidates.append((.pick([Slot(count)]), seat, .noSuchSlot(Slot(count)))) }
      if match.deck.isEmpty { candidates.append((.deal, seat, .deckEmpty)) }
      if !match.rules.pickClaims, count > 0 { candidates.append((.pick([Slot(0)]), seat, .claimFirst)) }
    case .window(let window):
      let holder = window.holder
      candidates = [
        (.claim, holder.opponent, .notYourTurn), (.claim, holder, .alreadyHolding), (.deal, seat, .notNow),
        (.pick([Slot(0)]), holder.opponent, .notYourTurn), (.unpick(Slot(0)), holder.opponent, .notYourTurn),
        (.rematch, seat, .notOver), (.join, seat, .alreadyPresent),
      ]
      let selection = match.selection
      if let picked = selection.first {
        candidates.append((.pick([picked]), holder, .alreadyPicked(picked)))
        let size = match.rules.variant.groupSize
        candidates.append((.pick([Slot(0), Slot(1), Slot(2)]), holder, size == 3 ? .badPick : .wrongGroupSize(size)))
      }
      if let free = match.table.slots.first(where: { !selection.contains($0) }) {
        candidates.append((.unpick(free), holder, .notPicked(free)))
      }
    case .paused:
      candidates = [(.claim, seat, .paused), (.deal, seat, .paused), (.rematch, seat, .notOver)]
      for other in Seat.allCases {
        candidates.append(match.present[other] ? (.join, other, .alreadyPresent) : (.leave, other, .absent))
      }
    case .over:
      candidates = [(.claim, seat, .gameOver), (.deal, seat, .gameOver), (.pick([Slot(0)]), seat, .gameOver)]
    }
    let (command, sender, error) = candidates[random.draw(below: candidates.count)]
    send(command, by: sender, expecting: error)
  }
}
