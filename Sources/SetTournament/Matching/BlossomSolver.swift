// The blossom algorithm's one state and its steps: longer than 300 lines because the steps share
// about a dozen arrays and only make sense together (splitting them would spread one invariant over
// several files).

/// Edmonds' maximum-weight matching, primal-dual, after Galil's survey (1986) and Gabow's thesis (1973):
/// vertices 0..<n, non-trivial blossoms n..<2n, edge k's endpoints 2k and 2k+1. The vertex duals are
/// kept doubled, so that every quantity stays an integer when the weights are.
struct BlossomSolver {
  let vertexCount: Int
  let maximumCardinality: Bool
  let edgeEnds: [(Int, Int)]
  let weights: [Int64]
  /// The vertex each endpoint belongs to.
  let endpoint: [Int]
  /// Each vertex's remote endpoints.
  let neighbourEnds: [[Int]]
  /// The same, with the far vertex and twice the weight beside each: what the scan of a vertex reads,
  /// kept together so that it reads memory in order.
  let adjacency: [[Neighbour]]

  struct Neighbour {
    let end: Int
    let vertex: Int
    let twiceWeight: Int64
  }
  /// The remote endpoint of each vertex's matched edge, or -1.
  var mate: [Int]
  /// A top-level blossom's label: 0 free, 1 S, 2 T (5 marks a breadcrumb while scanning).
  var label: [Int]
  var labelEnd: [Int]
  var inBlossom: [Int]
  var blossomParent: [Int]
  var blossomChildren: [[Int]]
  var blossomBase: [Int]
  var blossomEnds: [[Int]]
  var bestEdge: [Int]
  var blossomBestEdges: [[Int]?]
  var unusedBlossoms: [Int]
  var dual: [Int64]
  var allowEdge: [Bool]
  var queue: [Int] = []

  init(vertexCount: Int, edges: [WeightedEdge], maximumCardinality: Bool) {
    self.vertexCount = vertexCount
    self.maximumCardinality = maximumCardinality
    edgeEnds = edges.map { ($0.a, $0.b) }
    weights = edges.map(\.weight)
    var ends: [Int] = []
    ends.reserveCapacity(2 * edges.count)
    var neighbours = Array(repeating: [Int](), count: vertexCount)
    for (k, edge) in edges.enumerated() {
      precondition(edge.a < vertexCount && edge.b < vertexCount, "an edge's vertex is out of range")
      ends.append(edge.a)
      ends.append(edge.b)
      neighbours[edge.a].append(2 * k + 1)
      neighbours[edge.b].append(2 * k)
    }
    endpoint = ends
    neighbourEnds = neighbours
    adjacency = neighbours.map { list in
      list.map { p in Neighbour(end: p, vertex: ends[p], twiceWeight: 2 * edges[p / 2].weight) }
    }
    let n = vertexCount
    mate = Array(repeating: -1, count: n)
    label = Array(repeating: 0, count: 2 * n)
    labelEnd = Array(repeating: -1, count: 2 * n)
    inBlossom = Array(0..<n)
    blossomParent = Array(repeating: -1, count: 2 * n)
    blossomChildren = Array(repeating: [], count: 2 * n)
    blossomBase = Array(0..<n) + Array(repeating: -1, count: n)
    blossomEnds = Array(repeating: [], count: 2 * n)
    bestEdge = Array(repeating: -1, count: 2 * n)
    blossomBestEdges = Array(repeating: nil, count: 2 * n)
    unusedBlossoms = Array(n..<(2 * n))
    let heaviest = max(0, weights.max() ?? 0)
    dual = Array(repeating: heaviest, count: n) + Array(repeating: 0, count: n)
    allowEdge = Array(repeating: false, count: edges.count)
  }

  /// Twice edge k's slack (not meaningful inside a blossom).
  func slack(_ k: Int) -> Int64 {
    dual[edgeEnds[k].0] + dual[edgeEnds[k].1] - 2 * weights[k]
  }

  /// The vertices inside blossom `b`, appended to `leaves`.
  func appendLeaves(of b: Int, to leaves: inout [Int]) {
    if b < vertexCount {
      leaves.append(b)
      return
    }
    for child in blossomChildren[b] {
      appendLeaves(of: child, to: &leaves)
    }
  }

  func leaves(of b: Int) -> [Int] {
    var found: [Int] = []
    appendLeaves(of: b, to: &found)
    return found
  }

