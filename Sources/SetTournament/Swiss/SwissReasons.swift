extension SwissPairer {
  /// Why `round`, paired from `players` in ranking order, is as it is: each float, each rematch that the
  /// top-half-against-bottom-half order would have made, and the bye.
  static func reasons(book: SwissBook, players: [String], round: SwissRound) -> [SwissPairingReason] {
    var reasons: [SwissPairingReason] = []
    let halves = Dictionary(uniqueKeysWithValues: players.map { ($0, book.halves(of: $0)) })
    let paired = players.filter { $0 != round.bye }
    var partner: [String: String] = [:]
    for game in round.games {
      partner[game.seats.one] = game.seats.two
      partner[game.seats.two] = game.seats.one
    }
    var groups: [Int: [String]] = [:]
    for name in paired { groups[halves[name]!, default: []].append(name) }
    for name in paired {
      guard let other = partner[name], halves[name]! > halves[other]! else { continue }
      let group = groups[halves[name]!]!
      let met = book.opponents(of: name)
      let cause: SwissPairingReason.FloatCause
      if group.allSatisfy({ $0 == name || met[$0] != nil }) {
        cause = .metEveryoneInGroup
      } else if group.count % 2 == 1 {
        cause = .oddGroup
      } else {
        cause = .restOfRound
      }
      reasons.append(
        .floated(player: name, fromHalves: halves[name]!, opponent: other, toHalves: halves[other]!, cause: cause))
    }
    for points in groups.keys.sorted(by: >) {
      let group = groups[points]!
      let half = group.count / 2
      for top in 0..<half {
        let (a, b) = (group[top], group[top + half])
        if let met = book.opponents(of: a)[b], partner[a] != b {
          reasons.append(.rematchAvoided(player: a, wouldHavePlayed: b, round: met))
        }
      }
    }
    if let bye = round.bye, let at = players.firstIndex(of: bye) {
      let passedOver = players[(at + 1)...].map { name in
        SwissPairingReason.PassedOver(player: name, because: book.byeBar(for: name) ?? .costlier)
      }
      reasons.append(.bye(player: bye, passedOver: passedOver))
    }
    return reasons
  }
}
