import SetBase

/// A waiting arena player, as the pairing sees them.
public struct ArenaCandidate: Hashable, Sendable {
  /// The player's name.
  public var name: String
  /// The rating at entry.
  public var rating: Int
  /// The place in the current standings, from 1.
  public var rank: Int
  /// When the player started waiting.
  public var since: Instant
  /// The opponent of the player's last game, if any.
  public var lastOpponent: String?

  /// A candidate.
  public init(name: String, rating: Int, rank: Int, since: Instant, lastOpponent: String? = nil) {
    self.name = name
    self.rating = rating
    self.rank = rank
    self.since = since
    self.lastOpponent = lastOpponent
  }
}

/// The arena's pairing: a minimum-weight matching of the waiting players with lichess's weights.
public enum ArenaPairer {
  /// lichess's cost of pairing `a` with `b` among `players` ranked players:
  /// |rank difference| x (300 + 1700 x (players - the better rank) / players) + |rating difference|,
  /// in integer arithmetic as lila has it.
  public static func weight(_ a: ArenaCandidate, _ b: ArenaCandidate, players: Int) -> Int64 {
    let better = Int64(min(a.rank, b.rank))
    let count = Int64(max(players, 1))
    let factor = 300 + 1700 * (count - better) / count
    return Int64(abs(a.rank - b.rank)) * factor + Int64(abs(a.rating - b.rating))
  }

  /// Whether `a` and `b` have just played each other.
  public static func justPlayed(_ a: ArenaCandidate, _ b: ArenaCandidate) -> Bool {
    a.lastOpponent == b.name || b.lastOpponent == a.name
  }

  /// The pairs to make of `waiting`, the better-ranked first in each pair and the pairs by the better
  /// rank: with an odd number the last to arrive waits; two who just played each other are not paired
  /// again unless they are the only two.
  public static func pair(_ waiting: [ArenaCandidate], players: Int) -> [(ArenaCandidate, ArenaCandidate)] {
    var pool = waiting.sorted { ($0.since, $0.name) < ($1.since, $1.name) }
    if pool.count % 2 == 1 { pool.removeLast() }
    guard pool.count >= 2 else { return [] }
    if pool.count == 2 { return [ordered(pool[0], pool[1])] }
    var edges: [WeightedEdge] = []
    edges.reserveCapacity(pool.count * (pool.count - 1) / 2)
    for i in pool.indices {
      for j in (i + 1)..<pool.count where !justPlayed(pool[i], pool[j]) {
        edges.append(WeightedEdge(i, j, weight: weight(pool[i], pool[j], players: players)))
      }
    }
    let mate = Matching.minimumWeight(vertexCount: pool.count, edges: edges)
    var pairs: [(ArenaCandidate, ArenaCandidate)] = []
    for i in pool.indices {
      if let j = mate[i], i < j { pairs.append(ordered(pool[i], pool[j])) }
    }
    return pairs.sorted { $0.0.rank < $1.0.rank }
  }

  static func ordered(_ a: ArenaCandidate, _ b: ArenaCandidate) -> (ArenaCandidate, ArenaCandidate) {
    (a.rank, a.name) <= (b.rank, b.name) ? (a, b) : (b, a)
  }
}
