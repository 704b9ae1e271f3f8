import SetCore
import SetProtocol

/// A client's session with a table, as rules without sockets: events go in (the connection opened,
/// failed or dropped, a line came, a timer fired, the player left) and `SessionAction`s come out for
/// the shell to carry out (connect, wait, send, close).
///
/// The session switches to the machine presentation and names itself, trying `name2`, `name3`, ...
/// when the name is taken or proven by a secret that is not ours. Given a token kept from an earlier
/// run, it starts with `RESUME` instead, and names itself afresh if the seat is gone. Every line goes
/// to `model`, and what the model asks for (`STATE` on a sequence gap) is sent. A connection that drops
/// without a farewell, after the table's banner came, is made again after the policy's delays, and
/// `RESUME` takes the seat back.
///
/// At a hall of tables (SessionMachine+Hall), a session in a lobby lists the tables with `TABLES WATCH`
/// and waits for the player's choice when there are several; it goes to a table with `JOIN` before
/// `NAME`, and to the table it was at again after a drop or a refused token.
public struct SessionMachine: Equatable, Sendable {
  /// How many names `NAME` tries: the one asked for, then `name2` up to `name9`.
  public static let nameTries = 9

  /// The table as the server's lines tell it.
  public internal(set) var model = ClientModel()
  /// Where the connection stands.
  public private(set) var status = SessionStatus.connecting
  /// The name the session sits down with (it may differ from the one asked for, if that was taken).
  public private(set) var name: String
  /// The name asked for.
  public let requestedName: String
  /// Whether the name last asked for was sent without a secret: its games are a guest's.
  public private(set) var guest = true
  /// The delays between tries to connect again.
  public let policy: ReconnectPolicy
  /// Whether the session looks at the hall's tables before it sits down, and lets the player choose
  /// one when there are several (the terminal client); without, it goes to `destination` or table 1.
  public let lobby: Bool
  /// The table (by number or name) the session goes to with `JOIN` before `NAME` on a connection of
  /// its own: the one asked for, then the one it is at. Nil for the table a connection starts at.
  public internal(set) var destination: String?
  /// Whether the session waits for the player to choose a table from the hall's list: before it sits
  /// down at a hall of several tables, or when the player asked for the list from a table.
  public internal(set) var choosing = false
  /// Whether a `JOIN` or `OPEN` of the session's is unanswered.
  var moving = false
  /// Whether the server pushes the hall's changes on this connection (`TABLES WATCH`, until a move).
  var watchingHall = false

  /// Whether the name first asked for belongs to someone else at the table (its secret was not ours).
  private var nameOwned = false
  /// Which try of `NAME` the last one sent was, from 1.
  private var nameTry = 1
  /// A token kept from an earlier run (or from a `RESUME` that succeeded), which `NAME` did not give.
  private var savedToken: String?
  /// Whether the reply to the `RESUME` with a token from an earlier run is still awaited.
  private var awaitingSavedResume: Bool
  /// Whether the player left: nothing is retried after.
  private var closing = false
  /// The number of the last try to connect again since the table last answered `NAME` or `RESUME`.
  private var attempt = 0
  /// How many tries this reconnection makes, fixed when the connection dropped: as many as the table
  /// holds the seat for, for a session that holds one; the policy's count for one that only watches.
  private var limit = 0
  /// Whether a connection ever reached the table (its banner came): only then is a lost one retried.
  private var reachedTable = false
  /// Whether the table's banner came on the connection now open.
  private var bannerCame = false
  var connection = Connection.none

  /// The connection the session holds or is making.
  enum Connection: Equatable, Sendable {
    /// None: before the start, after a drop with no retry, or after leaving.
    case none
    /// Being opened; `retry` when it replaces one that dropped.
    case opening(retry: Bool)
    /// Open.
    case open
    /// Dropped; waiting for the timer to try again.
    case waiting
  }

