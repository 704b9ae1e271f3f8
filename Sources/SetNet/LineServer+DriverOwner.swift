import Dispatch
import SetTransport

// What the connections' drivers ask of the server: counting and telling the delegate, reporting on a
// later turn of the queue, and waking a driver after a while.
extension LineServer: ConnectionDriverOwner {
  package func driverAttached(_ id: ConnectionID, peer: String) {
    attachedCount += 1
    delegate?.connected(id, peer: peer)
  }

  package func driverDisconnected(_ id: ConnectionID, reason: DisconnectReason) {
    attachedCount -= 1
    queue.async { [self] in delegate?.disconnected(id, reason: reason) }
  }

  package func driverSchedule(_ check: ConnectionCheck, for id: ConnectionID, after delay: Duration) {
    let wait = DispatchTimeInterval.milliseconds(Int(max(1, delay.wholeMilliseconds)))
    queue.asyncAfter(deadline: .now() + wait) { [self] in
      guard let driver = connections[id] else { return }
      switch check {
      case .delivery:
        driver.deliveryCheckDue(now: MonotonicClock.now())
      case .sniffing:
        guard driver.machine.isOpen else { return }
        // A request that reached the machine in time, while the queue was busy, still counts: read first.
        if driver.webPhase == .sniffing {
          readInput(driver)
          deliverArrived()
        }
        guard connections[id] === driver else { return }
        driver.sniffingTimeDue(now: MonotonicClock.now())
      }
    }
  }
}
