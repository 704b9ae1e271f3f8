// Past 300 lines because it is one state machine: its states and every event's step read best together.

/// One server-side connection's lifecycle as a value: events go in (input framed, output queued or
/// flushed, input ended, a close asked for, a tick of the clock), and what the shell must do comes out.
/// It owns every limit a line server holds a connection to: the rate limit and flood cut-off, the idle
/// timeout for connections not yet identified, the output cap and the close deadline. It reads no
/// clock and touches no socket: a `ConnectionDriver` performs its actions on a byte channel, a socket in
/// `LineServer` and memory in `EmbeddedLineServer`.
///
/// A connection is open (input delivered, output accepted), then closing (detached from the delegate,
/// flushing its last output until the peer closes or the deadline passes; hanging up, until the peer
/// has acknowledged it), then closed (its socket is to be closed now). The delegate is told `disconnected` exactly once: the action that leaves the open
/// state is the `.disconnect` that carries the reason.
public struct ConnectionStateMachine: Sendable {
  /// The limits a connection is held to.
  public struct Limits: Sendable, Equatable {
    /// The most output bytes queued (beyond what the kernel holds) before the connection is dropped.
    public var maxQueuedOutputBytes: Int
    /// The rate limit on input lines, or nil for none.
    public var rateLimit: TokenBucket.Configuration?
    /// How long an unidentified connection may go without sending a line.
    public var idleTimeout: Duration
    /// How long a closing connection may take to flush and see the peer close.
    public var closeTimeout: Duration

    /// Limits as given.
    public init(
      maxQueuedOutputBytes: Int, rateLimit: TokenBucket.Configuration?, idleTimeout: Duration, closeTimeout: Duration
    ) {
      precondition(maxQueuedOutputBytes > 0, "maxQueuedOutputBytes must be positive")
      self.maxQueuedOutputBytes = maxQueuedOutputBytes
      self.rateLimit = rateLimit
      self.idleTimeout = idleTimeout
      self.closeTimeout = closeTimeout
    }

    /// The most output bytes queued (beyond what the kernel holds) while the connection's input is
    /// still read: past it, its input waits unread, in the network, until all the output is written
    /// (`readsInput(pendingBytes:)`). Half the cap, and at most 64 KiB, so a connection that sends
    /// requests but does not read their answers stops being read long before its own answers would
    /// reach the cap, and costs the server nothing while it waits; what others send it (a broadcast)
    /// still counts towards the cap.
    public var pauseInputAbove: Int { min(64 * 1024, maxQueuedOutputBytes / 2) }

    /// The limits of a line server `configuration`.
    public init(_ configuration: LineServerConfiguration) {
      self.init(
        maxQueuedOutputBytes: configuration.maxQueuedOutputBytes, rateLimit: configuration.rateLimit,
        idleTimeout: configuration.idleTimeout, closeTimeout: configuration.closeTimeout)
    }
  }

  /// How a connection leaving the open state is closed.
  public enum Closing: Hashable, Sendable {
    /// Write what is queued (then the farewell), half-close, and close the socket once the peer
    /// closes or at the close deadline.
    case flushing
    /// Forget what is queued, then as `.flushing`: the farewell waits behind what the kernel holds.
    case discardingQueued
    /// Forget what is queued, try the farewell once without waiting, and close the socket now.
    case immediately
    /// Write what is queued, then end the connection at once with a reset, as soon as the peer has
    /// acknowledged every byte: for a peer that asked to leave. A client that keeps its own side open
    /// (OpenBSD `nc`, which waits for its input to end) sees the end without sending anything more, and
    /// input it sent after asking to leave is never read.
    case hangingUp
  }

  /// What the shell must do.
  public enum Action: Hashable, Sendable {
    /// Hand this input to the delegate.
    case deliver(LineInput)
    /// Queue these bytes as they are (a telnet answer); flush once the input in hand is framed, so
    /// that the answers to one read go out together.
    case write([UInt8])
    /// Tell the delegate the input ended; the connection stays open for writing.
    case reportInputEnded
    /// Detach: report `disconnected` with `reason` on a later turn, write the delegate's farewell line
    /// for it if `writesFarewell(reason)`, and close as `closing` says.
    case disconnect(DisconnectReason, Closing)
    /// Everything is written: shut down the write side, keep reading until the peer closes.
    case halfClose
    /// Close the socket now.
    case closeSocket
    /// Everything is written. Once the peer has acknowledged all of it (none is left unacknowledged in
    /// the kernel), call `delivered(now:)`; until then each `tick` asks again.
    case resetOnceDelivered
    /// Close the socket now with a reset (`SO_LINGER` of zero), not a FIN.
    case resetSocket
  }

  private enum State: Sendable {
    case open(identified: Bool, lastInput: Instant)
    case closing(deadline: Instant, hangingUp: Bool)
    /// Hanging up, everything written: waiting for the peer to acknowledge it.
    case resetting(deadline: Instant)
    /// Hanging up, everything acknowledged: giving the peer `hangUpGrace` to read it, then a reset.
    case lingering(until: Instant)
    case closed
  }

