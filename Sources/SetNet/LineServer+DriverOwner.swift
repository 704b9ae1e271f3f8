import Dispatch
import SetTransport

// What the connections' drivers ask of the server: counting and telling the delegate, reporting on a
// later turn of the queue, and waking a driver after a while.
extension LineServer: ConnectionDriverOwner {
  package func driverAttached(_ id: ConnectionID, peer: String, waiting: Bool) {
    attachedCount += 1
    delegate?.connected(id, peer: peer, waiting: waiting)
  }

  package func driverDisconnected(_ id: ConnectionID, reason: DisconnectReason) {
    attachedCount -= 1
    queue.async { [self] in delegate?.disconnected(id, reason: reason) }
  }

  package func driverSchedule(_ check: ConnectionCheck, for id: ConnectionID, after delay: Duration) {
    guard check == .delivery else { return scheduleSniffingEnd(of: id, after: delay) }
    let wait = DispatchTimeInterval.milliseconds(Int(max(1, delay.wholeMilliseconds)))
    queue.asyncAfter(deadline: .now() + wait) { [self] in
      connections[id]?.deliveryCheckDue(now: MonotonicClock.now())
    }
  }
}
