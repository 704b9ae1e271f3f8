import Dispatch
@preconcurrency import Glibc
import SetClientCore
import SetCore
import SetProtocol

/// The terminal client's shell: raw mode and the full screen, keys in, frames out. It reads keys from
/// standard input, hands them to `PlayState`, sends what comes back, and redraws from the model with
/// `Renderer` on every change, every tick of the countdown and every resize. It holds no game rules.
///
/// With a `SeatTokenFile`, the seat outlives the process: while a game runs the seat's token is kept
/// in the file, a relaunch takes the seat back with it, and the file is removed once the game is over.
///
/// Runs on the main queue.
public final class PlayApp: @unchecked Sendable {
  // @unchecked Sendable: every mutable field is touched only on the main queue.

  /// The connection to the table.
  public let session: ClientSession
  private var state: PlayState
  private var renderer: Renderer
  private var options: ScreenOptions
  private var decoder = KeyDecoder()
  private var frames = FrameWriter()
  private var size = TerminalMode.size()
  private var sources: [DispatchSourceProtocol] = []
  private var seated = false
  private var ending = false
  private var drawPending = false
  private let tokenFile: SeatTokenFile?
  /// The token last written to `tokenFile` (or found there), nil when none is kept.
  private var keptToken: String?
  /// Called once, when the session first has a seat (or watches): for starting a bot after the player.
  public var onSeated: (() -> Void)?
  /// Called just before the process exits, with the terminal restored.
  public var onExit: (() -> Void)?

  /// A client of the table at `host:port`, sitting down as `name`, drawing with `options`; `info` lines
  /// are shown above the key bar. With `tokenFile`, it first tries to take back the seat whose token
  /// the file keeps, and keeps the seat's token there while a game runs. At a hall of several tables
  /// it lists them first, unless `table` names the one to sit down at. With `enter`, it enters the
  /// hall's tournament once named.
  public init(
    host: String, port: UInt16, name: String, options: ScreenOptions, info: [String] = [],
    tokenFile: SeatTokenFile? = nil, secrets: NameSecretFile? = nil, table: String? = nil, enter: Bool = false
  ) {
    self.tokenFile = tokenFile
    keptToken = tokenFile?.read()
    session = ClientSession(
      host: host, port: port, name: name, queue: .main, savedToken: keptToken, table: table, lobby: true)
    var info = info
    if let secrets {
      session.secret = { secrets.secret(for: $0) }
    }
    if secrets?.secret(for: name) == nil {
      info.append("Guest: no secret is kept for \(name), so anyone may play under it.")
    }
    state = PlayState(info: info)
    renderer = Renderer(options: options)
    self.options = options
    if enter { enterOnceNamed() }
  }

  /// Enters the hall's tournament once the table first answers `NAME` (`--enter`).
  private func enterOnceNamed() {
    var sent = false
    session.onLine = { [weak self] line in
      guard !sent, case .reply(let reply) = line, case .ok(.name) = reply.kind else { return }
      sent = true
      self?.session.send(.enter)
    }
  }

  /// Enters raw mode, connects and plays until the player quits or the server goes away. Call on the
  /// main thread; never returns.
  public func run() -> Never {
    DispatchQueue.main.async { [self] in start() }
    dispatchMain()
  }

  private func start() {
    guard TerminalMode.enter(fullScreen: options.fullScreen) else {
      fputs("setduel play: standard input is not a terminal\n", stderr)
      exit(2)
    }
    session.onChange = { [weak self] in self?.changed() }
    session.onSavedTokenAnswered = { [weak self] resumed in self?.savedTokenAnswered(resumed) }
    watchKeys()
    watchResize()
    startTicking()
    draw()
    session.start()
  }

  // MARK: - Sources

  private func watchKeys() {
    let source = DispatchSource.makeReadSource(fileDescriptor: 0, queue: .main)
    source.setEventHandler { [weak self] in self?.readKeys() }
    source.resume()
    sources.append(source)
  }

