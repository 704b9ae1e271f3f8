import SetBase

/// The tournament's own record, written as things happen: a header with the settings and the seed,
/// then for each accepted command a line `at=NANOSECONDS VERB key=value...`, and after it one line
/// `= EVENT key=value...` for each event it caused (pairings with their reasons, byes, results,
/// withdrawals). A call of `advance(to:)` that caused events is written as the command `tick`.
///
/// The command lines are what replay feeds a fresh tournament; the event lines are what it checks.
public enum TournamentRecord {
  /// The first word of the header.
  public static let magic = "setduel-tournament"

  /// The header line for `settings`.
  public static func header(_ settings: TournamentSettings) -> String {
    var fields = [magic, "version=1", "format=" + settings.formatName]
    switch settings.format {
    case .arena(let minutes): fields.append("minutes=\(minutes)")
    case .swiss(let rounds): fields.append("rounds=" + (rounds.map(String.init) ?? "-"))
    }
    fields += [
      "seed=\(settings.seed)", "start=\(settings.startAt.nanoseconds)",
      "min=" + (settings.minPlayers.map(String.init) ?? "-"), "wait=\(settings.arenaWaitMilliseconds)",
      "back=\(settings.backWaitMilliseconds)", "break=\(settings.breakMilliseconds)",
      "noshow=\(settings.noShowMilliseconds)",
    ]
    return fields.joined(separator: " ")
  }

  /// The lines for `command`, accepted at `now`, and the events it caused; `command` nil for a call of
  /// `advance(to:)` (written only if it caused events).
  public static func lines(for command: TournamentCommand?, at now: Instant, events: [TournamentEvent]) -> [String] {
    if command == nil && events.isEmpty { return [] }
    return ["at=\(now.nanoseconds) " + (command.map(text) ?? "tick")] + events.flatMap(lines)
  }

  static func text(_ command: TournamentCommand) -> String {
    func named(_ verb: String, _ name: String) -> String { verb + " name=" + RecordField.encode(name) }
    func flag(_ verb: String, _ organiser: Bool) -> String { verb + " organiser=" + (organiser ? "1" : "0") }
    switch command {
    case .enter(let name, let rating): return named("enter", name) + " rating=\(rating)"
    case .withdraw(let name): return named("withdraw", name)
    case .pause(let name): return named("pause", name)
    case .back(let name): return named("back", name)
    case .connection(let name, let connected):
      return named("connection", name) + " connected=" + (connected ? "1" : "0")
    case .start(let organiser): return flag("start", organiser)
    case .next(let organiser): return flag("next", organiser)
    case .hold(let organiser): return flag("hold", organiser)
    case .resume(let organiser): return flag("resume", organiser)
    case .end(let organiser): return flag("end", organiser)
    case .seated(let name): return named("seated", name)
    case .result(let game, let result): return "result game=\(game) result=\(result.rawValue)"
    }
  }

  /// The lines of one event: a round is a line for the round, one per game, and one per reason (its
  /// data, then `|` and its words).
  static func lines(_ event: TournamentEvent) -> [String] {
    let e = RecordField.encode
    switch event {
    case .entered(let name, let late): return ["= entered name=\(e(name)) late=\(late ? 1 : 0)"]
    case .withdrew(let name, let cause): return ["= withdrew name=\(e(name)) cause=\(cause.rawValue)"]
    case .paused(let name): return ["= paused name=\(e(name))"]
    case .back(let name): return ["= back name=\(e(name))"]
    case .started(let rounds): return ["= started rounds=" + (rounds.map(String.init) ?? "-")]
    case .roundPaired(let round):
      var lines = [
        "= round number=\(round.number) bye=" + (round.bye.map(e) ?? "-") + " absent="
          + (round.absent.isEmpty ? "-" : round.absent.map(e).joined(separator: ","))
      ]
      for game in round.games {
        lines.append(
          "= pairing round=\(round.number) table=\(game.table) seat1=\(e(game.seats.one)) seat2=\(e(game.seats.two))")
      }
      for reason in round.reasons {
        lines.append("= reason round=\(round.number) " + data(reason) + " | " + printable(reason.description))
      }
      return lines
    case .bye(let name, let round): return ["= bye name=\(e(name)) round=\(round)"]
    case .seat(let pairing):
      return [
        "= seat game=\(pairing.game) round=" + (pairing.round.map(String.init) ?? "-")
          + " table=\(pairing.table) seat1=\(e(pairing.seats.one)) seat2=\(e(pairing.seats.two))"
      ]
    case .result(let game, let seats, let result, let points):
      return [
        "= result game=\(game) seat1=\(e(seats.one)) seat2=\(e(seats.two)) result=\(result.rawValue)"
          + " points1=\(points.one) points2=\(points.two)"
      ]
    case .held: return ["= held"]
    case .resumed: return ["= resumed"]
    case .clockEnded: return ["= clock-ended"]
    case .finished: return ["= finished"]
    }
  }

  static func data(_ reason: SwissPairingReason) -> String {
    let e = RecordField.encode
    switch reason {
    case .floated(let player, let from, let opponent, let to, let cause):
      return "kind=float player=\(e(player)) from=\(from) opponent=\(e(opponent)) to=\(to) cause=\(cause.rawValue)"
    case .rematchAvoided(let player, let other, let round):
      return "kind=rematch player=\(e(player)) other=\(e(other)) met=\(round)"
    case .bye(let player, let passedOver):
      let over = passedOver.map { e($0.player) + ":" + $0.because.rawValue }.joined(separator: ",")
      return "kind=bye player=\(e(player)) over=" + (over.isEmpty ? "-" : over)
    }
  }

  /// Words with any control character replaced, so that they stay on one line.
  static func printable(_ words: String) -> String {
    String(String.UnicodeScalarView(words.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
  }
}
