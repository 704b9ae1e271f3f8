import Dispatch
import SetClientCore
import SetCore
import SetNet
import SetProtocol

/// A connection to a table, kept up: the shell around `ClientModel` that the terminal client, the bot
/// and the tests use.
///
/// It connects, switches to the machine presentation, names itself (trying `name2`, `name3`, ... if
/// the name is taken), feeds every line to the model and sends what the model asks for (`STATE` on a
/// sequence gap). If the connection drops without the server saying `BYE`, it reconnects with backoff
/// and sends `RESUME` with the seat's token, for at most the policy's number of tries. Given a token
/// kept from an earlier run, it starts with `RESUME` instead of `NAME`, and names itself if the seat
/// is gone.
///
/// Everything runs on `queue`: call every method there, and the callbacks come there.
public final class ClientSession: @unchecked Sendable {
  // @unchecked Sendable: all mutable state is touched only on `queue`, asserted in every entry point.

  /// The serial queue the session runs on.
  public let queue: DispatchQueue
  /// The table as the server's lines tell it.
  public private(set) var model = ClientModel()
  /// The connection's state.
  public private(set) var link = LinkStatus.connecting
  /// The name the session sat down with (it may differ from the one asked for, if that was taken).
  public private(set) var name: String
  /// Called after every line applied and every change of `link`.
  public var onChange: (() -> Void)?
  /// Called with every line from the server, before it is applied, with the model as it was.
  public var onLine: ((ServerLine) -> Void)?
  /// Called once the server answered the `RESUME` sent with a token from an earlier run: true when
  /// the seat was taken back, false when it was gone (the session then names itself afresh).
  public var onSavedTokenAnswered: ((Bool) -> Void)?

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

  /// The secret to prove a name with on `NAME` (see `NameSecretFile`), or nil to play under it as a guest.
  public var secret: (String) -> String? = { _ in nil }
  /// Whether the name last asked for was sent without a secret: its games are a guest's.
  public private(set) var guest = true
  /// Whether the name first asked for belongs to someone else at the table (its secret was not ours).
  private var nameOwned = false
  private let host: String
  private let port: UInt16
  private let requestedName: String
  private let policy: ReconnectPolicy
  private let clock: @Sendable () -> Instant
  private var client: LineClient?
  /// A token kept from an earlier run (or from a `RESUME` that succeeded), which `NAME` did not give.
  private var savedToken: String?
  /// Whether the reply to the `RESUME` with a token from an earlier run is still awaited.
  private var awaitingSavedResume = false
  private var closing = false
  private var attempt = 0
  private var nameTries = 1
  /// Whether a connection ever reached the table (its banner came): only then is a lost one retried.
  private var reachedTable = false
  /// How long a connection attempt waits for the host to answer.
  static let connectTimeoutSeconds = 5
  /// The connection's number, so a late callback from an old connection is ignored.
  private var generation = 0

  /// A session to `host:port` that sits down as `name`, or first tries to take back the seat that
  /// `savedToken`, kept from an earlier run, holds.
  public init(
    host: String, port: UInt16, name: String, queue: DispatchQueue, policy: ReconnectPolicy = ReconnectPolicy(),
    savedToken: String? = nil, clock: @escaping @Sendable () -> Instant = ClientClock.now
  ) {
    self.savedToken = savedToken
    awaitingSavedResume = savedToken != nil
    self.host = host
    self.port = port
    self.name = name
    requestedName = name
    self.queue = queue
    self.policy = policy
    self.clock = clock
  }

  /// Connects and sits down. A first connection that fails sets `link` to `.lost` with the reason
  /// (name not found, refused, no answer): no retries, as the address is probably wrong.
  public func start() {
    dispatchPrecondition(condition: .onQueue(queue))
    if let failure = connect() {
      setLink(.lost(failure.message(host: host, port: port)))
    }
  }

  /// Sends a request.
  public func send(_ command: ClientCommand) {
    dispatchPrecondition(condition: .onQueue(queue))
    client?.send(command.line)
  }

  /// Leaves: sends `QUIT` and closes. No reconnection follows.
  public func close() {
    dispatchPrecondition(condition: .onQueue(queue))
    guard !closing else { return }
    closing = true
    client?.send(ClientCommand.quit.line)
    client?.close()
    client = nil
    setLink(.lost("you left"))
  }

