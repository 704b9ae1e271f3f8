/// An edge of an undirected graph for `Matching`: two distinct vertices and an exact integer weight.
///
/// The weights are integers so that several criteria can be packed into one weight, each in a range
/// that the one above it never overlaps, with no rounding.
public struct WeightedEdge: Hashable, Sendable {
  /// One end, a vertex number from 0.
  public var a: Int
  /// The other end.
  public var b: Int
  /// The edge's weight.
  public var weight: Int64

  /// The edge between `a` and `b` (distinct) of weight `weight`.
  public init(_ a: Int, _ b: Int, weight: Int64) {
    precondition(a != b && a >= 0 && b >= 0, "an edge joins two distinct vertices")
    self.a = a
    self.b = b
    self.weight = weight
  }
}

/// Matchings of a general graph by Edmonds' blossom algorithm in its primal-dual form (Galil, 1986):
/// O(n³) time, integer arithmetic throughout.
public enum Matching {
  /// A matching of the largest cardinality, and among those one of the least total weight: a
  /// minimum-weight perfect matching when one exists. `mate[v]` is `v`'s partner, or nil.
  public static func minimumWeight(vertexCount: Int, edges: [WeightedEdge]) -> [Int?] {
    guard let heaviest = edges.map(\.weight).max() else { return Array(repeating: nil, count: vertexCount) }
    // Every matching of the largest cardinality k has the same k · (heaviest + 1) part, so the heaviest
    // matching of the flipped weights is the lightest of the given ones.
    let flipped = edges.map { WeightedEdge($0.a, $0.b, weight: heaviest + 1 - $0.weight) }
    return maximumWeight(vertexCount: vertexCount, edges: flipped, maximumCardinality: true)
  }

  /// A matching of the greatest total weight; with `maximumCardinality`, of the greatest weight among
  /// those of the largest cardinality. `mate[v]` is `v`'s partner, or nil.
  public static func maximumWeight(vertexCount: Int, edges: [WeightedEdge], maximumCardinality: Bool) -> [Int?] {
    guard !edges.isEmpty else { return Array(repeating: nil, count: vertexCount) }
    var solver = BlossomSolver(vertexCount: vertexCount, edges: edges, maximumCardinality: maximumCardinality)
    solver.solve()
    return (0..<vertexCount).map { vertex in
      solver.mate[vertex] < 0 ? nil : solver.endpoint[solver.mate[vertex]]
    }
  }

  /// The total weight of `mate`'s pairs, each counted once, by the weights in `edges`.
  public static func weight(of mate: [Int?], edges: [WeightedEdge]) -> Int64 {
    var total: Int64 = 0
    for edge in edges where mate[edge.a] == edge.b {
      total += edge.weight
    }
    return total
  }
}
