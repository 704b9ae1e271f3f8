/// Something that happened in a match, in the order it happened. Events say exactly what changed, so a
/// server can broadcast them as they are and a client can follow the game from them alone.
public enum MatchEvent: Equatable, Sendable {
  /// A player took a seat outside a running game (before the first game, or after one ended).
  case joined(Seat)
  /// A game began with this table, seat by seat from slot A, and this many cards left in the deck.
  case gameStarted(game: Int, table: [Card], deck: Int)
  /// A window opened: a claim, a passed turn or a needless-deal window, with its holder and deadline.
  case windowOpened(Window)
  /// A window ran out before three cards were picked. The selection is cleared.
  case windowExpired(Window)
  /// The holder selected a slot.
  case picked(Seat, Slot)
  /// The holder took back a selection.
  case unpicked(Seat, Slot)
  /// The three selected cards are a set, credited to the seat, found `findMs` milliseconds after the
  /// table last changed (see `FindClock`).
  case setFound(Seat, [Slot], [Card], findMs: Int64)
  /// The three selected cards are not a set. The selection is cleared.
  case notASet(Seat, [Slot], [Card])
  /// A score changed by `delta` to `total`, for `reason`.
  case scoreChanged(Seat, delta: Int, total: Int, reason: ScoreReason)
  /// The table changed as described, leaving `deck` cards in the deck.
  case tableChanged(TableChange, deck: Int)
  /// In the chain variant, the chain beside the table is now these cards (slots `X`, `Y`, `Z`), or
  /// none when a chain with no group on a full table was let go.
  case chainChanged([Card])
  /// Play is open: either player may call Set or ask for cards.
  case openPlay
  /// A player left. While a game runs it pauses, and the seat is forfeited at `forfeitAt` unless they return.
  case left(Seat, forfeitAt: Instant?)
  /// A player who had left is back.
  case returned(Seat)
  /// Every player is back and play goes on: in this window, with a new deadline, or in open play (nil).
  case resumed(Window?)
  /// The game is over.
  case gameOver(GameResult)
  /// A player asked for a new game.
  case rematchAsked(Seat)
  /// A player asked for a new game dealt from the same deck.
  case sameDeckAsked(Seat)
}
