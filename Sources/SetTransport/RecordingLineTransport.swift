/// An in-memory `LineTransport` that records what it is asked to do, for tests of code above the
/// transport. Not thread-safe: use it from one thread (or queue) at a time.
public final class RecordingLineTransport: LineTransport {
  /// One request made of the transport.
  public enum Action: Hashable, Sendable {
    case sent(String, to: ConnectionID)
    case closed(ConnectionID, flushFirst: Bool)
    case identified(ConnectionID)
  }

  /// Every request made while the connection was open, oldest first.
  public private(set) var actions: [Action] = []
  /// The connections open: added by `open(_:)`, removed by `close(_:flushFirst:)`.
  public private(set) var openConnections: Set<ConnectionID> = []

  /// A transport with no connections open.
  public init() {}

  /// Opens `id`, as a server would before reporting it connected.
  public func open(_ id: ConnectionID) {
    openConnections.insert(id)
  }

  /// Closes `id` as if the peer had gone, recording nothing.
  public func drop(_ id: ConnectionID) {
    openConnections.remove(id)
  }

  /// The lines sent to `id` so far, oldest first.
  public func lines(to id: ConnectionID) -> [String] {
    actions.compactMap {
      if case .sent(let line, to: id) = $0 { line } else { nil }
    }
  }

  /// Forgets the recorded actions (the open connections stay open).
  public func clearActions() {
    actions.removeAll()
  }

  @discardableResult
  public func send(_ line: String, to id: ConnectionID) -> Bool {
    guard openConnections.contains(id) else { return false }
    actions.append(.sent(line, to: id))
    return true
  }

  public func close(_ id: ConnectionID, flushFirst: Bool) {
    guard openConnections.remove(id) != nil else { return }
    actions.append(.closed(id, flushFirst: flushFirst))
  }

  public func markIdentified(_ id: ConnectionID) {
    guard openConnections.contains(id) else { return }
    actions.append(.identified(id))
  }
}
