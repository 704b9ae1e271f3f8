/// What a `LineServer` tells its owner. Every call is made on the server's queue, one at a time.
///
/// Each connection gets `connected` first and `disconnected` last, exactly once each, also after you
/// close it yourself. `disconnected` is always delivered on a later turn of the queue, never from
/// inside one of your calls to the server, so you may call the server freely from any callback.
public protocol LineServerDelegate: AnyObject {
  /// A new connection from `peer` ("a.b.c.d:port").
  func connected(_ id: ConnectionID, peer: String)
  /// As `connected(_:peer:)`; `waiting` when a person waits to be spoken to: on a server with a web
  /// site, the connection was silent until the sniffing time ended, or sent only telnet's negotiation
  /// (never for a connection that spoke a line first, a WebSocket, or any connection of a server
  /// without a web site). Default: `connected(_:peer:)`.
  func connected(_ id: ConnectionID, peer: String, waiting: Bool)
  /// One line (or a report about one) from `id`, in the order sent: never `.interrupt` or `.reply`,
  /// which the server acts on itself.
  func received(_ input: LineInput, from id: ConnectionID)
  /// As `received(_:from:)`, for a transport that knows when the line reached the machine: `time` is
  /// on the transport's monotonic clock, and may be before now if the server was held up. Default:
  /// `received(_:from:)`.
  func received(_ input: LineInput, from id: ConnectionID, arrivedAt time: Instant)
  /// `id` will send nothing more (it closed or half-closed). It stays open for writing until you
  /// close it, which you should do once you have answered: the server does not close it for you.
  func inputEnded(_ id: ConnectionID)
  /// `id` is gone; anything sent to it from now on is dropped.
  func disconnected(_ id: ConnectionID, reason: DisconnectReason)
  /// The last line to write to a connection the server drops on its own for `reason`, or nil for
  /// none. Written best-effort: a peer that is not reading may never see it. Default nil.
  func farewellLine(for reason: DisconnectReason) -> String?
  /// The group whose lines `id`'s are handled among (a table of a hall): a group's lines are handled
  /// in the order they arrived, and when several groups have lines waiting they take turns by the time
  /// each has had, the one that had least first (`DeliveryTurns`). Default 0: one group, every line in
  /// the order it arrived.
  func turnGroup(of id: ConnectionID) -> Int
}

extension LineServerDelegate {
  /// Ignores whether a person waits.
  public func connected(_ id: ConnectionID, peer: String, waiting: Bool) {
    connected(id, peer: peer)
  }

  /// Ignores the time of arrival.
  public func received(_ input: LineInput, from id: ConnectionID, arrivedAt time: Instant) {
    received(input, from: id)
  }

  /// No farewell line.
  public func farewellLine(for reason: DisconnectReason) -> String? { nil }

  /// One group.
  public func turnGroup(of id: ConnectionID) -> Int { 0 }
}
