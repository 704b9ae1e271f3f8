/// A Swiss player's tie-breaks, exact: Buchholz in half-points, Sonneborn-Berger in quarter-points.
public struct SwissTieBreaks: Hashable, Sendable {
  /// Buchholz less the lowest contribution, in half-points.
  public var buchholzCut1: Int
  /// The sum of the opponents' adjusted points, in half-points.
  public var buchholz: Int
  /// The sum of each round's score times that opponent's adjusted points, in quarter-points.
  public var sonnebornBerger: Int
  /// Rounds won, forfeits included, byes not.
  public var wins: Int
}

/// One line of a Swiss tournament's standings.
public struct SwissStanding: Hashable, Sendable {
  /// The player.
  public var name: String
  /// The place, from 1.
  public var rank: Int
  /// Points, in half-points.
  public var halves: Int
  /// The tie-breaks.
  public var tieBreaks: SwissTieBreaks
  /// Rounds paired against an opponent (forfeits included), wins, ties, losses, and byes (the late
  /// entry's half-point bye included).
  public var games: Int, wins: Int, ties: Int, losses: Int, byes: Int
  /// Entered and not withdrawn.
  public var active: Bool
}

extension SwissBook {
  /// `name`'s points with every unplayed round counted as a tie: what an opponent of theirs is credited
  /// with (FIDE's tie-break regulations, 2024, article 16), in half-points. Rounds before a late first
  /// entry count as unplayed; the late entry's half-point bye is not added.
  public func adjustedHalves(of name: String) -> Int {
    let first = entrant(name)?.firstRound ?? 1
    var total = 0
    for round in rounds {
      let outcome = outcome(of: name, in: round)
      switch outcome {
      case .played(_, let halves): total += halves ?? 0
      default: total += round.number < first || outcome.unplayed ? 1 : 0
      }
    }
    return total
  }

  /// `name`'s tie-breaks over the rounds so far. A round `name` did not play counts as a tie against
  /// an opponent with `name`'s own points; an opponent's unplayed rounds count as ties.
  public func tieBreaks(of name: String) -> SwissTieBreaks {
    let own = halves(of: name)
    var contributions: [Int] = []
    var sonnebornBerger = 0
    var wins = 0
    for round in rounds {
      switch outcome(of: name, in: round) {
      case .played(let opponent, let halves):
        guard let halves else { continue }
        let adjusted = adjustedHalves(of: opponent)
        contributions.append(adjusted)
        sonnebornBerger += halves * adjusted
        if halves == 2 { wins += 1 }
      case .forfeit(_, let won):
        if won { wins += 1 }
        fallthrough
      case .bye, .unpaired:
        contributions.append(own)
        sonnebornBerger += own
      }
    }
    let buchholz = contributions.reduce(0, +)
    let cut = buchholz - (contributions.min() ?? 0)
    return SwissTieBreaks(buchholzCut1: cut, buchholz: buchholz, sonnebornBerger: sonnebornBerger, wins: wins)
  }

  /// Everyone who entered, in final order: points, Buchholz Cut-1, Buchholz, Sonneborn-Berger, wins,
  /// then the lot.
  public func standings() -> [SwissStanding] {
    var lines: [(SwissStanding, UInt64)] = entrants.map { entrant in
      var standing = SwissStanding(
        name: entrant.name, rank: 0, halves: halves(of: entrant.name), tieBreaks: tieBreaks(of: entrant.name),
        games: 0, wins: 0, ties: 0, losses: 0, byes: entrant.lateBye ? 1 : 0, active: entrant.active)
      for round in rounds {
        switch outcome(of: entrant.name, in: round) {
        case .played(_, let halves?):
          standing.games += 1
          if halves == 2 { standing.wins += 1 } else if halves == 1 { standing.ties += 1 } else { standing.losses += 1 }
        case .forfeit(_, let won):
          standing.games += 1
          if won { standing.wins += 1 } else { standing.losses += 1 }
        case .bye: standing.byes += 1
        case .played, .unpaired: break
        }
      }
      return (standing, entrant.lot)
    }
    lines.sort { a, b in
      let (x, y) = (a.0, b.0)
      let keys = [
        (x.halves, y.halves), (x.tieBreaks.buchholzCut1, y.tieBreaks.buchholzCut1),
        (x.tieBreaks.buchholz, y.tieBreaks.buchholz), (x.tieBreaks.sonnebornBerger, y.tieBreaks.sonnebornBerger),
        (x.tieBreaks.wins, y.tieBreaks.wins),
      ]
      for (left, right) in keys where left != right { return left > right }
      return a.1 != b.1 ? a.1 < b.1 : x.name < y.name
    }
    return lines.enumerated().map { index, line in
      var standing = line.0
      standing.rank = index + 1
      return standing
    }
  }
}
