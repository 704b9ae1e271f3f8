import Dispatch
import SetClientCore
import SetCore
import SetNet
import SetProtocol

/// A connection to a table, kept up: the shell around `SessionMachine` that the terminal client, the
/// bot and the tests use. The machine holds the session's rules (naming, resuming, reconnecting with
/// backoff); this class opens the connections, feeds the machine what happens on them, and carries out
/// the actions it returns.
///
/// Everything runs on `queue`: call every method there, and the callbacks come there.
public final class ClientSession: @unchecked Sendable {
  // @unchecked Sendable: all mutable state is touched only on `queue`, asserted in every entry point.

  /// The serial queue the session runs on.
  public let queue: DispatchQueue
  /// The session's rules and state.
  public private(set) var machine: SessionMachine
  /// The table as the server's lines tell it.
  public var model: ClientModel { machine.model }
  /// The connection's state.
  public var link: LinkStatus {
    switch machine.status {
    case .connecting: .connecting
    case .connected: .connected
    case .reconnecting(let attempt, let limit): .reconnecting(attempt: attempt, limit: limit)
    case .ended(let end): .lost(message(for: end))
    }
  }
  /// The name the session sat down with (it may differ from the one asked for, if that was taken).
  public var name: String { machine.name }
  /// Called after every line applied and every change of `link`.
  public var onChange: (() -> Void)?
  /// Called with every line from the server, before it is applied, with the model as it was.
  public var onLine: ((ServerLine) -> Void)?
  /// Called once the server answered the `RESUME` sent with a token from an earlier run: true when
  /// the seat was taken back, false when it was gone (the session then names itself afresh).
  public var onSavedTokenAnswered: ((Bool) -> Void)?

  /// The token that takes this session's seat back, or nil when it holds none.
  public var token: String? { machine.token }

  /// What to tell the player when the name asked for was taken at the table and the session sat down
  /// under another; nil when it has the name asked for.
  public var renaming: String? { machine.renaming }

  /// The secret to prove a name with on `NAME` (see `NameSecretFile`), or nil to play under it as a guest.
  public var secret: (String) -> String? = { _ in nil }
  /// Whether the name last asked for was sent without a secret: its games are a guest's.
  public var guest: Bool { machine.guest }
  private let host: String
  private let port: UInt16
  private let clock: @Sendable () -> Instant
  private var client: LineClient?
  /// How long a connection attempt waits for the host to answer.
  static let connectTimeoutSeconds = 5
  /// The connection's number, so a late callback from an old connection is ignored.
  private var generation = 0

  /// A session to `host:port` that sits down as `name`, or first tries to take back the seat that
  /// `savedToken`, kept from an earlier run, holds. With `table` it sits down at that table of the
  /// hall; with `lobby` it lists the hall's tables first and waits for a choice when there are several.
  public init(
    host: String, port: UInt16, name: String, queue: DispatchQueue, policy: ReconnectPolicy = ReconnectPolicy(),
    savedToken: String? = nil, table: String? = nil, lobby: Bool = false,
    clock: @escaping @Sendable () -> Instant = ClientClock.now
  ) {
    machine = SessionMachine(name: name, policy: policy, savedToken: savedToken, table: table, lobby: lobby)
    self.host = host
    self.port = port
    self.queue = queue
    self.clock = clock
  }

  /// Connects and sits down. A first connection that fails sets `link` to `.lost` with the reason
  /// (name not found, refused, no answer): no retries, as the address is probably wrong.
  public func start() {
    dispatchPrecondition(condition: .onQueue(queue))
    step { $0.start() }
  }

  /// Sends a request.
  public func send(_ command: ClientCommand) {
    dispatchPrecondition(condition: .onQueue(queue))
    client?.send(command.line)
  }

  /// Leaves: sends `QUIT` and closes. No reconnection follows.
  public func close() {
    dispatchPrecondition(condition: .onQueue(queue))
    step { $0.close() }
  }

  /// Takes a seat that became free, as a spectator, on the same connection and under the name it
  /// watches with (`SIT`); the reply brings the seat's resume token.
  public func sitDownAgain() {
    dispatchPrecondition(condition: .onQueue(queue))
    step { $0.sitDownAgain() }
  }

  /// Whether the session waits for the player to choose a table from the hall's list.
  public var choosing: Bool { machine.choosing }

  /// Moves to a table of the hall, by number or name.
  public func join(_ table: String) {
    dispatchPrecondition(condition: .onQueue(queue))
    step { $0.join(table) }
  }