  /// Labels the top-level blossom of `w` with `t`, reached through remote endpoint `p`.
  mutating func assignLabel(_ w: Int, _ t: Int, _ p: Int) {
    let b = inBlossom[w]
    label[w] = t
    label[b] = t
    labelEnd[w] = p
    labelEnd[b] = p
    bestEdge[w] = -1
    bestEdge[b] = -1
    if t == 1 {
      appendLeaves(of: b, to: &queue)
    } else if t == 2 {
      let base = blossomBase[b]
      assignLabel(endpoint[mate[base]], 1, mate[base] ^ 1)
    }
  }

  /// Traces back from `v` and `w`: the base of a new blossom, or -1 for an augmenting path.
  mutating func scanBlossom(_ start: Int, _ other: Int) -> Int {
    var v = start
    var w = other
    var path: [Int] = []
    var base = -1
    while v != -1 || w != -1 {
      var b = inBlossom[v]
      if label[b] & 4 != 0 {
        base = blossomBase[b]
        break
      }
      path.append(b)
      label[b] = 5
      if labelEnd[b] == -1 {
        v = -1
      } else {
        v = endpoint[labelEnd[b]]
        b = inBlossom[v]
        v = endpoint[labelEnd[b]]
      }
      if w != -1 { swap(&v, &w) }
    }
    for b in path { label[b] = 1 }
    return base
  }

  /// Makes a new S-blossom with base `base` around edge k, which joins two S-vertices.
  mutating func addBlossom(_ base: Int, _ k: Int) {
    var (v, w) = edgeEnds[k]
    let bb = inBlossom[base]
    var bv = inBlossom[v]
    var bw = inBlossom[w]
    let b = unusedBlossoms.removeLast()
    blossomBase[b] = base
    blossomParent[b] = -1
    blossomParent[bb] = b
    var path: [Int] = []
    var ends: [Int] = []
    while bv != bb {
      blossomParent[bv] = b
      path.append(bv)
      ends.append(labelEnd[bv])
      v = endpoint[labelEnd[bv]]
      bv = inBlossom[v]
    }
    path.append(bb)
    path.reverse()
    ends.reverse()
    ends.append(2 * k)
    while bw != bb {
      blossomParent[bw] = b
      path.append(bw)
      ends.append(labelEnd[bw] ^ 1)
      w = endpoint[labelEnd[bw]]
      bw = inBlossom[w]
    }
    blossomChildren[b] = path
    blossomEnds[b] = ends
    label[b] = 1
    labelEnd[b] = labelEnd[bb]
    dual[b] = 0
    for leaf in leaves(of: b) {
      if label[inBlossom[leaf]] == 2 { queue.append(leaf) }
      inBlossom[leaf] = b
    }
    var bestTo = Array(repeating: -1, count: 2 * vertexCount)
    for child in path {
      let lists: [[Int]]
      if let known = blossomBestEdges[child] {
        lists = [known]
      } else {
        lists = leaves(of: child).map { leaf in neighbourEnds[leaf].map { $0 / 2 } }
      }
      for list in lists {
        for edge in list {
          var (i, j) = edgeEnds[edge]
          if inBlossom[j] == b { swap(&i, &j) }
          let bj = inBlossom[j]
          if bj != b && label[bj] == 1 && (bestTo[bj] == -1 || slack(edge) < slack(bestTo[bj])) {
            bestTo[bj] = edge
          }
        }
      }
      blossomBestEdges[child] = nil
      bestEdge[child] = -1
    }
    let best = bestTo.filter { $0 != -1 }
    blossomBestEdges[b] = best
    bestEdge[b] = -1
    for edge in best where bestEdge[b] == -1 || slack(edge) < slack(bestEdge[b]) {
      bestEdge[b] = edge
    }
  }

  /// Dissolves top-level blossom `b`; during a stage a T-blossom's children are labelled again.
  mutating func expandBlossom(_ b: Int, endOfStage: Bool) {
    for child in blossomChildren[b] {
      blossomParent[child] = -1
      if child < vertexCount {
        inBlossom[child] = child
      } else if endOfStage && dual[child] == 0 {
        expandBlossom(child, endOfStage: endOfStage)
      } else {
        for leaf in leaves(of: child) { inBlossom[leaf] = child }
      }
    }
    if !endOfStage && label[b] == 2 {
      relabelExpandedTBlossom(b)
    }
    label[b] = -1
    labelEnd[b] = -1
    blossomChildren[b] = []
    blossomEnds[b] = []
    blossomBase[b] = -1
    blossomBestEdges[b] = nil
    bestEdge[b] = -1
    unusedBlossoms.append(b)
  }

