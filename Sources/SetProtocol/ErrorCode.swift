import SetCore

/// Every error code an `ERR` line can carry, with its default text.
public enum ErrorCode: String, CaseIterable, Equatable, Sendable {
  case unknownCommand = "UNKNOWN_COMMAND"
  case badArgument = "BAD_ARGUMENT"
  case lineTooLong = "LINE_TOO_LONG"
  case badEncoding = "BAD_ENCODING"
  case rateLimited = "RATE_LIMITED"
  case notNamed = "NOT_NAMED"
  case alreadyNamed = "ALREADY_NAMED"
  case badName = "BAD_NAME"
  case nameTaken = "NAME_TAKEN"
  case wrongSecret = "WRONG_SECRET"
  case notSeated = "NOT_SEATED"
  case notStarted = "NOT_STARTED"
  case gameOver = "GAME_OVER"
  case paused = "PAUSED"
  case notYourTurn = "NOT_YOUR_TURN"
  case alreadyHolding = "ALREADY_HOLDING"
  case claimFirst = "CLAIM_FIRST"
  case noSuchSlot = "NO_SUCH_SLOT"
  case alreadyPicked = "ALREADY_PICKED"
  case notPicked = "NOT_PICKED"
  case badPick = "BAD_PICK"
  case deckEmpty = "DECK_EMPTY"
  case notNow = "NOT_NOW"
  case notOver = "NOT_OVER"
  case alreadyAsked = "ALREADY_ASKED"
  case badToken = "BAD_TOKEN"
  case seatTaken = "SEAT_TAKEN"
  case serverFull = "SERVER_FULL"
  case idle = "IDLE"
  case flood = "FLOOD"
  case tooSlow = "TOO_SLOW"
  case stale = "STALE"
  case shuttingDown = "SHUTTING_DOWN"
  case unknownPlayer = "UNKNOWN_PLAYER"
  case resumedElsewhere = "RESUMED_ELSEWHERE"
  case noSuchTable = "NO_SUCH_TABLE"
  case hallFull = "HALL_FULL"

  /// A plain-words explanation, used when nothing more specific is known.
  public var text: String {
    switch self {
    case .unknownCommand: "no such command; HELP lists them"
    case .badArgument: "wrong arguments; HELP <command> shows the use"
    case .unknownPlayer: "no games recorded for that name"
    case .lineTooLong: "line too long; it was discarded"
    case .badEncoding: "the line is not valid UTF-8; it was discarded"
    case .rateLimited: "too many lines too fast; slow down"
    case .notNamed: "say NAME <name> first"
    case .alreadyNamed: "you already have a name"
    case .badName: "a name is 1 to \(PlayerName.maxLength) letters, digits, - or _ (no spaces or accents)"
    case .nameTaken: "someone here already has that name"
    case .wrongSecret: "that name belongs to someone else, and that is not its secret"
    case .notSeated: "only the two seated players can do that"
    case .notStarted: "the game starts when both seats are taken"
    case .gameOver: "the game is over; NEW asks for a rematch"
    case .paused: "the game is paused until the other player is back"
    case .notYourTurn: "the other player holds the turn"
    case .alreadyHolding: "you already hold the turn; PICK three cards"
    case .claimFirst: "call Set with CLAIM first"
    case .noSuchSlot: "no card in that slot"
    case .alreadyPicked: "that slot is already picked"
    case .notPicked: "that slot is not picked"
    case .badPick: "pick one to three different slots, three in all"
    case .deckEmpty: "the deck is empty"
    case .notNow: "cards can be dealt only in open play"
    case .notOver: "a rematch can be asked for when the game is over"
    case .alreadyAsked: "you already asked for a rematch"
    case .badToken: "that resume token does not match a held seat"
    case .seatTaken: "that seat is in use"
    case .serverFull: "the server is full"
    case .idle: "no NAME in time; goodbye"
    case .flood: "too many lines too fast; goodbye"
    case .tooSlow: "you stopped reading; goodbye"
    case .stale: "the table changed since that pick was made; nothing was done"
    case .shuttingDown: "the server is shutting down"
    case .resumedElsewhere: "your seat was taken back on another connection with its token; goodbye"
    case .noSuchTable: "no such table; TABLES lists them"
    case .hallFull: "the hall has as many tables open as it may"
    }
  }

  /// The code for a refusal by the rules.
  public init(_ error: MatchError) {
    self =
      switch error {
      case .notStarted: .notStarted
      case .gameOver: .gameOver
      case .paused: .paused
      case .notYourTurn: .notYourTurn
      case .alreadyHolding: .alreadyHolding
      case .claimFirst: .claimFirst
      case .noSuchSlot: .noSuchSlot
      case .alreadyPicked: .alreadyPicked
      case .notPicked: .notPicked
      case .badPick, .wrongGroupSize, .chainCardNeeded, .twoChainCards: .badPick
      case .deckEmpty: .deckEmpty
      case .notNow: .notNow
      case .alreadyPresent: .seatTaken
      case .absent: .notSeated
      case .notOver: .notOver
      case .alreadyAsked: .alreadyAsked
      }
  }
}

/// A refused request: a code and the words for it.
public struct ProtocolError: Error, Equatable, Sendable {
  public var code: ErrorCode
  public var text: String

  /// An error with the code's default text, or other words.
  public init(_ code: ErrorCode, _ text: String? = nil) {
    self.code = code
    self.text = text ?? code.text
  }

  /// A refusal by the rules, in words that say what is going on: the match is in `phase`, and
  /// `names` are the seats' names.
  public init(_ error: MatchError, phase: Phase, names: PerSeat<String>) {
    let text: String? =
      switch error {
      case .notYourTurn:
        if case .window(let window) = phase {
          "\(names[window.holder]) holds the \(window.kind == .claim ? "claim" : "turn")"
        } else {
          nil
        }
      case .noSuchSlot(let slot): "no card in slot \(slot.label)"
      case .alreadyPicked(let slot): "slot \(slot.label) is already picked"
      case .notPicked(let slot): "slot \(slot.label) is not picked"
      case .wrongGroupSize(let size): "a group here is \(size) cards: pick \(size) different slots, \(size) in all"
      case .chainCardNeeded: "a group here holds one chain card: pick one of X, Y, Z with two table cards"
      case .twoChainCards: "a group here holds only one chain card (X, Y or Z)"
      default: nil
      }
    self.init(ErrorCode(error), text)
  }
}
