/// What a `ConnectionDriver` asks of the server that owns it: telling the delegate, reporting on a
/// later turn, the farewell's text, and waking the driver after a while. Every call comes from inside
/// one of the driver's methods, on the owner's thread.
package protocol ConnectionDriverOwner: AnyObject {
  /// The connection turned out to be a client of the line protocol: tell the delegate it connected,
  /// and whether a person waits to be spoken to (silent until the sniffing time ended, or telnet).
  func driverAttached(_ id: ConnectionID, peer: String, waiting: Bool)
  /// Hand `input` to the delegate, as having reached the machine at `time`.
  func driverReceived(_ input: LineInput, from id: ConnectionID, arrivedAt time: Instant)
  /// Tell the delegate `id`'s input ended.
  func driverInputEnded(_ id: ConnectionID)
  /// `id` left the open state: report it disconnected for `reason` on a later turn, never from inside
  /// this call.
  func driverDisconnected(_ id: ConnectionID, reason: DisconnectReason)
  /// The last line for a connection dropped for `reason`, or nil for none.
  func driverFarewellLine(for reason: DisconnectReason) -> String?
  /// Call back `id`'s driver with `check` once `delay` has passed (if the connection is still held).
  func driverSchedule(_ check: ConnectionCheck, for id: ConnectionID, after delay: Duration)
  /// The requests browsers made on the owner's connections, for telling their spare connections from
  /// a person's silent one.
  var spares: SpareConnections { get set }
}

/// Something a `ConnectionDriver` asks to be woken for.
package enum ConnectionCheck: Sendable, Equatable {
  /// Whether a hung-up connection's peer has acknowledged everything: `ConnectionDriver.deliveryCheckDue(now:)`.
  case delivery
  /// The end of the time a silent connection may still turn out to be a browser:
  /// `ConnectionDriver.sniffingTimeDue(now:)`.
  case sniffing
}

extension ConnectionDriverOwner where Self: LineTransport {
  /// Hands `input` to the transport's delegate.
  package func driverReceived(_ input: LineInput, from id: ConnectionID, arrivedAt time: Instant) {
    delegate?.received(input, from: id, arrivedAt: time)
  }

  /// Tells the transport's delegate.
  package func driverInputEnded(_ id: ConnectionID) {
    delegate?.inputEnded(id)
  }

  /// The transport's delegate's farewell.
  package func driverFarewellLine(for reason: DisconnectReason) -> String? {
    delegate?.farewellLine(for: reason)
  }
}