  /// Takes a seat that became free, as a spectator, on the same connection and under the name it
  /// watches with (`SIT`); the reply brings the seat's resume token.
  public func sitDownAgain() {
    dispatchPrecondition(condition: .onQueue(queue))
    client?.send(ClientCommand.sit.line(id: "sit"))
  }

  /// Drops the connection as a network failure would, without `QUIT`: for tests of reconnection.
  public func dropConnection() {
    dispatchPrecondition(condition: .onQueue(queue))
    client?.close()
  }

  // MARK: - Connecting

  /// Opens a connection and asks for a seat; nil when connected, else why not.
  private func connect() -> ConnectFailure? {
    generation += 1
    let current = generation
    let client = LineClient(queue: queue)
    client.onInput = { [weak self] input in
      guard let self, self.generation == current, case .line(let text) = input else { return }
      self.received(text)
    }
    client.onDisconnect = { [weak self] _ in
      guard let self, self.generation == current else { return }
      self.disconnected()
    }
    guard let address = HostResolver.lookUp(host) else { return .nameNotFound }
    do {
      try client.connect(host: address, port: port, timeout: .seconds(Self.connectTimeoutSeconds))
    } catch {
      return ConnectFailure(error, timeoutSeconds: Self.connectTimeoutSeconds)
    }
    self.client = client
    client.send(ClientCommand.mode(.machine).line)
    if let token {
      client.send(ClientCommand.resume(token).line(id: "resume"))
    } else {
      client.send(nameLine())
    }
    return nil
  }

  private func disconnected() {
    client = nil
    model.connectionLost()
    guard !closing else { return }
    if let farewell = model.farewell {
      setLink(.lost("the server closed: \(farewell)"))
      return
    }
    guard reachedTable else {
      setLink(.lost(ConnectFailure.notATable.message(host: host, port: port)))
      return
    }
    retry()
  }

  private func retry() {
    attempt += 1
    guard let delay = policy.delay(before: attempt) else {
      setLink(.lost("the server went away"))
      return
    }
    setLink(.reconnecting(attempt: attempt, limit: policy.attempts))
    queue.asyncAfter(deadline: .now() + .milliseconds(Int(delay))) { [weak self] in
      guard let self, !self.closing, self.client == nil else { return }
      if self.connect() != nil { self.retry() }
    }
  }

  // MARK: - Lines

  private func received(_ text: String) {
    guard let line = ServerLine.decode(text) else { return }
    onLine?(line)
    let actions = model.apply(line, at: clock())
    for action in actions {
      client?.send(action.command.line)
    }
    if case .reply(let reply) = line { answered(reply) }
    if case .banner = line { reachedTable = true }
    if case .banner = line, link != .connected { setLink(.connected) } else { onChange?() }
  }

  /// The `NAME` request for the name now asked for, with its secret when there is one.
  private func nameLine() -> String {
    let secret = secret(name)
    guest = secret == nil
    return ClientCommand.name(name, secret: secret).line(id: "name")
  }

  /// Follows up the replies to the session's own requests.
  private func answered(_ reply: Reply) {
    switch (reply.id, reply.kind) {
    case ("name", .ok):
      attempt = 0
    case ("resume", .ok):
      attempt = 0
      answeredSavedResume(true)
    case ("name", .error(let error)) where (error.code == .nameTaken || error.code == .wrongSecret) && nameTries < 9:
      if error.code == .wrongSecret, nameTries == 1 { nameOwned = true }
      nameTries += 1
      name = requestedName.prefix(PlayerName.maxLength - 1) + "\(nameTries)"
      client?.send(nameLine())
    case ("resume", .error(let error)) where error.code == .badToken:
      // The seat is gone (forfeited, or the game ended and it was freed): sit down afresh.
      model = ClientModel()
      savedToken = nil
      client?.send(nameLine())
      answeredSavedResume(false)
    default:
      break
    }
  }

  private func answeredSavedResume(_ resumed: Bool) {
    guard awaitingSavedResume else { return }
    awaitingSavedResume = false
    onSavedTokenAnswered?(resumed)
  }

  private func setLink(_ status: LinkStatus) {
    link = status
    onChange?()
  }
}