  /// The limits in force.
  public var limits: Limits { shared.limits }
  private let shared: SharedLimits
  private var state: State
  private var bucket: TokenBucket?
  /// The peer sent its end of input.
  public private(set) var inputHasEnded = false

  /// A connection accepted at `now`: open, unidentified, silent so far.
  public init(limits: Limits, now: Instant) {
    self.init(sharing: SharedLimits(limits), now: now)
  }

  /// As `init(limits:now:)`, held to limits that every connection of a server shares.
  public init(sharing limits: SharedLimits, now: Instant) {
    shared = limits
    state = .open(identified: false, lastInput: now)
    bucket = limits.limits.rateLimit.map { TokenBucket(configuration: $0) }
  }

  /// Whether the delegate knows the connection as connected: input is delivered, output accepted.
  public var isOpen: Bool {
    if case .open = state { true } else { false }
  }

  /// Whether the socket is to be closed (or already is): no event has anything more to do.
  public var isClosed: Bool {
    if case .closed = state { true } else { false }
  }

  /// Whether a farewell line is written to a connection disconnected for `reason`: not when the
  /// local side closed it, nor when its socket failed.
  public static func writesFarewell(_ reason: DisconnectReason) -> Bool {
    switch reason {
    case .closed, .socketError: false
    default: true
    }
  }

  // MARK: - Events

  /// The framer produced `item` at `now`. Nil: nothing to do (the connection is closing and its input
  /// is discarded). The shell must not frame input once the socket is closed.
  public mutating func inputFramed(_ item: LineInput, now: Instant) -> Action? {
    let identified: Bool
    switch state {
    case .open(let isIdentified, _): identified = isIdentified
    case .closing, .resetting, .lingering: return nil
    case .closed: preconditionFailure("input framed on a closed connection")
    }
    switch item {
    case .reply(let bytes):
      // A telnet answer costs a line's token: past the rate it goes unanswered, and a flood of them is
      // cut off as a flood of lines is.
      guard bucket?.take(now: now.milliseconds) != false else {
        return bucket?.isFlooding == true ? beginClose(.flooded, .immediately, now: now) : nil
      }
      return .write(bytes)
    case .interrupt: return beginClose(.interrupted, .flushing, now: now)
    case .line, .tooLong, .invalidUTF8, .rateLimited: break
    }
    state = .open(identified: identified, lastInput: now)
    if bucket?.take(now: now.milliseconds) == false {
      if bucket?.isFlooding == true {
        return beginClose(.flooded, .immediately, now: now)
      }
      return .deliver(.rateLimited)
    }
    return .deliver(item)
  }

  /// The framer removed `count` telnet commands that have no item of their own, at `now`. Each takes
  /// a line's token: a flood of them is cut off (`.disconnect(.flooded, .immediately)`) as a flood of
  /// lines is. Past the rate they are simply ignored, as they are anyway.
  public mutating func telnetCommandsDropped(_ count: Int, now: Instant) -> Action? {
    guard isOpen, bucket != nil else { return nil }
    for _ in 0..<count where bucket?.take(now: now.milliseconds) == false {
      if bucket?.isFlooding == true { return beginClose(.flooded, .immediately, now: now) }
    }
    return nil
  }

  /// A WebSocket ping arrived at `now`. It takes a line's token, as a telnet command does: within the
  /// rate it is answered (`answer`); past it, it is ignored; a flood of them is cut off as a flood of lines.
  public mutating func pingArrived(now: Instant) -> (answer: Bool, action: Action?) {
    guard isOpen else { return (false, nil) }
    guard bucket != nil else { return (true, nil) }
    if bucket?.take(now: now.milliseconds) == true { return (true, nil) }
    if bucket?.isFlooding == true { return (false, beginClose(.flooded, .immediately, now: now)) }
    return (false, nil)
  }

  /// Whether the connection's input is read while `pendingBytes` of output wait: always while closing
  /// (its input is read only to be discarded), and while open unless more than
  /// `limits.pauseInputAbove` wait. A connection not read waits until every byte queued is written.
  public func readsInput(pendingBytes: Int) -> Bool {
    !isOpen || pendingBytes <= limits.pauseInputAbove
  }

  /// Output was queued for the open connection and flushed as far as the socket took it; `pendingBytes`
  /// still wait. Past the cap: `.disconnect(.outputOverflow, .discardingQueued)`.
  public mutating func outputQueued(pendingBytes: Int, now: Instant) -> Action? {
    guard isOpen && pendingBytes > limits.maxQueuedOutputBytes else { return nil }
    return beginClose(.outputOverflow, .discardingQueued, now: now)
  }

  /// Every queued byte is written. While closing: `.halfClose`, or `.closeSocket` if the peer's
  /// input already ended.
  /// Hanging up: `.resetOnceDelivered` (or `.closeSocket` if the peer's input already ended).
  public mutating func outputDrained() -> Action? {
    guard case .closing(let deadline, let hangingUp) = state else { return nil }
    if inputHasEnded { return close() }
    guard hangingUp else { return .halfClose }
    state = .resetting(deadline: deadline)
    return .resetOnceDelivered
  }

