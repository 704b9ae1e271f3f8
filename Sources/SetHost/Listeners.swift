import SetBase
import SetProtocol
import SetTransport

/// Who hears what a table tells everyone, in order: each named connection with its presentation, and
/// its seat where its presenter makes lines for each seat (nil where it tells the whole audience alike,
/// and for a spectator). Worked out for an order of connections and kept until the connections, their
/// names and presentations, or the seats change (`invalidate()`, which the host calls on every change
/// of its `clients` and `seating`): a broadcast to a thousand spectators then reads one list instead of
/// looking up each spectator, a few microseconds instead of a few hundred, which came before the
/// players' own lines (BENCHMARKS.md, "The listeners kept between broadcasts").
struct Listeners {
  struct Member {
    let id: ConnectionID
    let presentation: Presentation
    let seat: Seat?
  }

  /// The order the members were worked out for.
  private var order: [ConnectionID] = []
  private var members: [Member] = []
  private var isCurrent = false

  /// Forgets the members worked out: something they were worked out from changed.
  mutating func invalidate() {
    isCurrent = false
  }

  /// The members of `order`, worked out with `member` (nil for a connection that is not told, one not
  /// named) unless kept from the last call for the same order with nothing changed since.
  mutating func members(in order: [ConnectionID], _ member: (ConnectionID) -> Member?) -> [Member] {
    guard !isCurrent || order != self.order else { return members }
    self.order = order
    members = order.compactMap(member)
    isCurrent = true
    return members
  }
}