  /// A session that sits down as `name`, or first tries to take back the seat that `savedToken`, kept
  /// from an earlier run, holds. With `table`, it sits down at that table of the hall; with `lobby`,
  /// it lists the hall's tables first (see `lobby`).
  public init(
    name: String, policy: ReconnectPolicy = ReconnectPolicy(), savedToken: String? = nil, table: String? = nil,
    lobby: Bool = false
  ) {
    self.name = name
    requestedName = name
    self.policy = policy
    destination = table
    self.lobby = lobby
    self.savedToken = savedToken
    awaitingSavedResume = savedToken != nil
  }

  /// The token that takes this session's seat back, or nil when it holds none.
  public var token: String? { model.token ?? savedToken }

  /// What to tell the player when the name asked for was taken at the table and the session sat down
  /// under another; nil when it has the name asked for.
  public var renaming: String? {
    guard model.isNamed, name != requestedName else { return nil }
    let why =
      nameOwned ? "\(requestedName) belongs to someone else here" : "Someone here is already called \(requestedName)"
    return why + ": you \(model.seat == nil ? "watch" : "play") as \(name)."
  }

  /// The name tried on `NAME` try `number` (from 2) when `name` was refused: the name cut short so that
  /// it and the number fit in a name's length.
  public static func alternative(to name: String, try number: Int) -> String {
    let suffix = String(number)
    return name.prefix(PlayerName.maxLength - suffix.count) + suffix
  }

  // MARK: - Events

  /// Starts: the first connection is opened. If it fails, the session ends (the address is probably
  /// wrong), with no retries.
  public mutating func start() -> [SessionAction] {
    connection = .opening(retry: false)
    return [.connect]
  }

  /// The connection asked for opened: switch to the machine presentation and ask for a seat.
  public mutating func connected() -> [SessionAction] {
    connection = .open
    (moving, watchingHall, bannerCame) = (false, false, false)
    var actions: [SessionAction] = [.awaitBanner(milliseconds: policy.answerWithin), .send(.mode(.machine), id: nil)]
    if let token {
      actions.append(.send(.resume(token), id: .resume))
    } else {
      actions += enterHall()
    }
    return actions
  }

  /// The connection asked for could not be opened, with why in words: the first one ends the session,
  /// one replacing a dropped connection is tried again later.
  public mutating func connectFailed(_ why: String) -> [SessionAction] {
    guard case .opening(let retry) = connection else { return [] }
    connection = .none
    guard retry else { return end(.cannotConnect(why)) }
    return retryLater()
  }

  /// The secret for `name` was looked up (`lookUpSecret`): nil plays under it as a guest.
  public mutating func secretFound(_ secret: String?, for name: String) -> [SessionAction] {
    guest = secret == nil
    return [.send(.name(name, secret: secret), id: .name)]
  }

  /// A line came from the server, at `now`.
  public mutating func received(_ line: ServerLine, at now: Instant) -> [SessionAction] {
    var actions = model.apply(line, at: now).map { SessionAction.send($0.command, id: nil) }
    switch line {
    case .reply(let reply):
      actions += answered(reply)
    case .banner:
      (reachedTable, bannerCame) = (true, true)
      if status != .connected { status = .connected }
    default:
      break
    }
    return actions
  }

  /// The shell's clock ticked at `now`: the client model's own requests that are due (the
  /// tournament's state and standings), sent with their ids.
  public mutating func tick(at now: Instant) -> [SessionAction] {
    guard connection == .open, !moving else { return [] }
    return model.tourneyRequests(at: now).compactMap { request in
      request.command.map { .send($0, id: request) }
    }
  }

  /// The player looks at the tournament's standings: they are asked afresh at the next tick.
  public mutating func lookAtStandings() {
    model.lookAtStandings()
  }

  /// The open connection dropped (or was refused by the table before its banner).
  public mutating func disconnected() -> [SessionAction] {
    connection = .none
    model.connectionLost()
    guard !closing else { return [] }
    if let farewell = model.farewell { return end(.closed(farewell: farewell)) }
    guard reachedTable else { return end(.notATable) }
    return retryLater()
  }