  /// How long a hung-up connection waits, once the peer has acknowledged everything, before the
  /// reset: a reset can make a peer drop what it has received and not yet read (OpenBSD `nc` does, when
  /// poll reports the error first), so the peer is given time to read its last reply.
  public static let hangUpGrace = Duration.milliseconds(300)

  /// Hanging up, the peer has acknowledged everything written at `now`: the reset comes at the first
  /// tick `hangUpGrace` later (`nextDeadline` says when).
  public mutating func delivered(now: Instant) {
    guard case .resetting = state else { return }
    state = .lingering(until: now + Self.hangUpGrace)
  }

  /// The peer took some of the output (the socket accepted more, or the kernel sent more) at `now`.
  /// Closing: the close deadline counts again from now, so a peer that keeps reading, however slowly,
  /// gets everything up to the farewell; one that stops reading is closed a close timeout later.
  public mutating func outputProgressed(now: Instant) {
    if case .closing(_, let hangingUp) = state {
      state = .closing(deadline: now + limits.closeTimeout, hangingUp: hangingUp)
    }
  }

  /// The peer will send nothing more (any last unterminated line has gone through `inputFramed`
  /// first). Open: `.reportInputEnded`. Closing with nothing left to write: `.closeSocket`.
  public mutating func inputEnded(pendingBytes: Int) -> Action? {
    inputHasEnded = true
    switch state {
    case .open: return .reportInputEnded
    case .closing: return pendingBytes == 0 ? close() : nil
    case .resetting, .lingering: return close()
    case .closed: return nil
    }
  }

  /// The owner asked to close: with `flushFirst`, gracefully; otherwise at once. Nil if not open.
  public mutating func closeRequested(flushFirst: Bool, now: Instant) -> Action? {
    guard isOpen else { return nil }
    return beginClose(.closed, flushFirst ? .flushing : .immediately, now: now)
  }

  /// The owner asked to end the connection for a peer that is leaving: as `Closing.hangingUp` says.
  /// Nil if not open.
  public mutating func hangUpRequested(now: Instant) -> Action? {
    guard isOpen else { return nil }
    return beginClose(.closed, .hangingUp, now: now)
  }

  /// The owner marked the connection identified: the idle timeout no longer applies.
  public mutating func markIdentified() {
    if case .open(_, let lastInput) = state {
      state = .open(identified: true, lastInput: lastInput)
    }
  }

  /// A socket call failed with `code`. Open: `.disconnect(.socketError(code), .immediately)`;
  /// closing: `.closeSocket`.
  public mutating func socketFailed(_ code: Int32, now: Instant) -> Action? {
    switch state {
    case .open: return beginClose(.socketError(code), .immediately, now: now)
    case .closing, .resetting, .lingering: return close()
    case .closed: return nil
    }
  }

  /// The server is stopping. Open: `.disconnect(.serverStopped, .immediately)`; closing: `.closeSocket`.
  public mutating func serverStopped(now: Instant) -> Action? {
    switch state {
    case .open: return beginClose(.serverStopped, .immediately, now: now)
    case .closing, .resetting, .lingering: return close()
    case .closed: return nil
    }
  }

  /// The clock reads `now`: past the close deadline, `.closeSocket`; unidentified and silent for the
  /// idle timeout, `.disconnect(.idleTimeout, .flushing)`; hanging up and waiting for the peer to
  /// acknowledge, `.resetOnceDelivered` again; hanging up and past the grace, `.resetSocket`.
  public mutating func tick(now: Instant) -> Action? {
    switch state {
    case .open(let identified, let lastInput):
      guard !identified && now.duration(since: lastInput) >= limits.idleTimeout else { return nil }
      return beginClose(.idleTimeout, .flushing, now: now)
    case .closing(let deadline, _):
      return now >= deadline ? close() : nil
    case .resetting(let deadline):
      return now >= deadline ? close() : .resetOnceDelivered
    case .lingering(let until):
      guard now >= until else { return nil }
      state = .closed
      return .resetSocket
    case .closed:
      return nil
    }
  }

  /// When a tick next has something to do, or nil if no tick will (identified and open, or closed).
  public var nextDeadline: Instant? {
    switch state {
    case .open(let identified, let lastInput): identified ? nil : lastInput + limits.idleTimeout
    case .closing(let deadline, _), .resetting(let deadline), .lingering(until: let deadline): deadline
    case .closed: nil
    }
  }

  // MARK: - Transitions

  private mutating func beginClose(_ reason: DisconnectReason, _ closing: Closing, now: Instant) -> Action {
    guard isOpen else { preconditionFailure("a connection that is not open cannot begin to close") }
    switch closing {
    case .flushing, .discardingQueued, .hangingUp:
      state = .closing(deadline: now + limits.closeTimeout, hangingUp: closing == .hangingUp)
    case .immediately: state = .closed
    }
    return .disconnect(reason, closing)
  }

  private mutating func close() -> Action {
    state = .closed
    return .closeSocket
  }
}