  private func watchResize() {
    signal(SIGWINCH, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
    source.setEventHandler { [weak self] in
      guard let self else { return }
      size = TerminalMode.size()
      frames.forget()
      if options.fullScreen { TerminalMode.write("\u{1B}[2J") }
      draw()
    }
    source.resume()
    // A resize between reading the size at start and the source's start raised no event: read it again.
    size = TerminalMode.size()
    sources.append(source)
  }

  private func startTicking() {
    let timer = DispatchSource.makeTimerSource(queue: .main)
    // Full screen, every tick draws (the countdown); line by line, only what changed is printed.
    let drawing = options.fullScreen
    timer.setEventHandler { [weak self] in
      self?.session.tick()
      if drawing { self?.draw() }
    }
    timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100), leeway: .milliseconds(10))
    timer.resume()
    sources.append(timer)
  }

  // MARK: - Events

  private func readKeys() {
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
    if count < 0, errno == EINTR || errno == EAGAIN { return }
    guard count > 0 else {
      quit()  // the terminal is gone
      return
    }
    for key in decoder.decode(Array(buffer[..<count])) {
      state.lobby = session.choosing
      for command in state.handle(key, model: session.model, now: ClientClock.now()) {
        switch command {
        case .send(let command): session.send(command)
        case .nextTheme: nextTheme()
        case .sitDown: session.sitDownAgain()
        case .join(let table): session.join(table)
        case .open(let request): session.open(request)
        case .showHall: session.showHall()
        case .leaveHall: session.leaveHall()
        case .lookAtStandings: session.lookAtStandings()
        case .quit:
          quit()
          return
        }
      }
    }
    draw()
  }

  private func changed() {
    state.link = session.link
    state.lobby = session.choosing
    keepToken()
    if !seated, session.model.isNamed {
      seated = true
      if let renaming = session.renaming { state.notice = Notice(text: renaming, at: ClientClock.now()) }
      onSeated?()
    }
    setNeedsDraw()
    if case .lost(let why) = session.link, !ending {
      ending = true
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1500)) { [self] in
        finish(message: "setduel: disconnected: \(why)", status: 1)
      }
    }
  }

  private func savedTokenAnswered(_ resumed: Bool) {
    let text =
      resumed
      ? "You're back in your seat."
      : "Your old seat is gone (game over or forfeited): you sat down afresh."
    state.notice = Notice(text: text, at: ClientClock.now())
  }

  /// Keeps the seat's token on disk while a game runs, and only then.
  private func keepToken() {
    // After a farewell the file is left as it is: if the seat was taken back on another connection,
    // the token in it is that client's now.
    guard let tokenFile, session.model.isNamed, session.model.farewell == nil else { return }
    let wanted = session.model.seat != nil && session.model.phase.isRunning ? session.token : nil
    guard wanted != keptToken else { return }
    keptToken = wanted
    guard let wanted else {
      tokenFile.remove()
      return
    }
    if let failure = tokenFile.write(wanted) {
      state.notice = Notice(
        text: "\(failure): if this client closes, reconnect within the grace with RESUME \(wanted)",
        at: ClientClock.now())
    }
  }

  private func nextTheme() {
    guard options.color else {
      announce("Themes need colour: NO_COLOR, --ascii or TERM=dumb turned it off")
      return
    }
    options.theme = options.theme.next
    renderer = Renderer(options: options)
    announce("Theme: \(options.theme.name), \(options.theme.summary) (Tab for the next)")
  }

  /// Shows `text` as a message of the client's own, for a few seconds (until the next one).
  public func announce(_ text: String) {
    state.notice = Notice(text: text, at: ClientClock.now())
    setNeedsDraw()
  }

  private func quit() {
    guard !ending else { return }
    ending = true
    session.close()
    finish(message: nil, status: 0)
  }

  private func finish(message: String?, status: Int32) -> Never {
    for source in sources { source.cancel() }
    TerminalMode.restore()
    if let message { print(Harmless.text(message)) }
    for line in PartingWords.lines(session.model, keepsToken: tokenFile != nil) { print(Harmless.text(line)) }
    onExit?()
    exit(status)
  }

  // MARK: - Drawing

  /// Draws once after the lines that arrived together are all applied.
  private func setNeedsDraw() {
    guard !drawPending else { return }
    drawPending = true
    DispatchQueue.main.async { [self] in
      drawPending = false
      draw()
    }
  }

  private func draw() {
    // Full screen, the countdown ticks; line by line, only the lines that changed are printed, when
    // something happened.
    state.lobby = session.choosing
    let frame = renderer.frame(
      model: session.model, state: state, now: ClientClock.now(), columns: size.columns, rows: size.rows)
    frames.write(frame.encoded(color: options.color), fullScreen: options.fullScreen)
  }
}
