/// What a seated player can do. Each is given to `Match.apply(_:by:at:)` with the seat and the time.
public enum MatchCommand: Equatable, Sendable {
  /// Take the seat, or come back to it after leaving.
  case join
  /// Take a seat that was freed after a game, as a player new to it: the pair at the table changed, so
  /// the table is ready for a new game as a fresh one is, and the new pair's first game starts once both
  /// seats are taken. Outside a finished game it is `join`.
  case takeFreedSeat
  /// Leave the seat for now; the game pauses while a seat is empty.
  case leave
  /// Call Set: take the exclusive window to pick three cards.
  case claim
  /// Select one slot, or up to three at once; the third selection is judged at once.
  case pick([Slot])
  /// Take back one selection.
  case unpick(Slot)
  /// Ask for three more cards.
  case deal
  /// Ask for a new game once this one is over; it starts when both players asked.
  case rematch
  /// Ask for a new game dealt from the same deck as the one just over; it is so dealt when both players
  /// asked for the same deck (when one asked for a plain rematch, the next game is dealt afresh).
  case rematchSameDeck
}