  /// The children of an expanding T-blossom, labelled from the one it was entered through to its base.
  mutating func relabelExpandedTBlossom(_ b: Int) {
    let children = blossomChildren[b]
    let ends = blossomEnds[b]
    let count = children.count
    let entryChild = inBlossom[endpoint[labelEnd[b] ^ 1]]
    let (start, step, trick) = Self.walk(from: children.firstIndex(of: entryChild)!, count: count)
    var j = start
    func at(_ index: Int) -> Int { (index % count + count) % count }
    var p = labelEnd[b]
    while j != 0 {
      label[endpoint[p ^ 1]] = 0
      label[endpoint[ends[at(j - trick)] ^ trick ^ 1]] = 0
      assignLabel(endpoint[p ^ 1], 2, p)
      allowEdge[ends[at(j - trick)] / 2] = true
      j += step
      p = ends[at(j - trick)] ^ trick
      allowEdge[p / 2] = true
      j += step
    }
    let baseChild = children[at(j)]
    label[endpoint[p ^ 1]] = 2
    label[baseChild] = 2
    labelEnd[endpoint[p ^ 1]] = p
    labelEnd[baseChild] = p
    bestEdge[baseChild] = -1
    j += step
    while children[at(j)] != entryChild {
      let child = children[at(j)]
      if label[child] == 1 {
        j += step
        continue
      }
      if let reached = leaves(of: child).first(where: { label[$0] != 0 }) {
        label[reached] = 0
        label[endpoint[mate[blossomBase[child]]]] = 0
        assignLabel(reached, 2, labelEnd[reached])
      }
      j += step
    }
  }

  /// How to go round a blossom of `count` children from child `index` to its base, the way that
  /// ends with a matched edge: an odd index goes forward (and wraps), an even one backward. The index
  /// to start from, the step, and the endpoint trick of the edge lists.
  static func walk(from index: Int, count: Int) -> (start: Int, step: Int, trick: Int) {
    index & 1 != 0 ? (index - count, 1, 0) : (index, -1, 1)
  }

  /// Swaps matched and unmatched edges along the path through blossom `b` from `v` to its base.
  mutating func augmentBlossom(_ b: Int, _ v: Int) {
    var t = v
    while blossomParent[t] != b { t = blossomParent[t] }
    if t >= vertexCount { augmentBlossom(t, v) }
    let count = blossomChildren[b].count
    let i = blossomChildren[b].firstIndex(of: t)!
    let (start, step, trick) = Self.walk(from: i, count: count)
    var j = start
    func at(_ index: Int) -> Int { (index % count + count) % count }
    while j != 0 {
      j += step
      var child = blossomChildren[b][at(j)]
      let p = blossomEnds[b][at(j - trick)] ^ trick
      if child >= vertexCount { augmentBlossom(child, endpoint[p]) }
      j += step
      child = blossomChildren[b][at(j)]
      if child >= vertexCount { augmentBlossom(child, endpoint[p ^ 1]) }
      mate[endpoint[p]] = p ^ 1
      mate[endpoint[p ^ 1]] = p
    }
    blossomChildren[b] = Array(blossomChildren[b][i...] + blossomChildren[b][..<i])
    blossomEnds[b] = Array(blossomEnds[b][i...] + blossomEnds[b][..<i])
    blossomBase[b] = blossomBase[blossomChildren[b][0]]
  }

  /// Augments along the path through edge k, which joins two S-vertices, to two single vertices.
  mutating func augmentMatching(_ k: Int) {
    let (v, w) = edgeEnds[k]
    for (start, remote) in [(v, 2 * k + 1), (w, 2 * k)] {
      var s = start
      var p = remote
      while true {
        let bs = inBlossom[s]
        if bs >= vertexCount { augmentBlossom(bs, s) }
        mate[s] = p
        if labelEnd[bs] == -1 { break }
        let t = endpoint[labelEnd[bs]]
        let bt = inBlossom[t]
        s = endpoint[labelEnd[bt]]
        let j = endpoint[labelEnd[bt] ^ 1]
        if bt >= vertexCount { augmentBlossom(bt, j) }
        mate[j] = labelEnd[bt]
        p = labelEnd[bt] ^ 1
      }
    }
  }
}
