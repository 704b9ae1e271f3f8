import Dispatch
import Synchronization

/// `BotTables` on a thread of its own, pinned to the load generator's CPU, while the calling thread
/// measures something else: the bots play while `playing` is set, and only read while it is not.
final class BusyLoad: Sendable {
  private let playing = Atomic<Bool>(false)
  private let stopping = Atomic<Bool>(false)
  private let ready = Atomic<Bool>(false)
  private let gameCount = Atomic<Int>(0)
  private let failure = Mutex<String?>(nil)
  private let finished = DispatchSemaphore(value: 0)

  /// Seats the bots at `targets` on a new thread; returns once they are seated (or could not be).
  init(_ targets: [BotTables.Target], cpu: Int?) throws(BenchError) {
    DispatchQueue.global().async { [self] in
      if let cpu { Affinity.pin(to: cpu) }
      run(targets)
      finished.signal()
    }
    let deadline = Clock.after(seconds: 90)
    while !ready.load(ordering: .acquiring) && Clock.now() < deadline { Clock.sleep(seconds: 0.01) }
    if let failure = failure.withLock({ $0 }) { throw BenchError(failure) }
    guard ready.load(ordering: .acquiring) else { throw BenchError("bots: not seated in 90 s") }
  }

  /// Complete games so far, at every table.
  var games: Int { gameCount.load(ordering: .relaxed) }

  /// Starts or pauses the games.
  func play(_ on: Bool) {
    playing.store(on, ordering: .relaxed)
  }

  /// Ends the thread; throws what went wrong on it, if anything did.
  func stop() throws(BenchError) {
    stopping.store(true, ordering: .relaxed)
    finished.wait()
    if let failure = failure.withLock({ $0 }) { throw BenchError(failure) }
  }

  private func run(_ targets: [BotTables.Target]) {
    let bots: BotTables
    do {
      bots = try BotTables(targets)
    } catch {
      failure.withLock { $0 = error.description }
      return
    }
    bots.playing = false
    ready.store(true, ordering: .releasing)
    while !stopping.load(ordering: .relaxed) {
      let wanted = playing.load(ordering: .relaxed)
      if wanted && !bots.playing { bots.resume() }
      bots.playing = wanted
      do {
        try bots.play(until: Clock.after(seconds: 0.01)) { false }
      } catch {
        failure.withLock { $0 = error.description }
        return
      }
      gameCount.store(bots.games, ordering: .relaxed)
    }
  }
}