  /// Opens a table of the hall and moves to it.
  public func open(_ request: TableRequest) {
    dispatchPrecondition(condition: .onQueue(queue))
    step { $0.open(request) }
  }

  /// Lists the hall's tables from the table the session is at, until it moves or goes back.
  public func showHall() {
    dispatchPrecondition(condition: .onQueue(queue))
    step { $0.showHall() }
  }

  /// Back from the hall's list to the table the session is at.
  public func leaveHall() {
    dispatchPrecondition(condition: .onQueue(queue))
    machine.leaveHall()
    onChange?()
  }

  /// The clock ticked: sends what the model asks of its own when it is due (the tournament's state
  /// and standings). The terminal client ticks; a bot need not.
  public func tick() {
    dispatchPrecondition(condition: .onQueue(queue))
    let now = clock()
    step { $0.tick(at: now) }
  }

  /// The player looks at the tournament's standings: they are asked afresh, now if allowed.
  public func lookAtStandings() {
    dispatchPrecondition(condition: .onQueue(queue))
    machine.lookAtStandings()
    tick()
  }

  /// Drops the connection as a network failure would, without `QUIT`: for tests of reconnection.
  public func dropConnection() {
    dispatchPrecondition(condition: .onQueue(queue))
    client?.close()
  }

  // MARK: - Carrying out the machine's actions

  /// Feeds the machine one event, carries out the actions it returns, and tells `onChange` when
  /// `link` changed.
  private func step(_ event: (inout SessionMachine) -> [SessionAction]) {
    let before = machine.status
    let actions = event(&machine)
    let changed = machine.status != before
    perform(actions)
    // After the actions, each of which reports its own changes.
    if changed { onChange?() }
  }

  private func perform(_ actions: [SessionAction]) {
    for action in actions {
      switch action {
      case .connect:
        connect()
      case .wait(let milliseconds):
        after(milliseconds) { $0.timerFired() }
      case .awaitBanner(let milliseconds):
        after(milliseconds) { $0.bannerTimerFired() }
      case .send(let command, let id):
        client?.send(command.line(id: id?.rawValue))
      case .lookUpSecret(let name):
        let found = secret(name)
        perform(machine.secretFound(found, for: name))
      case .disconnect:
        generation += 1  // The drop it causes, and the waits of this connection, are not reported.
        client?.close()
        client = nil
      case .savedTokenAnswered(let resumed):
        onSavedTokenAnswered?(resumed)
      }
    }
  }

  /// Feeds the machine `event` after `milliseconds`, unless a connection was opened or closed since.
  private func after(_ milliseconds: Int64, _ event: @escaping @Sendable (inout SessionMachine) -> [SessionAction]) {
    let current = generation
    queue.asyncAfter(deadline: .now() + .milliseconds(Int(milliseconds))) { [weak self] in
      guard let self, self.generation == current else { return }
      self.step(event)
    }
  }

  /// Opens a connection and reports to the machine whether it opened.
  private func connect() {
    generation += 1
    let current = generation
    let client = LineClient(queue: queue)
    client.onInput = { [weak self] input in
      guard let self, self.generation == current, case .line(let text) = input else { return }
      self.received(text)
    }
    client.onDisconnect = { [weak self] _ in
      guard let self, self.generation == current else { return }
      self.client = nil
      self.step { $0.disconnected() }
    }
    guard let address = HostResolver.lookUp(host) else {
      step { $0.connectFailed(ConnectFailure.nameNotFound.message(host: host, port: port)) }
      return
    }
    do {
      try client.connect(host: address, port: port, timeout: .seconds(Self.connectTimeoutSeconds))
    } catch {
      let failure = ConnectFailure(error, timeoutSeconds: Self.connectTimeoutSeconds)
      step { $0.connectFailed(failure.message(host: host, port: port)) }
      return
    }
    self.client = client
    step { $0.connected() }
  }

  private func received(_ text: String) {
    guard let line = ServerLine.decode(text) else { return }
    onLine?(line)
    let actions = machine.received(line, at: clock())
    perform(actions)
    onChange?()
  }

  private func message(for end: SessionEnd) -> String {
    switch end {
    case .left: "you left"
    case .closed(let farewell): "the server closed: \(farewell)"
    case .cannotConnect(let why): why
    case .notATable: ConnectFailure.notATable.message(host: host, port: port)
    case .silent(let milliseconds): ConnectFailure.silent(milliseconds: milliseconds).message(host: host, port: port)
    case .gaveUp: "the server went away"
    case .tableRefused(let why): "cannot join that table: \(why)"
    }
  }
}
