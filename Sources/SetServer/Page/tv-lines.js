// The projector page's reading of the server's lines (protocol.md: HALL, STANDING, OK TOURNAMENT,
// OK PEEK).
"use strict";

function handleLine(line) {
  const words = line.split(" ");
  const verb = words[0];
  const id = (verb === "OK" || verb === "ERR") && words[1] && words[1].startsWith("@") ? words.splice(1, 1)[0] : "";
  if (verb === "HALL") return hallLine(words);
  if (verb === "STANDING") return standingLine(words);
  if (verb === "OK" && words[1] === "STANDINGS") return standingsTaken();
  if (verb === "OK" && words[1] === "TOURNAMENT") return tournamentTaken(words);
  if (verb === "OK" && words[1] === "PEEK") return peekTaken(words);
  if (verb === "ERR" && id === "@t" && words[1] === SERVER.errors.notNow) return noTournament();
  if (verb === "ERR" && id === "@s") tv.reading = [];  // Asked too often: the next answer comes whole.
}

/// `HALL <id> <name> <variant> <firstTo> <scoring> <seat1> <seat2> <score1> <score2> <state> <watching> <bot>`.
function hallLine(w) {
  if (w.length < 13) return;
  const id = Number(w[1]);
  const before = tv.hall.get(id);
  if (w[10] === "closed") { tv.hall.delete(id); tv.counted.delete(id); return draw(); }
  const table = {
    id, name: w[2], seat1: w[6] === "-" ? "" : w[6], seat2: w[7] === "-" ? "" : w[7],
    score1: Number(w[8]) || 0, score2: Number(w[9]) || 0, state: w[10], watching: Number(w[11]) || 0,
  };
  tv.hall.set(id, table);
  const wasOn = before && (before.state === "playing" || before.state === "paused");
  if (wasOn && table.state === "over") ended(table);
  else if (wasOn && table.state === "waiting" && before.seat1 && before.seat2) ended(before);
  draw();
}

/// A game seen to end at `table`: a latest result, and the event's figures, if it is a tournament's
/// game. A tournament plays one game at a table (a rematch there does not count), between entrants,
/// while it runs.
function ended(table) {
  const running = tv.tournament && tv.tournament !== "none" && tv.tournament.state === "running";
  const entrants = new Set(tv.standings.map((s) => s.name));
  if (!running || tv.counted.has(table.id) || !entrants.has(table.seat1) || !entrants.has(table.seat2)) return;
  tv.counted.add(table.id);
  tv.results.unshift({ table: table.id, seat1: table.seat1, seat2: table.seat2, score1: table.score1, score2: table.score2 });
  tv.results.length = Math.min(tv.results.length, tv.resultsKept);
  tv.figures.games += 1;
  tv.figures.sets += table.score1 + table.score2;
  const winner = table.score1 > table.score2 ? table.seat1 : table.score2 > table.score1 ? table.seat2 : "";
  for (const name of [table.seat1, table.seat2]) {
    const run = name === winner ? (tv.runs.get(name) || 0) + 1 : 0;
    tv.runs.set(name, run);
    if (run > tv.figures.streak) Object.assign(tv.figures, { streak: run, streakName: name });
  }
}

/// `STANDING <rank> <name> <points> <tiebreaks> <games> <wins> <ties> <losses> <byes> <streak> <status>`.
function standingLine(w) {
  if (w.length < 12) return;
  tv.reading.push({
    rank: Number(w[1]), name: w[2], points: w[3],
    tiebreaks: w[4].split(",").map((pair) => pair.split("=")),
    games: Number(w[5]), wins: Number(w[6]), ties: Number(w[7]), losses: Number(w[8]), byes: Number(w[9]),
    streak: w[10] === "-" ? null : Number(w[10]), status: w[11],
  });
}

/// `OK STANDINGS <count>`: the lines read are the standings; who moved is remembered for the arrows,
/// when a result moved them (not a tie-break's shuffle among players whose points stayed).
function standingsTaken() {
  const now = performance.now();
  const before = new Map(tv.standings.map((s) => [s.name, s]));
  const scored = tv.reading.some((s) => before.has(s.name) && before.get(s.name).points !== s.points);
  for (const s of tv.reading) {
    const was = before.get(s.name);
    if (scored && was !== undefined && was.rank !== s.rank) tv.moves.set(s.name, { from: was.rank, at: now });
  }
  const names = new Set(tv.reading.map((s) => s.name));
  for (const name of tv.moves.keys()) if (!names.has(name)) tv.moves.delete(name);
  tv.standings = tv.reading;
  tv.reading = [];
  tv.updates += 1;
  draw();
}

/// `OK TOURNAMENT <format> <state> <entrants> <ms> [<fastest-ms> <fastest-name>]`.
function tournamentTaken(w) {
  const was = tv.tournament && tv.tournament.state;
  tv.tournament = { format: w[2], state: w[3], entrants: Number(w[4]), ms: Number(w[5]), at: performance.now(),
    fastest: w.length >= 8 ? { ms: Number(w[6]), name: w[7] } : null };
  if (was !== w[3]) tv.page = 0;
  draw();
}

function noTournament() {
  tv.tournament = "none";
  draw();
}
