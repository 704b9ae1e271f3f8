import SetProtocol
import SetServer
import SetTournament

/// `setduel serve --tournament arena|swiss` and the options that go with it.
extension Serve {
  static let tournamentOptions: [OptionSpec] = [
    .choice(
      "tournament", "arena|swiss", ["arena", "swiss"],
      "run a tournament in the hall: players ENTER and are paired onto its tables (protocol.md, \"Tournaments\")"),
    .valued("minutes", "N", "how long an arena runs, in minutes (default 30)"),
    .valued("rounds", "N", "a Swiss's rounds (default ceil(log2 players) + 1, at most players - 1)"),
    .valued("start-in", "DURATION", "when the tournament starts by itself: 90, 90s, 5m or 1h (default 5m)"),
    .valued("min-players", "N", "start as soon as N players have entered"),
    .valued("organiser", "NAME", "the name that, proven by its secret, may TOURNAMENT START, NEXT, PAUSE and END"),
    .valued("arena-wait", "SECONDS", "an arena pairs once two waiting players have waited this long (default 8)"),
    .valued("no-show", "SECONDS", "a paired player not seated within this long loses by forfeit (default 60)"),
  ]

  /// The tournament the options ask for, or nil without `--tournament`; an arena's games are played to
  /// `--first-to 5` unless told otherwise (`firstTo`).
  static func tournamentPlan(_ arguments: Arguments, seed: UInt64, firstTo: inout Int?) throws(Arguments.UsageError)
    -> TournamentPlan?
  {
    guard let kind = arguments.text("tournament") else {
      for name in ["minutes", "rounds", "start-in", "min-players", "organiser", "arena-wait", "no-show"]
      where arguments.text(name) != nil {
        throw Arguments.UsageError(message: "--\(name) is for a tournament: give --tournament arena or swiss too")
      }
      return nil
    }
    let format: TournamentSettings.Format
    if kind == "arena" {
      guard arguments.text("rounds") == nil else { throw Arguments.UsageError(message: "--rounds is for a Swiss") }
      format = .arena(minutes: try arguments.count("minutes", 30, in: 1...10_080))
      if firstTo == nil { firstTo = 5 }
    } else {
      guard arguments.text("minutes") == nil else { throw Arguments.UsageError(message: "--minutes is for an arena") }
      format = .swiss(rounds: arguments.text("rounds") == nil ? nil : try arguments.count("rounds", 1, in: 1...511))
    }
    let minimum = arguments.text("min-players") == nil ? nil : try arguments.count("min-players", 2, in: 2...512)
    var settings = TournamentSettings(format: format, seed: seed, startAt: .zero, minPlayers: minimum)
    settings.arenaWaitMilliseconds = try arguments.seconds("arena-wait", settings.arenaWaitMilliseconds)
    settings.noShowMilliseconds = try arguments.seconds("no-show", settings.noShowMilliseconds)
    let startIn = try duration("start-in", arguments.text("start-in") ?? "5m")
    let organiser = arguments.text("organiser")
    if let organiser, !PlayerName.isValid(organiser) {
      throw Arguments.UsageError(message: "--organiser \(organiser): not a name (letters, digits, - and _)")
    }
    return TournamentPlan(settings: settings, startIn: startIn, organiser: organiser)
  }

  /// A duration such as `90`, `90s`, `5m` or `1h`, in milliseconds; from 0 to a week.
  static func duration(_ name: String, _ text: String) throws(Arguments.UsageError) -> Int64 {
    let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
    let unit = text.last.flatMap { units[$0] }
    guard let number = Double(unit == nil ? text : String(text.dropLast())), number.isFinite, number >= 0,
      number * (unit ?? 1) <= 604_800
    else {
      throw Arguments.UsageError(message: "--\(name) \(text): expected a duration such as 90, 90s, 5m or 1h")
    }
    return Int64((number * (unit ?? 1) * 1000).rounded())
  }
}
