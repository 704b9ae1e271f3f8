// Ending the connection: the owner's close, hang-up and stop, the clock's ticks, output progress while
// closing, and the hang-up's delivery check.
extension ConnectionDriver {
  /// How long a hung-up connection waits before asking again whether the peer has acknowledged
  /// everything written.
  package static var deliveryRecheck: Duration { .milliseconds(10) }

  /// The owner closes the connection at `now`: with `flushFirst`, after what is queued (and a
  /// WebSocket's close frame); otherwise at once. Does nothing unless open.
  package func close(flushFirst: Bool, now: Instant) {
    if flushFirst && machine.isOpen { sendCloseFrame(code: 1000) }
    perform(machine.closeRequested(flushFirst: flushFirst, now: now), now: now)
  }

  /// The owner ends the connection for a peer that asked to leave, at `now`: what is queued is
  /// written, then once the peer has acknowledged it all and had `ConnectionStateMachine.hangUpGrace`
  /// to read it, the connection is reset.
  package func hangUp(now: Instant) {
    if machine.isOpen { sendCloseFrame(code: 1000) }
    perform(machine.hangUpRequested(now: now), now: now)
  }

  /// The server stops at `now`: the connection is closed at once.
  package func serverStopped(now: Instant) {
    perform(machine.serverStopped(now: now), now: now)
  }

  /// The owner's periodic wake-up at `now`: notes output progress, enforces the idle timeout and the
  /// close deadline, and cuts an HTTP request head that took longer than `requestHeadTimeout`.
  package func tick(now: Instant) {
    noteProgress(now: now)
    perform(machine.tick(now: now), now: now)
    checkRequestHead(now: now)
  }

  /// When `tick(now:)` next has something to do, or nil if no tick will.
  package var nextDeadline: Instant? {
    let head = machine.isOpen ? headSince.map { $0 + requestHeadTimeout } : nil
    guard let deadline = machine.nextDeadline else { return head }
    return head.map { min($0, deadline) } ?? deadline
  }

  /// A closing connection whose output moved on since last seen (the peer took more, however slowly)
  /// counts its close deadline from `now`.
  func noteProgress(now: Instant) {
    guard !machine.isOpen && !machine.isClosed else { return }
    let unsent = channel.pendingOutputBytes + (channel.unsentKernelBytes ?? 0)
    if unsent < lastUnsent || channel.bytesWritten != lastBytesWritten {
      machine.outputProgressed(now: now)
    }
    lastUnsent = unsent
    lastBytesWritten = channel.bytesWritten
  }

  /// Hanging up with everything written: once the peer has acknowledged all of it, the reset comes
  /// when the grace is over; until then the driver asks again shortly (the close deadline bounds it).
  /// One such check is pending at a time: the owner's ticks ask too, and must not start more.
  func checkDelivery(now: Instant) {
    let acknowledged = channel.isClosed || channel.isOutputAcknowledged
    if acknowledged {
      machine.delivered(now: now)
    } else if deliveryCheckPending {
      return
    }
    deliveryCheckPending = !acknowledged
    let wait = acknowledged ? ConnectionStateMachine.hangUpGrace : Self.deliveryRecheck
    owner?.driverSchedule(.delivery, for: id, after: wait)
  }

  /// The wake-up `checkDelivery` asked for came, at `now`.
  package func deliveryCheckDue(now: Instant) {
    deliveryCheckPending = false
    guard !machine.isClosed else { return }
    perform(machine.tick(now: now), now: now)
  }
}
