import SetProtocol

/// What the terminal client prints as it exits, after the screen is gone: the games told under the names
/// of those who played them (a player's own games; every game for a spectator), then, for a player
/// whose game is unfinished, its score and what became of the seat.
public enum PartingWords {
  /// The lines for `model` as the client exits; `keepsToken` when the seat's token is kept in a file,
  /// so that the same `setduel play` can take the seat back.
  public static func lines(_ model: ClientModel, keepsToken: Bool) -> [String] {
    var lines: [String] = []
    for result in model.seat == nil ? model.results : model.playedResults {
      lines.append(HumanText.outcome(result, names: model.names(for: result), viewer: model.viewer(of: result)))
    }
    guard model.phase.isRunning, model.seat != nil else { return lines }
    var text = "Game \(model.game) unfinished: \(Renderer.scoreLine(model.displayNames, model.scores))."
    if model.lastError?.error.code == .resumedElsewhere {
      text += " Your seat is played from the other connection now."
    } else if model.farewell != nil {
      // The server said BYE: it stopped, and no seat is held at a table that is gone.
      text += " The server stopped."
    } else if keepsToken {
      text +=
        " Your seat is held for \(HumanText.seconds(model.rules.resumeGrace)): run the same setduel play to take it back."
    }
    lines.append(text)
    return lines
  }
}
