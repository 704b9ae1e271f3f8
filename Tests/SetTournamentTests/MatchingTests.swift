import SetBase
import SetTournament
import Testing

/// The blossom matching against a search of every matching, on seeded random graphs.
@Suite("Matching: Edmonds' blossom algorithm against every matching")
struct MatchingTests {
  /// The largest cardinality and, among matchings of that cardinality, the least weight, found by
  /// trying every matching of `vertices` with the edges in `weight` (nil: no edge).
  static func exhaustive(vertices: Int, weight: [[Int64?]]) -> (pairs: Int, weight: Int64) {
    var best = (pairs: 0, weight: Int64(0))
    var used = Array(repeating: false, count: vertices)
    func search(_ from: Int, pairs: Int, total: Int64) {
      var v = from
      while v < vertices && used[v] { v += 1 }
      if v == vertices {
        if pairs > best.pairs || (pairs == best.pairs && total < best.weight) { best = (pairs, total) }
        return
      }
      used[v] = true
      search(v + 1, pairs: pairs, total: total)  // v stays single
      for w in (v + 1)..<vertices where !used[w] {
        guard let edge = weight[v][w] else { continue }
        used[w] = true
        search(v + 1, pairs: pairs + 1, total: total + edge)
        used[w] = false
      }
      used[v] = false
    }
    search(0, pairs: 0, total: 0)
    return best
  }

  /// A random graph: each edge present with `density` percent, weights from `-spread` to `spread`.
  static func randomGraph(seed: UInt64, vertices: Int, density: Int, spread: Int) -> [[Int64?]] {
    var generator = SplitMix64(seed: seed)
    var weight = Array(repeating: [Int64?](repeating: nil, count: vertices), count: vertices)
    for v in 0..<vertices {
      for w in (v + 1)..<vertices where generator.draw(below: 100) < density {
        let value = Int64(generator.draw(below: 2 * spread + 1) - spread)
        weight[v][w] = value
        weight[w][v] = value
      }
    }
    return weight
  }

  static func edges(_ weight: [[Int64?]]) -> [WeightedEdge] {
    var edges: [WeightedEdge] = []
    for v in weight.indices {
      for w in (v + 1)..<weight.count {
        if let value = weight[v][w] { edges.append(WeightedEdge(v, w, weight: value)) }
      }
    }
    return edges
  }

  @Test(
    "minimum weight among maximum-cardinality matchings equals the exhaustive search, 1,000 random graphs of up to 12 vertices (SETDUEL_GAMES=10000: 2,000)"
  )
  func minimumWeightAgreesWithSearch() {
    for seed in UInt64(1)...UInt64(max(1_000, randomTournaments / 5)) {
      var generator = SplitMix64(seed: seed &* 7919)
      let vertices = 2 + generator.draw(below: 11)
      let density = [30, 60, 100][generator.draw(below: 3)]
      // Small spreads make many ties, large ones many distinct optima.
      let spread = [3, 50, 1_000_000_000_000][generator.draw(below: 3)]
      let weight = Self.randomGraph(seed: seed, vertices: vertices, density: density, spread: spread)
      let edges = Self.edges(weight)
      let mate = Matching.minimumWeight(vertexCount: vertices, edges: edges)
      for v in 0..<vertices {
        if let w = mate[v] {
          #expect(mate[w] == v && weight[v][w] != nil, "seed \(seed): \(v)-\(w) is not an edge of the matching")
        }
      }
      let pairs = mate.compactMap { $0 }.count / 2
      let expected = Self.exhaustive(vertices: vertices, weight: weight)
      #expect(pairs == expected.pairs, "seed \(seed): \(pairs) pairs, the search found \(expected.pairs)")
      #expect(
        Matching.weight(of: mate, edges: edges) == expected.weight,
        "seed \(seed): weight \(Matching.weight(of: mate, edges: edges)), the search found \(expected.weight)")
    }
  }

  @Test("maximum weight without the cardinality condition equals the exhaustive search, 1,000 random graphs")
  func maximumWeightAgreesWithSearch() {
    for seed in UInt64(1)...1_000 {
      var generator = SplitMix64(seed: seed &* 104_729)
      let vertices = 2 + generator.draw(below: 10)
      let weight = Self.randomGraph(seed: seed, vertices: vertices, density: 70, spread: 20)
      let edges = Self.edges(weight)
      let mate = Matching.maximumWeight(vertexCount: vertices, edges: edges, maximumCardinality: false)
      // The heaviest matching is the lightest one of the negated weights, with any cardinality: search
      // every matching, cardinality ignored.
      var best: Int64 = 0
      var used = Array(repeating: false, count: vertices)
      func search(_ from: Int, total: Int64) {
        var v = from
        while v < vertices && used[v] { v += 1 }
        if v == vertices {
          best = max(best, total)
          return
        }
        used[v] = true
        search(v + 1, total: total)
        for w in (v + 1)..<vertices where !used[w] {
          guard let edge = weight[v][w] else { continue }
          used[w] = true
          search(v + 1, total: total + edge)
          used[w] = false
        }
        used[v] = false
      }
      search(0, total: 0)
      #expect(Matching.weight(of: mate, edges: edges) == best, "seed \(seed)")
    }
  }

  @Test("the published cases of the primal-dual method: nested blossoms, relabelled and expanded")
  func publishedCases() {
    // (edges, the expected partner of each vertex from 1) from van Rantwijk's test suite of the method.
    let cases: [([(Int, Int, Int64)], [Int?])] = [
      ([(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7), (1, 6, 5), (4, 5, 6)], [6, 3, 2, 5, 4, 1]),
      ([(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 3), (3, 6, 4)], [2, 1, 6, 5, 4, 3]),
      ([(1, 2, 9), (1, 3, 9), (2, 3, 10), (2, 4, 8), (3, 5, 8), (4, 5, 10), (5, 6, 6)], [3, 4, 1, 2, 6, 5]),
      (
        [(1, 2, 23), (1, 5, 22), (1, 6, 15), (2, 3, 25), (3, 4, 22), (4, 5, 25), (4, 8, 14), (5, 7, 13)],
        [6, 3, 2, 8, 7, 1, 5, 4]
      ),
      (
        [
          (1, 2, 45), (1, 7, 45), (2, 3, 50), (3, 4, 45), (4, 5, 95), (4, 6, 94), (5, 6, 94), (6, 7, 50), (1, 8, 30),
          (3, 11, 35), (5, 9, 36), (7, 10, 26), (11, 12, 5),
        ], [8, 3, 2, 6, 9, 4, 10, 1, 5, 7, 12, 11]
      ),
    ]
    for (list, expected) in cases {
      let edges = list.map { WeightedEdge($0.0 - 1, $0.1 - 1, weight: $0.2) }
      let mate = Matching.maximumWeight(vertexCount: expected.count, edges: edges, maximumCardinality: false)
      #expect(mate.map { $0.map { $0 + 1 } } == expected)
    }
  }
}
