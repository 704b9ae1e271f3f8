// The tournament's pane on the page (#tourney): drawn from `tourney`, text only.
"use strict";

const ordinal = (n) => n + ({ 1: "st", 2: "nd", 3: "rd" }[n % 100 > 10 && n % 100 < 14 ? 0 : n % 10] || "th");

function drawTourney() {
  const pane = $("tourney");
  const s = tourney.summary;
  pane.hidden = !s || s === "none" || !you.named;
  if (pane.hidden) return;
  const mine = tourney.standings.find((p) => p.name.toLowerCase() === you.name.toLowerCase());
  const format = s.format === "arena" ? "Arena" : "Swiss";
  $("tourney-title").textContent = format + (s.state === "entering" ? ": entering" : s.state === "running" ? (s.format === "swiss" && tourney.round ? ", round " + tourney.round : "") : ": finished");
  $("tourney-me").textContent = mine && s.state !== "entering"
    ? "You: " + ordinal(mine.rank) + " of " + tourney.standings.length + ", " + mine.points + (mine.points === "1" ? " point" : " points")
    : tourney.entered ? "You are entered." : "";
  $("tourney-next").textContent = nextText(s, mine);
  const go = $("tourney-go");
  go.hidden = !(tourney.next && tourney.next.table && tourney.next.table !== you.table);
  $("tourney-enter").hidden = tourney.entered || s.state === "finished";
  $("tourney-withdraw").hidden = !tourney.entered || s.state === "finished";
  $("tourney-tab").setAttribute("aria-pressed", tourney.tab ? "true" : "false");
  $("tourney-standings").hidden = !tourney.tab;
  drawTourneyClock();
  drawTourneyStandings(mine);
  drawPairings();
}

/// What comes next for the player: the opponent and table, the pairings' break, or the place at the end.
function nextText(s, mine) {
  if (s.state === "finished") return mine ? "The tournament is over: you finished " + ordinal(mine.rank) + " of " + tourney.standings.length + "." : "The tournament is over.";
  if (!tourney.entered) return s.state === "entering" ? "Enter to play in it." : "Enter to join it.";
  const n = tourney.next;
  if (n) {
    const other = n.seat1.toLowerCase() === you.name.toLowerCase() ? n.seat2 : n.seat1;
    const rank = tourney.standings.find((p) => p.name === other);
    return "Your game: against " + other + (rank ? " (" + ordinal(rank.rank) + ")" : "") + (n.table ? " at table " + n.table : "") + ".";
  }
  if (s.state === "entering") return "Waiting for the start.";
  return s.format === "arena" ? "Waiting to be paired." : "Waiting for the next round.";
}

function drawTourneyClock() {
  const s = tourney.summary;
  if (!s || s === "none") return;
  const left = s.ms >= 0 ? Math.max(0, s.ms - (performance.now() - s.at)) : -1;
  const seconds = Math.ceil(left / 1000);
  const text = left < 0 ? "" : Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
  $("tourney-clock").textContent = !text ? "" : s.state === "entering" ? "starts in " + text : text + " left";
}

function drawTourneyStandings(mine) {
  const list = $("tourney-list");
  if (!tourney.tab) return;
  while (list.children.length > tourney.standings.length) list.lastElementChild.remove();
  while (list.children.length < tourney.standings.length) {
    const row = document.createElement("li");
    row.appendChild(document.createElement("span")).className = "t-name";
    row.appendChild(document.createElement("span")).className = "t-points";
    list.appendChild(row);
  }
  tourney.standings.forEach((p, i) => {
    const row = list.children[i];
    row.dataset.rank = p.rank;
    row.dataset.name = p.name;
    row.classList.toggle("me", p === mine);
    row.children[0].textContent = p.rank + ". " + p.name;
    row.children[1].textContent = p.points;
  });
}

/// A Swiss's pairings, shown between its rounds (before their games are seated at tables) and while
/// the player has no game of the round.
function drawPairings() {
  const list = $("tourney-pairings");
  const show = tourney.summary.format === "swiss" && tourney.summary.state === "running" && tourney.pairings.length > 0 && !(tourney.next && tourney.next.table);
  list.hidden = !show;
  if (!show) return;
  const lines = tourney.pairings.map((p) => p.seat1 + " – " + p.seat2).concat(tourney.bye ? [tourney.bye + ": bye"] : []);
  list.replaceChildren(...lines.map((text) => { const item = document.createElement("li"); item.textContent = text; return item; }));
}
