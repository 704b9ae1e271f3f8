// The best tables under way, as lichess TV picks them: by the players' ranks, a featured table kept
// until it ends or another is clearly better, so the screen does not flicker between close calls.
"use strict";

/// How much better (lower) a table's rank sum must be to take a featured table's place: half of it,
/// and at least three places.
const clearlyBetter = (candidate, featured) => candidate <= featured / 2 && featured - candidate >= 3;

/// A table's worth to feature: the sum of its players' ranks (lower is better), or null when it is
/// not a tournament game being played (a paused one waits for a player who may be playing elsewhere).
function tableWorth(table, ranks) {
  if (!table || table.state !== "playing") return null;
  const a = ranks.get(table.seat1), b = ranks.get(table.seat2);
  return a === undefined || b === undefined ? null : a + b;
}

/// The tables to feature now, at most `slots`, from those featured before.
function pickFeatured(slots) {
  const ranks = new Map(tv.standings.map((s) => [s.name, s.rank]));
  const worth = (id) => tableWorth(tv.hall.get(id), ranks);
  let kept = tv.featured.filter((id) => worth(id) !== null).slice(0, slots);
  const others = Array.from(tv.hall.keys()).filter((id) => worth(id) !== null && !kept.includes(id))
    .sort((a, b) => worth(a) - worth(b) || a - b);
  for (const id of others) {
    if (kept.length < slots) { kept.push(id); continue; }
    const worst = kept.reduce((w, k) => (worth(k) > worth(w) ? k : w), kept[0]);
    if (worst !== undefined && clearlyBetter(worth(id), worth(worst))) kept[kept.indexOf(worst)] = id;
  }
  tv.featured = kept;
  keepPeeks();
  return kept.map((id) => tv.hall.get(id));
}
