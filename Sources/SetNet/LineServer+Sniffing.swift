import Dispatch
import SetTransport

// The end of each new connection's sniffing time, kept in one queue of deadlines with one timer, not a
// Dispatch block a connection: every connection is sniffed for the same time, so their deadlines come in
// the order they were accepted. (A block and its timer a connection, alive for the sniffing time, left
// holes among the connections' memory once freed: thousands of connections opened in a burst kept a
// few hundred bytes each of freed memory resident.)
extension LineServer {
  /// A connection's sniffing time ends at `due`.
  struct SniffingDeadline {
    let due: Instant
    let id: ConnectionID
  }

  /// Wakes `id` at the end of its sniffing time, `delay` from now.
  func scheduleSniffingEnd(of id: ConnectionID, after delay: Duration) {
    let due = MonotonicClock.now() + delay
    let wasIdle = sniffingHead == sniffingDeadlines.count
    sniffingDeadlines.append(SniffingDeadline(due: due, id: id))
    if wasIdle { armSniffingTimer() }
  }

  /// Ends the sniffing time of every connection whose deadline has come, then waits for the next.
  func sniffingTimerFired() {
    let now = MonotonicClock.now()
    while sniffingHead < sniffingDeadlines.count, sniffingDeadlines[sniffingHead].due <= now {
      let id = sniffingDeadlines[sniffingHead].id
      sniffingHead += 1
      sniffingTimeDue(for: id)
    }
    if sniffingHead == sniffingDeadlines.count {
      sniffingDeadlines.removeAll()
      sniffingHead = 0
    } else if sniffingHead >= 1024 && sniffingHead * 2 >= sniffingDeadlines.count {
      sniffingDeadlines.removeFirst(sniffingHead)
      sniffingHead = 0
    }
    armSniffingTimer()
  }

  private func armSniffingTimer() {
    guard sniffingHead < sniffingDeadlines.count else {
      sniffingTimer?.schedule(deadline: .distantFuture)
      return
    }
    let wait = max(0, sniffingDeadlines[sniffingHead].due.nanoseconds - MonotonicClock.now().nanoseconds)
    sniffingTimer?.schedule(deadline: .now() + .nanoseconds(Int(wait)), leeway: .milliseconds(1))
  }

  /// The sniffing time of `id` is over: a connection that has sent nothing is a line client, and gets
  /// its banner.
  private func sniffingTimeDue(for id: ConnectionID) {
    guard let driver = connections[id], driver.machine.isOpen else { return }
    // A request that reached the machine in time, while the queue was busy, still counts: read first.
    if driver.webPhase == .sniffing {
      readInput(driver)
      deliverAllWaiting(of: [delegate?.turnGroup(of: driver.id) ?? 0])
    }
    guard connections[id] === driver else { return }
    driver.sniffingTimeDue(now: MonotonicClock.now())
  }
}
