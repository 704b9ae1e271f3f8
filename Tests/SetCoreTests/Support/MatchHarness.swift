import SetCore
import Testing

/// A match with a clock that moves only when the test moves it.
struct MatchHarness {
  var match: Match
  var now = Instant.zero

  /// A match from `seed` with both players seated at time 0, so the first game is on.
  init(seed: UInt64, rules: Rules = Rules()) {
    match = Match(rules: rules, seed: seed)
    _ = try! match.apply(.join, by: .one, at: now)
    _ = try! match.apply(.join, by: .two, at: now)
  }

  /// A match from `seed` with nobody seated yet.
  init(unseated seed: UInt64, rules: Rules = Rules()) {
    match = Match(rules: rules, seed: seed)
  }

  /// Moves the clock on by `milliseconds` without calling the match.
  mutating func wait(_ milliseconds: Int64) {
    now = now.adding(milliseconds: milliseconds)
  }

  /// Moves the clock on and lets the match handle any deadline passed, returning the events.
  @discardableResult
  mutating func advance(by milliseconds: Int64) -> [MatchEvent] {
    wait(milliseconds)
    return match.advance(to: now).events
  }

  /// Moves the clock to `instant` and lets the match handle any deadline passed.
  @discardableResult
  mutating func advance(to instant: Instant) -> [MatchEvent] {
    now = instant
    return match.advance(to: now).events
  }

  /// Applies `command` now; a refusal fails the test.
  @discardableResult
  mutating func apply(
    _ command: MatchCommand, by seat: Seat, sourceLocation: SourceLocation = #_sourceLocation
  ) -> [MatchEvent] {
    do {
      return try match.apply(command, by: seat, at: now).events
    } catch {
      Issue.record("\(command) by \(seat) refused: \(error)", sourceLocation: sourceLocation)
      return []
    }
  }

  /// Applies `command` now and checks that it is refused with `expected`, after what time made due,
  /// and changes nothing but that. Returns the due events.
  @discardableResult
  mutating func refuse(
    _ command: MatchCommand, by seat: Seat, with expected: MatchError,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [MatchEvent] {
    var afterDue = match
    let due = afterDue.advance(to: now)
    do {
      _ = try match.apply(command, by: seat, at: now)
      Issue.record("\(command) by \(seat) carried out, expected \(expected)", sourceLocation: sourceLocation)
    } catch {
      #expect(error == MatchRefusal(expected, due: due), sourceLocation: sourceLocation)
    }
    #expect(match == afterDue, "a refused \(command) changed the match", sourceLocation: sourceLocation)
    return due.events
  }

  /// The slots of some set on the table.
  func aSet(sourceLocation: SourceLocation = #_sourceLocation) -> [Slot] {
    guard let set = match.table.sets().first else {
      Issue.record("no set on the table", sourceLocation: sourceLocation)
      return []
    }
    return set
  }

  /// The slots of three cards on the table that are not a set.
  func notASet() -> [Slot] {
    let cards = match.table.cards
    for i in cards.indices {
      for j in cards.indices where j > i {
        for k in cards.indices where k > j && !SetLogic.isSet(cards[i], cards[j], cards[k]) {
          return [Slot(i), Slot(j), Slot(k)]
        }
      }
    }
    preconditionFailure("every triple on the table is a set")
  }

  /// The cards in `slots`.
  func cards(at slots: [Slot]) -> [Card] {
    slots.map { match.table.card(at: $0)! }
  }

  /// The window open now, if any.
  var window: Window? {
    if case .window(let window) = match.phase { return window }
    return nil
  }

  /// Plays sets (alternating seats from `seat`) and needed deals until the deck is empty, or the
  /// game ends. Returns the seat to take the next set.
  @discardableResult
  mutating func playUntilDeckIsEmpty(startingWith seat: Seat = .one) -> Seat {
    var next = seat
    while !match.deck.isEmpty, match.phase == .open {
      if match.table.hasSet {
        apply(.pick(aSet()), by: next)
        next = next.opponent
      } else {
        apply(.deal, by: next)
      }
      wait(100)
    }
    return next
  }
}
