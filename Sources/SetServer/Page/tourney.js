// The hall's tournament as a player sees it on the page (protocol.md, Tournaments): Enter and
// Withdraw, your next opponent and table (and a button there), the clock, your points and rank, the
// standings in a tab, a Swiss's pairings between rounds, and your place at the end. It reads the
// `TOURNEY` lines an entrant is told, and asks `TOURNAMENT` and `STANDINGS` itself.
"use strict";

const tourney = {
  // null before the first answer, "none" in a hall without one, else { format, state, entrants, ms, at }.
  summary: null, standings: [], reading: [], entered: false, tab: false,
  // The game the player is paired to: { game, round, seat1, seat2, table } once moved; a Swiss's
  // latest round's pairings: [{ board, seat1, seat2 }] and its bye.
  next: null, round: 0, pairings: [], bye: "", asked: 0, askLater: null,
};

/// The lines of the tournament, from lines.js: true when the line was one of them.
function tourneyHandle(words, id) {
  const verb = words[0];
  if (verb === "OK" && words[1] === "NAME" && tourney.summary === null) askTourney();  // Does the hall run one?
  if (verb === "TOURNEY") { tourneyEvent(words.slice(1)); return true; }
  if (verb === "STANDING") { tourney.reading.push(words); return true; }
  if (verb === "OK" && words[1] === "STANDINGS") {
    tourney.standings = tourney.reading.map((w) => ({ rank: Number(w[1]), name: w[2], points: w[3], games: Number(w[5]), status: w[11] }));
    tourney.reading = [];
    tourney.entered = tourney.standings.some((s) => s.name.toLowerCase() === you.name.toLowerCase() && s.status !== "withdrawn");
    drawTourney();
    return true;
  }
  if (verb === "OK" && words[1] === "TOURNAMENT") {
    tourney.summary = { format: words[2], state: words[3], entrants: Number(words[4]), ms: Number(words[5]), at: performance.now() };
    askStandings();  // Whether this player is entered, and where it stands.
    drawTourney();
    return true;
  }
  if (verb === "OK" && (words[1] === "ENTER" || words[1] === "WITHDRAW")) { askTourney(); return true; }
  if (verb === "ERR" && id === "@pt") {
    if (words[1] === SERVER.errors.notNow) tourney.summary = "none";
    drawTourney();
    return true;
  }
  if (verb === "ERR" && id === "@ps") { tourney.reading = []; return true; }
  if (verb === "ERR" && id === "@pe") { showNotice(words.slice(2).join(" ")); return true; }
  return false;
}

/// `TOURNEY <kind> ...`, as every entrant is told.
function tourneyEvent(w) {
  const me = (name) => name && name.toLowerCase() === you.name.toLowerCase();
  switch (w[0]) {
    case "round":
      tourney.round = Number(w[1]);
      tourney.pairings = [];
      tourney.bye = w[2] === "-" ? "" : w[2];
      break;
    case "pair":  // A pair of the round just paired, told before the break that shows them.
      if (Number(w[1]) !== tourney.round) break;
      tourney.pairings.push({ board: w[2], seat1: w[3], seat2: w[4] });
      if (me(w[3]) || me(w[4])) tourney.next = { game: "", round: w[1], seat1: w[3], seat2: w[4], table: 0 };
      break;
    case "seat":
      if (me(w[3]) || me(w[4])) tourney.next = { game: w[1], round: w[2], seat1: w[3], seat2: w[4], table: 0 };
      break;
    case "moved": return tourneyMoved(Number(w[1]), w[2], w[3]);
    case "result":
      if (tourney.next && tourney.next.game === w[1]) tourney.next = null;
      askStandings();
      break;
    case "started": case "clock-ended": case "finished": case "withdrew":
      askTourney();
      break;
  }
  drawTourney();
}

/// The server moved this connection to `table` for its game: the page forgets the table it left,
/// sits as `OK JOIN` would have said, and asks the new table's state.
function tourneyMoved(table, seat, token) {
  if (tourney.next) tourney.next.table = table;
  leaveTable();
  you.table = table;
  setHash(table);
  if (!lobby.tables.has(table)) send("@hall TABLES");
  handleOK(["OK", "NAME", seat, token]);
  drawTourney();
}

function askTourney() { send("@pt TOURNAMENT"); }

/// STANDINGS, at most once in two seconds: the server answers 10 in 10 seconds. One asked sooner is
/// asked when the two seconds are over, not dropped: the last result's standings always come.
function askStandings() {
  const wait = tourney.asked + 2000 - performance.now();
  if (wait > 0) {
    if (tourney.askLater === null) tourney.askLater = setTimeout(() => { tourney.askLater = null; askStandings(); }, wait);
    return;
  }
  tourney.asked = performance.now();
  send("@ps STANDINGS");
}

function tourneyToggle(action) {
  if (action === "enter") send("@pe ENTER");
  else if (action === "withdraw") send("@pe WITHDRAW");
  else if (action === "standings") { tourney.tab = !tourney.tab; if (tourney.tab) askStandings(); }
  else if (action === "go" && tourney.next && tourney.next.table && tourney.next.table !== you.table) goTo(tourney.next.table);
  drawTourney();
}

document.addEventListener("click", (click) => {
  const button = click.target.closest("[data-tourney]");
  if (button) tourneyToggle(button.dataset.tourney);
});

// The tournament's state every 5 s while the page is named; its standings when they may have changed.
setInterval(() => { if (you.named && tourney.summary !== "none") askTourney(); }, 5000);
setInterval(() => { if (tourney.summary && tourney.summary !== "none") drawTourneyClock(); }, 500);
