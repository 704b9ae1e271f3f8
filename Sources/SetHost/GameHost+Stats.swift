import SetCore
import SetProtocol
import SetStats
import SetTransport

/// The players' history at the table: `STATS` and `TOP`, and the history kept up to date from the
/// record lines the host writes, as values, so that it holds exactly what folding the records again gives.
extension GameHost {
  /// Writes a line of the record, and folds the same value (not its text read back) into the history
  /// and the analysis; a game's end leaves its `RATED` event waiting to follow the `OVER`. `text` is
  /// the line's text when the caller has it already (an event encoded once for the clients).
  mutating func record(_ line: RecordLine, text: String? = nil) {
    actions.append(.record(text ?? line.line))
    analysis.fold(line)
    if let rated = players.history.fold(line, into: &liveRecord) {
      pendingRated.append(
        .rated(
          game: rated.result.game, before: PerSeat { Int(rated.before[$0.offset].rating.rounded()) },
          after: PerSeat { Int(rated.after[$0.offset].rating.rounded()) }))
    }
  }

  /// `STATS [name]`: one `STAT` line (or the figures in words), for `name` or the asker.
  mutating func stats(_ name: String?, variant: Variant = .normal, for id: ConnectionID) -> Result<
    Reply.Kind, ProtocolError
  > {
    guard let asker = clients[id]?.name else { return .failure(ProtocolError(.notNamed)) }
    guard let player = history.player(name ?? asker, variant: variant) else {
      return .failure(ProtocolError(.unknownPlayer))
    }
    tell(id, .stats(player, variant: variant, played: history.variantsPlayed(by: name ?? asker)))
    return .success(.ok(.stats))
  }

  /// `TOP [n]`: the best `n` players by rating, one `STAT` line each (or the leaderboard in words).
  mutating func top(_ count: Int, variant: Variant = .normal, for id: ConnectionID) -> Result<
    Reply.Kind, ProtocolError
  > {
    guard clients[id]?.name != nil else { return .failure(ProtocolError(.notNamed)) }
    let players = history.leaderboard(limit: count, variant: variant)
    tell(id, .leaderboard(players))
    return .success(.ok(.top(count: players.count)))
  }
}
