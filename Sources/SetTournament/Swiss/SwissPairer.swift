/// Pairs a Swiss round by one minimum-weight perfect matching whose integer weights pack the rules'
/// criteria in order, each in a range the ones below can never reach:
///
/// 1. never a rematch, and the bye never to a player who has had one or won by forfeit: such pairs
///    are not edges at all;
/// 2. the least sum over the pairs of the squared difference in points, the bye counting as a pair
///    with a player on 0 points;
/// 3. the bye to the lowest-ranked player possible;
/// 4. within each points group, the top half against the bottom half in ranking order (a pair inside
///    a group of m players, d places apart, costs |2d - m|); a player floating to another group meets
///    its highest-ranked players first, the higher floater the higher opponent.
public enum SwissPairer {
  /// The criteria's weights for `players`, in ranking order: the vertices are the players' indices,
  /// and with an odd count, one more, `players.count`, which stands for the bye.
  public static func edges(book: SwissBook, players: [String]) -> [WeightedEdge] {
    let n = players.count
    let halves = players.map(book.halves(of:))
    let opponents = players.map(book.opponents(of:))
    // Where each player stands in its points group, and the group's size.
    var groupSize: [Int: Int] = [:]
    var place: [Int] = []
    for points in halves {
      place.append(groupSize[points, default: 0])
      groupSize[points, default: 0] += 1
    }
    let order = Int64(n + 1)
    let halfUnit: Int64 = 1
    let byeUnit = order * order * order
    let squareUnit = byeUnit * order
    var edges: [WeightedEdge] = []
    edges.reserveCapacity(n * (n + 1) / 2)
    for i in 0..<n {
      for j in (i + 1)..<n where opponents[i][players[j]] == nil {
        let gap = Int64(halves[i] - halves[j])
        let half: Int64
        if halves[i] == halves[j] {
          half = Int64(abs(2 * (place[j] - place[i]) - groupSize[halves[i]]!))
        } else {
          // i is ranked above j, so i is the floater.
          half = Int64(place[j]) * Int64(n - i)
        }
        edges.append(WeightedEdge(i, j, weight: gap * gap * squareUnit + half * halfUnit))
      }
    }
    if n % 2 == 1 {
      for i in 0..<n where book.byeBar(for: players[i]) == nil {
        let points = Int64(halves[i])
        edges.append(WeightedEdge(i, n, weight: points * points * squareUnit + Int64(n - 1 - i) * byeUnit))
      }
    }
    return edges
  }

  /// Round `number` for the `present` players (active entrants who are here), or nil if no pairing
  /// keeps the absolute rules. Entrants not present are listed as absent.
  public static func pair(book: SwissBook, present: [String], number: Int) -> SwissRound? {
    let players = book.ranked(present)
    let n = players.count
    guard n >= 2 || (n == 1 && book.byeBar(for: players[0]) == nil) else { return nil }
    let edges = edges(book: book, players: players)
    let vertexCount = n + n % 2
    let mate = Matching.minimumWeight(vertexCount: vertexCount, edges: edges)
    guard mate.allSatisfy({ $0 != nil }) else { return nil }
    var games: [SwissGame] = []
    var bye: String?
    for i in 0..<n {
      let j = mate[i]!
      if j == n {
        bye = players[i]
      } else if i < j {
        let (a, b) = (players[i], players[j])
        let aFirst = book.seatOneCount(of: a) <= book.seatOneCount(of: b)
        games.append(SwissGame(table: games.count + 1, seats: aFirst ? [a, b] : [b, a]))
      }
    }
    let presentSet = Set(present)
    let absent = book.entrants.filter { $0.firstRound <= number && !presentSet.contains($0.name) }.map(\.name)
    var round = SwissRound(number: number, games: games, bye: bye, absent: absent)
    round.reasons = reasons(book: book, players: players, round: round)
    return round
  }
}
