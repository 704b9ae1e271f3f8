// The projector page's drawing: one view at a time (the hall, the join screen, the standings, the
// podium), from the state the lines left; elements are reused, never piled up.
"use strict";

/// How long a rank's arrow shows after it changed, and how long each page of the standings shows.
const arrowMs = 60000, pageMs = 10000;

function viewNow() {
  const t = tv.tournament;
  if (t === null) return tv.hall.size ? "hall" : "connecting";
  if (t === "none") return "hall";
  return t.state === "entering" ? "join" : t.state === "running" ? "board" : "podium";
}

function draw() {
  const view = viewNow();
  if (document.body.dataset.view !== view) document.body.dataset.view = view;
  show($("tv-address"), joinAddress());
  show($("tv-address-small"), joinAddress());
  drawClock();
  if (view === "join") { drawStandings(); drawEntrants(); }  // The rows' hooks are the entrants' standings.
  if (view === "board") { drawStandings(); drawSide(); }
  if (view === "podium") { drawStandings(); drawPodium(); }  // The rows' hooks stay the final standings.
  if (view === "hall") drawHall();
}

/// The title and the clock: to the start, to an arena's end, a Swiss's round or its break's end.
function drawClock() {
  const t = tv.tournament;
  if (!t || t === "none") {
    show($("tv-title"), "The hall: " + tv.hall.size + (tv.hall.size === 1 ? " table" : " tables"));
    return show($("tv-clock"), "");
  }
  const format = t.format === "arena" ? "Arena" : "Swiss";
  const left = t.ms >= 0 ? t.ms - (performance.now() - t.at) : -1;
  if (t.state === "entering") {
    show($("tv-title"), format + " tournament");
    return show($("tv-clock"), left >= 0 ? "starts in " + clock(left) : "starts soon");
  }
  if (t.state === "finished") {
    show($("tv-title"), format + " tournament: final standings");
    return show($("tv-clock"), "finished");
  }
  show($("tv-title"), format + " tournament");
  if (t.format === "arena") return show($("tv-clock"), left >= 0 ? clock(left) + " left" : "last games");
  // A Swiss's clock runs in its break between rounds: the next round starts when it runs out.
  if (left >= 0) return show($("tv-clock"), "round " + nextSwissRound() + " in " + clock(left));
  show($("tv-clock"), "round " + Math.max(1, swissRound()));
}

/// The Swiss round after a break, from the standings: one more than the most games anyone still in it
/// has played (a bye, given as the round is paired, not counted).
function nextSwissRound() {
  return 1 + tv.standings.filter((s) => s.status !== "withdrawn").reduce((most, s) => Math.max(most, s.games), 0);
}

/// The Swiss round under way, from the standings and the hall: the most rounds anyone has played
/// (a bye counted), one more for a player at a game under way.
function swissRound() {
  const playing = new Set();
  for (const table of tv.hall.values()) {
    if (table.state === "playing" || table.state === "paused") { playing.add(table.seat1); playing.add(table.seat2); }
  }
  return tv.standings.reduce((round, s) => Math.max(round, s.games + s.byes + (playing.has(s.name) ? 1 : 0)), 0);
}

function drawEntrants() {
  const names = tv.standings.filter((s) => s.status !== "withdrawn").map((s) => s.name);
  show($("tv-entrants-count"), names.length === 0 ? "Nobody has entered yet." : names.length === 1 ? "1 player has entered:" : names.length + " players have entered:");
  sized($("tv-entrants"), names.length, () => made("li", "tv-entrant")).forEach((item, i) => show(item, names[i]));
}

