extension BlossomSolver {
  /// Runs stages until no augmenting path is left: each stage grows alternating trees from the single
  /// vertices, and where no edge is tight moves the duals by the least slack (delta 1 to 4).
  mutating func solve() {
    let n = vertexCount
    for _ in 0..<n {
      for index in label.indices { label[index] = 0 }
      for index in bestEdge.indices { bestEdge[index] = -1 }
      for index in n..<(2 * n) { blossomBestEdges[index] = nil }
      for index in allowEdge.indices { allowEdge[index] = false }
      queue.removeAll(keepingCapacity: true)
      for v in 0..<n where mate[v] == -1 && label[inBlossom[v]] == 0 {
        assignLabel(v, 1, -1)
      }
      var augmented = false
      while true {
        augmented = scanQueue()
        if augmented { break }
        if !adjustDuals() { break }
      }
      if !augmented { break }
      for b in n..<(2 * n)
      where blossomParent[b] == -1 && blossomBase[b] >= 0 && label[b] == 1 && dual[b] == 0 {
        expandBlossom(b, endOfStage: true)
      }
    }
  }

  /// Labels from the queue of S-vertices until it is empty (false) or the matching grew (true).
  mutating func scanQueue() -> Bool {
    while let v = queue.popLast() {
      for neighbour in adjacency[v] {
        let p = neighbour.end
        let k = p / 2
        let w = neighbour.vertex
        if inBlossom[v] == inBlossom[w] { continue }
        var kSlack: Int64 = 0
        if !allowEdge[k] {
          kSlack = dual[v] + dual[w] - neighbour.twiceWeight
          if kSlack <= 0 { allowEdge[k] = true }
        }
        if allowEdge[k] {
          if label[inBlossom[w]] == 0 {
            assignLabel(w, 2, p ^ 1)
          } else if label[inBlossom[w]] == 1 {
            let base = scanBlossom(v, w)
            if base >= 0 {
              addBlossom(base, k)
            } else {
              augmentMatching(k)
              return true
            }
          } else if label[w] == 0 {
            label[w] = 2
            labelEnd[w] = p ^ 1
          }
        } else if label[inBlossom[w]] == 1 {
          let b = inBlossom[v]
          if bestEdge[b] == -1 || kSlack < slack(bestEdge[b]) { bestEdge[b] = k }
        } else if label[w] == 0 {
          if bestEdge[w] == -1 || kSlack < slack(bestEdge[w]) { bestEdge[w] = k }
        }
      }
    }
    return false
  }

  /// Moves the duals by the least of the four deltas and acts on it; false when the optimum is reached.
  mutating func adjustDuals() -> Bool {
    let n = vertexCount
    var type = -1
    var delta: Int64 = 0
    var deltaEdge = -1
    var deltaBlossom = -1
    if !maximumCardinality {
      type = 1
      delta = dual[0..<n].min()!
    }
    for v in 0..<n where label[inBlossom[v]] == 0 && bestEdge[v] != -1 {
      let d = slack(bestEdge[v])
      if type == -1 || d < delta {
        delta = d
        type = 2
        deltaEdge = bestEdge[v]
      }
    }
    for b in 0..<(2 * n) where blossomParent[b] == -1 && label[b] == 1 && bestEdge[b] != -1 {
      // S-to-S slacks are even: the duals are doubled.
      let d = slack(bestEdge[b]) / 2
      if type == -1 || d < delta {
        delta = d
        type = 3
        deltaEdge = bestEdge[b]
      }
    }
    for b in n..<(2 * n)
    where blossomBase[b] >= 0 && blossomParent[b] == -1 && label[b] == 2 && (type == -1 || dual[b] < delta) {
      delta = dual[b]
      type = 4
      deltaBlossom = b
    }
    if type == -1 {
      type = 1
      delta = max(0, dual[0..<n].min()!)
    }
    for v in 0..<n {
      switch label[inBlossom[v]] {
      case 1: dual[v] -= delta
      case 2: dual[v] += delta
      default: break
      }
    }
    for b in n..<(2 * n) where blossomBase[b] >= 0 && blossomParent[b] == -1 {
      if label[b] == 1 {
        dual[b] += delta
      } else if label[b] == 2 {
        dual[b] -= delta
      }
    }
    switch type {
    case 2:
      allowEdge[deltaEdge] = true
      var (i, j) = edgeEnds[deltaEdge]
      if label[inBlossom[i]] == 0 { swap(&i, &j) }
      queue.append(i)
    case 3:
      allowEdge[deltaEdge] = true
      queue.append(edgeEnds[deltaEdge].0)
    case 4:
      expandBlossom(deltaBlossom, endOfStage: false)
    default:
      return false
    }
    return true
  }
}
