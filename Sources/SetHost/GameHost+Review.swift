import SetAnalysis
import SetCore
import SetProtocol
import SetTransport

extension GameHost {
  /// `REVIEW [game]`: a finished game's analysis, the last finished game by default: `REVIEWSET` and
  /// `REVIEWPLAYER` lines, or the report in words. A game still being played is not reviewed, as that
  /// would show the sets on the table.
  mutating func review(_ number: Int?, for id: ConnectionID) -> Result<Reply.Kind, ProtocolError> {
    let games = analysis.games
    guard let last = games.last else {
      return .failure(ProtocolError(.notOver, "no game has finished yet; REVIEW shows a finished game"))
    }
    guard let game = number.map({ number in games.first { $0.game == number } }) ?? last else {
      let finished = Self.listed(games.map(\.game))
      return .failure(ProtocolError(.badArgument, "no finished game \(number ?? 0); finished: \(finished)"))
    }
    tell(id, .review(game))
    return .success(.ok(.review(game: game.game)))
  }

  /// The finished games' `numbers`, as an error lists them, so that the line fits 79 columns however
  /// long the evening: each of up to five; else the first and the last when every number between was
  /// finished too; else the last five.
  static func listed(_ numbers: [Int]) -> String {
    guard numbers.count > 5, let first = numbers.first, let last = numbers.last else {
      return numbers.map(String.init).joined(separator: ", ")
    }
    if last - first == numbers.count - 1 { return "\(first) to \(last)" }
    return "…, " + numbers.suffix(5).map(String.init).joined(separator: ", ")
  }
}

extension GameHost {
  /// Swaps the two players' seats, as a same-deck rematch starts: each keeps their name, token and
  /// connection, and a `JOINED` for each seat tells everyone (and each player's client its new seat).
  mutating func swapSeats() {
    guard let one = seating.holders.one, let two = seating.holders.two, seating.swap() else { return }
    broadcastJoined([(.one, two.name), (.two, one.name)])
    for (seat, name) in [(Seat.one, two.name), (.two, one.name)] where botNames.contains(PlayerName.key(name)) {
      record(.bot(seat))
    }
  }
}