  /// The wait for the table's banner (`awaitBanner`) is over: a connection on which it has not come is
  /// closed and taken for dropped (tried again if a table was reached before; otherwise the session
  /// ends, as the host is not a table that answers).
  public mutating func bannerTimerFired() -> [SessionAction] {
    guard !closing, connection == .open, !bannerCame else { return [] }
    guard reachedTable else {
      connection = .none
      return [.disconnect] + end(.silent(milliseconds: policy.answerWithin))
    }
    return [.disconnect] + disconnected()
  }

  /// The wait asked for (`wait`) is over: connect again, unless that is no longer wanted.
  public mutating func timerFired() -> [SessionAction] {
    guard !closing, connection == .waiting else { return [] }
    connection = .opening(retry: true)
    return [.connect]
  }

  /// The player leaves: `QUIT` and close. Nothing follows.
  public mutating func close() -> [SessionAction] {
    guard !closing else { return [] }
    closing = true
    let wasOpen = connection == .open
    connection = .none
    status = .ended(.left)
    return wasOpen ? [.send(.quit, id: nil), .disconnect] : []
  }

  /// Takes a seat that became free, as a spectator, on the same connection and under the name it
  /// watches with (`SIT`); the reply brings the seat's resume token. Nothing while disconnected.
  public mutating func sitDownAgain() -> [SessionAction] {
    connection == .open ? [.send(.sit, id: .sit)] : []
  }

  // MARK: - Rules

  /// Follows up the replies to the session's own requests.
  private mutating func answered(_ reply: Reply) -> [SessionAction] {
    switch (SessionRequest(answeredBy: reply), reply.kind) {
    case (.name, .ok):
      attempt = 0
      model.named(name)
      return []
    case (.resume, .ok(let answer)):
      attempt = 0
      if case .resume(_, let resumed) = answer { model.named(resumed) }
      return resumedAtTable() + answeredSavedResume(true)
    case (.name, .error(let error)) where error.code == .nameTaken || error.code == .wrongSecret:
      guard nameTry < Self.nameTries else { return [] }
      if error.code == .wrongSecret, nameTry == 1 { nameOwned = true }
      nameTry += 1
      name = Self.alternative(to: requestedName, try: nameTry)
      return [askForName()]
    case (.resume, .error(let error)) where error.code == .badToken:
      // The seat is gone (forfeited, the game ended and it was freed, or the server started again):
      // sit down afresh, at the table the token was for.
      if destination == nil, let table = token.flatMap(Self.table(ofToken:)) { destination = "\(table)" }
      model = ClientModel()
      savedToken = nil
      let again: [SessionAction] = destination.map { [.send(.join($0), id: .join)] } ?? [askForName()]
      moving = destination != nil
      return again + answeredSavedResume(false)
    case (let request?, _) where [.tables, .join, .open].contains(request):
      return answeredHall(reply, request: request)
    default:
      return []
    }
  }

  /// `NAME` for the name now asked for, once its secret is looked up.
  func askForName() -> SessionAction {
    .lookUpSecret(name: name)
  }

  private mutating func answeredSavedResume(_ resumed: Bool) -> [SessionAction] {
    guard awaitingSavedResume else { return [] }
    awaitingSavedResume = false
    return [.savedTokenAnswered(resumed: resumed)]
  }

  /// Waits before the next try to connect again, or ends when there are no tries left: a session
  /// that holds a seat tries for as long as the table holds it (the resume grace of its `RULES`).
  private mutating func retryLater() -> [SessionAction] {
    attempt += 1
    if attempt == 1 {
      let holdsSeat = model.seat != nil && token != nil
      limit = holdsSeat ? policy.attempts(holding: model.rules.resumeGrace) : policy.attempts
    }
    guard let delay = policy.delay(before: attempt, of: limit) else { return end(.gaveUp) }
    connection = .waiting
    status = .reconnecting(attempt: attempt, limit: limit)
    return [.wait(milliseconds: delay)]
  }

  mutating func end(_ why: SessionEnd) -> [SessionAction] {
    status = .ended(why)
    return []
  }
}