/// The standings, a page at a time when they do not fit: every row is in the table (the test hooks
/// `data-rank`, `data-name`, `data-points`, `data-tiebreak`), those of other pages hidden.
function drawStandings() {
  const now = performance.now();
  const first = tv.standings[0];
  const tiebreak = first && first.tiebreaks[0] ? first.tiebreaks[0][0] : "";
  show($("tv-tiebreak"), { buchholzCut1: "BH-1", performance: "Perf" }[tiebreak] || tiebreak);
  const rows = sized($("tv-rows"), tv.standings.length, newRow);
  const fit = rowsThatFit(rows);
  const pages = Math.max(1, Math.ceil(rows.length / fit));
  if (now - tv.pageSince >= pageMs) { tv.page = (tv.page + 1) % pages; tv.pageSince = now; }
  if (tv.page >= pages) tv.page = 0;
  tv.standings.forEach((s, i) => {
    const row = rows[i];
    const value = s.tiebreaks[0] ? s.tiebreaks[0][1] : "";
    const moved = tv.moves.get(s.name);
    const arrow = moved && now - moved.at < arrowMs ? (moved.from > s.rank ? "▲" : "▼") : "";
    Object.assign(row.dataset, { rank: s.rank, name: s.name, points: s.points, tiebreak: value, fire: s.streak >= 2 ? "1" : "" });
    row.classList.toggle("withdrawn", s.status === "withdrawn");
    row.classList.toggle("up", arrow === "▲");
    row.classList.toggle("down", arrow === "▼");
    const cells = row.children;
    show(cells[0], s.rank);
    show(cells[1], arrow);
    show(cells[2], s.name);
    show(cells[3], s.points);
    show(cells[4], value);
    cells[5].classList.toggle("on-fire", s.streak >= 2);
    row.hidden = Math.floor(i / fit) !== tv.page;
  });
  show($("tv-page"), pages > 1 ? "page " + (tv.page + 1) + " of " + pages : "");
}

function newRow() {
  const row = document.createElement("tr");
  for (const kind of ["rank", "move", "name", "points", "tiebreak", "fire"]) row.appendChild(made("td", kind));
  return row;
}

/// How many rows of the standings fit the board's height, at least five.
function rowsThatFit(rows) {
  const board = $("tv-board");
  const sample = rows.find((row) => !row.hidden) || rows[0];
  const height = sample ? sample.getBoundingClientRect().height : 0;
  if (!height) return 10;
  const room = board.clientHeight - $("tv-standings").tHead.getBoundingClientRect().height - $("tv-page").getBoundingClientRect().height;
  return Math.max(5, Math.floor(room / height));
}

/// The best tables under way, drawn small with their live scores and cards, and the latest results.
function drawSide() {
  const slots = window.innerHeight >= 900 ? 3 : 2;
  const ranks = new Map(tv.standings.map((s) => [s.name, s.rank]));
  const tables = pickFeatured(slots);
  sized($("tv-featured"), tables.length, newTile).forEach((tile, i) => {
    const table = tables[i];
    tile.dataset.table = table.id;
    show(tile.children[0], table.name + (table.state === "paused" ? " (paused)" : ""));
    for (const seat of [1, 2]) {
      const player = tile.children[seat];
      const name = table["seat" + seat];
      show(player.children[0], ranks.has(name) ? "#" + ranks.get(name) : "");
      show(player.children[1], name);
      show(player.children[2], table["score" + seat]);
    }
    drawCards(tile.children[3], tv.peeks.get(table.id) || []);
  });
  sized($("tv-results"), tv.results.length, newResult).forEach((item, i) => {
    const r = tv.results[i];
    item.children[0].classList.toggle("won", r.score1 > r.score2);
    item.children[2].classList.toggle("won", r.score2 > r.score1);
    show(item.children[0], r.seat1);
    show(item.children[1], r.score1 + "–" + r.score2);
    show(item.children[2], r.seat2);
  });
  // Only whole results show: those the room beside the tables does not hold are hidden.
  const room = $("tv-results").getBoundingClientRect().bottom;
  for (const item of $("tv-results").children) item.hidden = false;
  for (const item of $("tv-results").children) item.hidden = item.getBoundingClientRect().bottom > room + 0.5;
}

function newTile() {
  const tile = made("li", "tv-tile");
  tile.appendChild(made("div", "t-name"));
  for (let seat = 0; seat < 2; seat++) {
    const player = made("div", "t-player");
    for (const kind of ["t-rank", "t-who", "t-score"]) player.appendChild(made("span", kind));
    tile.appendChild(player);
  }
  tile.appendChild(made("div", "t-cards"));
  return tile;
}

function newResult() {
  const item = made("li", "tv-result");
  for (const kind of ["r-who", "r-score", "r-who"]) item.appendChild(made("span", kind));
  return item;
}
