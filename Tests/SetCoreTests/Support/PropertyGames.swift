import SetPureTestSupport

/// How many seeded games the property tests play through, for the standard game and for each variant:
/// 1,000 by default, so that this target runs on its own in seconds; `SETDUEL_GAMES` asks for more
/// (CI plays 10,000; a soak, more still).
let propertyGames = max(1_000, environmentNumber("SETDUEL_GAMES") ?? 1_000)
