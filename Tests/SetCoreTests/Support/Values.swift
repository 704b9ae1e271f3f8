// The value types' memberwise initialisers are internal to SetCore; tests build expected values here.
@testable import SetCore

/// The window `holder` has, of `kind`, running out `milliseconds` after the origin.
func window(_ holder: Seat, _ kind: Window.Kind, until milliseconds: Int64) -> Window {
  Window(holder: holder, kind: kind, deadline: Instant(milliseconds: milliseconds))
}

/// A table change that refills `slots` in place with `cards`.
func refillChange(_ slots: [Slot], with cards: [Card], slotCount: Int) -> TableChange {
  TableChange(
    emptied: slots, moved: [], filled: zip(slots, cards).map { TableChange.Placement(slot: $0, card: $1) },
    slotCount: slotCount)
}

/// A table change that deals `cards` into new slots from `start` on.
func dealChange(from start: Int, _ cards: [Card]) -> TableChange {
  TableChange(
    emptied: [], moved: [],
    filled: cards.enumerated().map { TableChange.Placement(slot: Slot(start + $0.offset), card: $0.element) },
    slotCount: start + cards.count)
}

/// A game's result.
func gameResult(
  game: Int, scores: PerSeat<Int>, sets: PerSeat<Int>, winner: Seat?, ending: GameResult.Ending
) -> GameResult {
  GameResult(game: game, scores: scores, sets: sets, winner: winner, ending: ending)
}
