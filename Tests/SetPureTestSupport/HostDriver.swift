import SetCore
import SetHost
import SetTransport

/// A `GameHost` driven without sockets: connections come and go, lines arrive at times the test gives,
/// and what the host sends each connection and writes to the record is kept. Time moves only when the
/// test says.
package struct HostDriver {
  /// The host driven.
  package var host: GameHost
  /// The time of the last thing that happened.
  package private(set) var now = Instant.zero
  /// Every line each connection received, in order.
  package private(set) var received: [ConnectionID: [String]] = [:]
  /// Every record line the host wrote, in order (the header is not among them).
  package private(set) var records: [String] = []
  /// The resume tokens the host was handed, in order: `token1`, `token2`, ...
  package let tokens: TokenSource
  /// How far `drain` has read each connection's lines.
  private var drained: [ConnectionID: Int] = [:]

  /// A host dealing from `seed` under `rules`, at time zero.
  package init(seed: UInt64, rules: Rules = Rules()) {
    let tokens = TokenSource()
    self.tokens = tokens
    host = GameHost(rules: rules, seed: seed, makeToken: tokens.next)
  }

  /// Opens connection `id`, at `now` unless a time is given. Returns the lines it was sent.
  @discardableResult
  package mutating func connect(_ id: ConnectionID, at time: Instant? = nil) -> [Delivery] {
    if let time { now = time }
    return perform(host.connect(id, peer: "test", at: now))
  }

  /// `line` arrives from `id`, at `now` unless a time is given. Returns the lines sent because of it.
  @discardableResult
  package mutating func send(_ line: String, from id: ConnectionID, at time: Instant? = nil) -> [Delivery] {
    if let time { now = time }
    return perform(host.receive(line, from: id, at: now))
  }

  /// `line` arrives from `id` at `milliseconds` after the start. Returns the lines sent because of it.
  @discardableResult
  package mutating func send(_ line: String, from id: ConnectionID, at milliseconds: Int64) -> [Delivery] {
    send(line, from: id, at: Instant(milliseconds: milliseconds))
  }

  /// Connection `id` drops, at `now` unless a time is given. Returns the lines sent because of it.
  @discardableResult
  package mutating func disconnect(_ id: ConnectionID, at time: Instant? = nil) -> [Delivery] {
    if let time { now = time }
    return perform(host.disconnect(id, at: now))
  }

  /// Moves the clock to `time` (never back) and lets the host's deadlines fire. Returns the lines sent.
  @discardableResult
  package mutating func advance(to time: Instant) -> [Delivery] {
    now = max(now, time)
    return perform(host.advance(to: now))
  }

  /// The lines sent to `id` since the last `drain` of it.
  package mutating func drain(_ id: ConnectionID) -> [String] {
    let lines = received[id] ?? []
    defer { drained[id] = lines.count }
    return Array(lines[min(drained[id] ?? 0, lines.count)...])
  }

  /// A line the host sent to a connection.
  package struct Delivery: Equatable, Sendable {
    /// The connection the line went to.
    package var to: ConnectionID
    /// The line, as the host wrote it.
    package var line: String

    package init(to: ConnectionID, line: String) {
      self.to = to
      self.line = line
    }
  }

  private mutating func perform(_ actions: [HostAction]) -> [Delivery] {
    var deliveries: [Delivery] = []
    for action in actions {
      for (id, lines) in action.deliveries {
        received[id, default: []] += lines
        deliveries += lines.map { Delivery(to: id, line: $0) }
      }
      if case .record(let line) = action { records.append(line) }
    }
    return deliveries
  }
}

/// Hands out distinct resume tokens, `token1`, `token2`, ..., and remembers them.
package final class TokenSource: @unchecked Sendable {
  // @unchecked Sendable: used by one GameHost, on the one thread that drives it.
  /// The tokens handed out, in order.
  package private(set) var issued: [String] = []

  /// A new token.
  package func next() -> String {
    issued.append("token\(issued.count + 1)")
    return issued[issued.count - 1]
  }
}
