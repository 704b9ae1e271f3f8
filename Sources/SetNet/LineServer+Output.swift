import CLinux
import Dispatch
import SetTransport

// Writing: output given during a batch of input written together at its end, and the sweep that
// enforces every connection's deadlines.
extension LineServer {
  /// Has what `driver` was given during a batch of input written at the batch's end, with whatever
  /// else the batch gives it: a reply and the broadcast after it, or the answers to several lines read
  /// together, go out in one write. So that the first connections given output (the seated players,
  /// before the spectators) do not wait for a thousand others to be given theirs, the waiting
  /// connections are written whenever `connectionsWrittenTogether` of them wait. Output given outside
  /// a batch (on a timer's deadline, say), output past the cap, and output for a socket already full
  /// are dealt with at once, as `ConnectionDriver.flushQueued` does. Returns whether the connection is
  /// still connected.
  func queueWrite(_ driver: Driver) -> Bool {
    let channel = driver.channel
    guard loop?.isHandlingBatch == true, !channel.isWaitingToWrite,
      channel.pendingOutputBytes <= configuration.maxQueuedOutputBytes
    else { return driver.flushQueued(now: MonotonicClock.now()) }
    guard !driver.isWriteBatched else { return true }
    driver.isWriteBatched = true
    unwritten.append(driver)
    if unwritten.count >= Self.connectionsWrittenTogether { writeUnwritten() }
    return true
  }

  /// How many connections given output during a batch of input wait at most before they are written.
  static let connectionsWrittenTogether = 32

  /// Writes now what the connections were given so far in this batch of input (see `queueWrite`),
  /// rather than at its end. Output given outside a batch is written at once anyway.
  public func writeQueuedOutput() {
    dispatchPrecondition(condition: .onQueue(queue))
    writeUnwritten()
  }

  /// Writes every connection waiting in `unwritten`, in the order it was given output.
  func writeUnwritten() {
    guard !unwritten.isEmpty else { return }
    let batch = unwritten
    unwritten.removeAll(keepingCapacity: true)
    for driver in batch {
      driver.isWriteBatched = false
      guard driver.machine.isOpen, driver.channel.pendingOutputBytes > 0 else { continue }
      driver.flushQueued(now: MonotonicClock.now())
    }
  }

  /// Enforces the idle timeout, the close deadlines and the request heads' deadline. Each firing is a
  /// wake-up that rereads the clock.
  func sweep() {
    sweeps += 1
    let now = MonotonicClock.now()
    for driver in connections.values {
      driver.tick(now: now)
    }
    // The pages closed connections took are given back to the system (see `MemoryTrimSchedule`).
    if trimSchedule.sweep() {
      _ = clinux_malloc_trim(0)
    }
  }
}
