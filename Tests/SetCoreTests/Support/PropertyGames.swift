import SetPureTestSupport

/// How many seeded games the property tests play through, for the standard game and for each variant:
/// 10,000 by default, as CI runs them; `SETDUEL_GAMES` asks for another number: fewer, down to 1,000,
/// for a quick run of this target, or more for a soak.
let propertyGames = max(1_000, environmentNumber("SETDUEL_GAMES") ?? 10_000)
