import SetCore
import SetProtocol

/// The state of the connection to the server, as the client shows it.
public enum LinkStatus: Equatable, Sendable {
  /// Connecting for the first time.
  case connecting
  /// Connected.
  case connected
  /// The connection dropped; trying again (attempt `attempt` of `limit`).
  case reconnecting(attempt: Int, limit: Int)
  /// The server is gone for good, with why.
  case lost(String)
}

/// What the terminal client must do after a key.
public enum PlayCommand: Equatable, Sendable {
  /// Send a request to the server.
  case send(ClientCommand)
  /// Restore the terminal and leave.
  case quit
  /// Draw with the next theme.
  case nextTheme
  /// Leave the spectators and sit down in the seat that became free (on a new connection).
  case sitDown
  /// Move to the hall's table with this number or name.
  case join(String)
  /// Open a table of the hall and move to it.
  case open(TableRequest)
  /// Show the hall's list of tables.
  case showHall
  /// Back from the hall's list to the table the client is at.
  case leaveHall
  /// Ask the tournament's standings afresh: the player looks at them.
  case lookAtStandings
}

/// The terminal client's own state around the model: which view is open, a pending quit, hints. Pure:
/// `handle` maps a key to what the client must send, so every key is testable without a terminal.
public struct PlayState: Equatable, Sendable {
  /// What fills the screen.
  public enum View: Equatable, Sendable {
    /// The table (or the game-over screen).
    case table
    /// The keys and the rules.
    case help
    /// Every result of the game, scrolled back `scroll` lines from the latest.
    case history(scroll: Int)
    /// The last finished game's review, scrolled `scroll` lines down from its top.
    case review(scroll: Int)
    /// The hall's tournament: the standings, scrolled `scroll` lines down, and a Swiss's pairings.
    case standings(scroll: Int)
  }

  /// What fills the screen.
  public var view = View.table
  /// Esc was pressed once on the table: a second Esc quits.
  public var confirmingQuit = false
  /// Lines shown above the key bar, such as how a friend can join.
  public var info: [String] = []
  /// The connection's state.
  public var link = LinkStatus.connecting
  /// A message of the client's own (not the server's), and when it was given.
  public var notice: Notice?
  /// The chat line being typed, or nil when none is open.
  public var chat: String?
  /// A record is being watched: no key but the one that stops it does anything.
  public var replaying = false
  /// Whether the hall's list of tables fills the screen: the shell sets it from its session, which
  /// decides (`SessionMachine.choosing`).
  public var lobby = false
  /// The number of the table highlighted in the hall's list, or nil for the first one waiting.
  public var hallCursor: Int?
  /// The digits of a table's number typed in the hall's list so far.
  public var typedTable = ""
  /// The hall key was pressed once in a running game: a second press shows the list.
  public var confirmingHall = false

  /// The longest chat line the client lets one type.
  public static let chatLimit = 200

  public init(info: [String] = []) {
    self.info = info
  }

  /// The slot keys: `a` for slot A up to `u` for the 21st slot.
  public static let slotKeys = Array("abcdefghijklmnopqrstu")

  /// The chain's keys, in the chain variant: `x`, `y`, `z` for slots X, Y, Z beside the table.
  public static let chainKeys = Array("xyz")

  /// The key that shows a slot.
  public static func key(for slot: Slot) -> Character {
    if let link = slot.chainIndex { return chainKeys[link] }
    return slot.index < slotKeys.count ? slotKeys[slot.index] : "?"
  }

