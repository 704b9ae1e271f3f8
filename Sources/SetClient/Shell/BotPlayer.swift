import Dispatch
import SetClientCore
import SetCore

/// The bot's shell: a session to the table and a `BotBrain`. Whenever the table changes or the brain's
/// wake-up time comes, it asks the brain what to do and sends it. At a full table it waits, watching,
/// until a seat is free, then sits down in it.
public final class BotPlayer: @unchecked Sendable {
  // @unchecked Sendable: all mutable state is touched only on the session's queue.

  /// The bot's connection and its model of the table.
  public let session: ClientSession
  private var brain: BotBrain
  private let timer: DispatchSourceTimer
  private let clock: @Sendable () -> Instant
  /// Called once when the session is lost for good.
  public var onEnd: ((String) -> Void)?
  /// Called after every change, after the bot acted on it.
  public var onChange: (() -> Void)?
  /// Called when the bot finds the table full and starts waiting for a free seat, and when it sits
  /// down in a seat that became free.
  public var onWaiting: ((Bool) -> Void)?
  private var waiting = false

  /// A bot playing through `session` with `brain`.
  public init(session: ClientSession, brain: BotBrain, clock: @escaping @Sendable () -> Instant = ClientClock.now) {
    self.session = session
    self.brain = brain
    self.clock = clock
    timer = DispatchSource.makeTimerSource(queue: session.queue)
  }

  /// Connects and plays. Call on the session's queue.
  public func start() {
    dispatchPrecondition(condition: .onQueue(session.queue))
    timer.setEventHandler { [weak self] in self?.think() }
    timer.schedule(deadline: .distantFuture)
    timer.resume()
    session.onChange = { [weak self] in self?.changed() }
    session.start()
  }

  /// Leaves the table.
  public func stop() {
    dispatchPrecondition(condition: .onQueue(session.queue))
    timer.cancel()
    session.close()
  }

  private func changed() {
    if case .lost(let why) = session.link {
      timer.cancel()
      let end = onEnd
      onEnd = nil
      end?(why)
      return
    }
    if session.model.isSpectator {
      if !waiting {
        waiting = true
        onWaiting?(true)
      }
      // The bot came to play: it watches until a seat is free, then sits down in it.
      if session.model.hasFreeSeat { session.sitDownAgain() }
      return
    }
    if waiting, session.model.seat != nil {
      waiting = false
      onWaiting?(false)
    }
    think()
    onChange?()
  }

  /// Asks the brain until it only waits (acting can change what it wants next), then arms the timer.
  private func think() {
    guard session.link == .connected else { return }
    var wake: Instant?
    for _ in 0..<4 {
      let decision = brain.decide(session.model, now: clock())
      wake = decision.wake
      guard !decision.commands.isEmpty else { break }
      for command in decision.commands { session.send(command) }
    }
    guard let wake else {
      timer.schedule(deadline: .distantFuture)
      return
    }
    let wait = max(0, wake.milliseconds(since: clock()))
    timer.schedule(deadline: .now() + .milliseconds(Int(wait)), leeway: .milliseconds(5))
  }
}
