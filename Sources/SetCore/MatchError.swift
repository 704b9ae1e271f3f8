/// Why a command was refused, carried by a `MatchRefusal`. A refused command changes nothing but what
/// time made due (see `Match`).
public enum MatchError: Error, Equatable, Sendable {
  /// The first game has not started: a seat is still empty.
  case notStarted
  /// The game is over; only a rematch can start another.
  case gameOver
  /// The game is paused while a player is away.
  case paused
  /// The other player holds the claim or the turn.
  case notYourTurn
  /// You already hold the claim or the turn.
  case alreadyHolding
  /// A pick needs a claim first (when picks do not claim by themselves).
  case claimFirst
  /// No card is in that slot.
  case noSuchSlot(Slot)
  /// That slot is already selected.
  case alreadyPicked(Slot)
  /// That slot is not selected.
  case notPicked(Slot)
  /// A pick named no slot, named a slot twice, or would make more than three selections.
  case badPick
  /// A pick of the wrong number of cards for the variant, whose groups hold this many.
  case wrongGroupSize(Int)
  /// In a chain, three cards picked without one of the chain's.
  case chainCardNeeded
  /// In a chain, a second chain card picked.
  case twoChainCards
  /// No card is left to deal.
  case deckEmpty
  /// Cards can be dealt only in open play.
  case notNow
  /// The seat is already taken by a present player.
  case alreadyPresent
  /// The player is not at the table.
  case absent
  /// A rematch can be asked for only once the game is over.
  case notOver
  /// This player already asked for a rematch.
  case alreadyAsked
}