  /// Handles a key given the table as it stands.
  public mutating func handle(_ key: Key, model: ClientModel, now: Instant) -> [PlayCommand] {
    if key == .control("c") || key == .control("d") { return [.quit] }
    let wasConfirming = confirmingQuit
    confirmingQuit = false
    let wasConfirmingHall = confirmingHall
    confirmingHall = false
    if let line = chat { return type(key, into: line) }
    if lobby { return handleHall(key, model: model, now: now, confirming: wasConfirming) }
    switch view {
    case .help:
      view = .table
      return []
    case .history(let scroll):
      return scrollHistory(key, from: scroll, model: model)
    case .review(let scroll):
      scrollReview(key, from: scroll, model: model)
      return []
    case .standings(let scroll):
      return handleStandings(key, from: scroll, model: model)
    case .table:
      break
    }
    if key == .character(Self.standingsKey), model.tourney.isRunningOne, model.card(at: Self.standingsSlot) == nil {
      view = .standings(scroll: 0)
      return [.lookAtStandings]
    }
    if model.isSpectator, key == .enter, model.hasFreeSeat {
      notice = Notice(text: "Sitting down...", at: now)
      return [.sitDown]
    }
    if model.isSpectator, key.isPlayKey {
      notice = Notice(text: "You are watching: only the two players can play", at: now)
      return []
    }
    switch key {
    case .escape:
      if wasConfirming { return [.quit] }
      confirmingQuit = true
      return []
    case .character("/"):
      chat = ""
      return []
    case .tab:
      return [.nextTheme]
    case .character(Self.hallKey):
      return askForHall(model: model, now: now, confirming: wasConfirmingHall)
    case .character(" "):
      return [.send(.claim)]
    case .character("+"), .character("="):
      guard model.deck > 0 else {
        notice = Notice(text: "the deck is empty: no more cards to deal", at: now)
        return []
      }
      return [.send(.deal)]
    case .character("?"):
      view = .help
      return []
    case .character("!"):
      view = .history(scroll: 0)
      return []
    case .character("v"), .character("V"):
      guard case .over = model.phase else { return [] }
      view = .review(scroll: 0)
      return model.review.isEmpty || model.review.first?.game != model.game ? [.send(.review(nil))] : []
    case .enter, .character("*"):
      guard case .over = model.phase else { return [] }
      if let seat = model.seat, model.rematchAsked[seat] { return [] }
      return [.send(key == .enter ? .new : .rematchSame)]
    case .character(let character):
      let slot: Slot
      if let link = Self.chainKeys.firstIndex(of: Character(character.lowercased())) {
        guard !model.chain.isEmpty else {
          notice = Notice(text: "no chain yet: the first set of a chain game is any set", at: now)
          return []
        }
        slot = Slot.chain[link]
      } else {
        guard let index = Self.slotKeys.firstIndex(of: Character(character.lowercased())) else { return [] }
        slot = Slot(index)
      }
      guard let card = model.card(at: slot) else {
        notice = Notice(text: "no card in slot \(Self.key(for: slot))", at: now)
        return []
      }
      if model.holdsWindow, model.selection.contains(slot) { return [.send(.unpick(slot))] }
      // By card code: a pick that crossed a change of the table is refused, not judged on another card.
      return [.send(.pick(.cards([card])))]
    default:
      return []
    }
  }

  /// A key typed into the open chat line: Enter sends it, Esc closes it, Backspace takes a character back.
  private mutating func type(_ key: Key, into line: String) -> [PlayCommand] {
    switch key {
    case .enter:
      chat = nil
      let text = line.trimmingSpaces()
      return text.isEmpty ? [] : [.send(.say(text))]
    case .escape:
      chat = nil
    case .backspace:
      chat = String(line.dropLast())
    case .character(let character) where line.count < Self.chatLimit && !character.isNewline:
      chat = line + String(character)
    default:
      break
    }
    return []
  }

  /// The review scrolls down from its top; `v`, Esc or Enter goes back to the table.
  private mutating func scrollReview(_ key: Key, from scroll: Int, model: ClientModel) {
    let most = max(0, model.review.count + 8)
    switch key {
    case .down: view = .review(scroll: min(most, scroll + 1))
    case .up: view = .review(scroll: max(0, scroll - 1))
    case .pageDown: view = .review(scroll: min(most, scroll + 10))
    case .pageUp: view = .review(scroll: max(0, scroll - 10))
    case .home: view = .review(scroll: 0)
    case .end: view = .review(scroll: most)
    case .escape, .enter, .character("v"), .character("V"): view = .table
    default: break
    }
  }

  private mutating func scrollHistory(_ key: Key, from scroll: Int, model: ClientModel) -> [PlayCommand] {
    let most = max(0, model.log.entries.count - 1)
    switch key {
    case .up: view = .history(scroll: min(most, scroll + 1))
    case .down: view = .history(scroll: max(0, scroll - 1))
    case .pageUp: view = .history(scroll: min(most, scroll + 10))
    case .pageDown: view = .history(scroll: max(0, scroll - 10))
    case .home: view = .history(scroll: most)
    case .end: view = .history(scroll: 0)
    case .escape, .enter, .character("!"): view = .table
    default: break
    }
    return []
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}

extension Key {
  /// Whether the key plays (calls Set, picks, deals or asks for a rematch): keys a spectator has not.
  fileprivate var isPlayKey: Bool {
    switch self {
    case .enter: true
    case .character(let character):
      character == " " || character == "+" || character == "=" || character == "*"
        || PlayState.slotKeys.contains(Character(character.lowercased()))
    default: false
    }
  }
}

/// A message of the client's own, and when it was given.
public struct Notice: Equatable, Sendable {
  public var text: String
  public var at: Instant

  public init(text: String, at: Instant) {
    self.text = text
    self.at = at
  }
}
