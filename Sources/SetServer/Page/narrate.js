// The game's log in words: each happening told once (a set found is one line, its +1 on it), in the
// second person to the player it concerns. The events told are kept in the browser per table, name and
// game, and asked of the server again (`EVENTS`) once the page is at the table, so that after a reload,
// or in a browser that kept nothing, the log tells the game so far, in the second person for the
// viewer's seat. Each game is told with the seat and names it was played with: a same-deck rematch
// swaps the seats.
"use strict";

/// The events of the game being played, as kept: { game, seq, seat, names, entries: [[verb, ...fields]],
/// fresh }, where `seq` is the last one's number, `seat` the viewer's seat in that game (0 watching),
/// `names` the seats' names in it, and `fresh` the first entry received since this page was loaded.
/// Null until first needed.
let told = null;
/// What this page told of earlier games since it was loaded, told again with the game so far: one
/// { seat, names, entries } a game.
const toldBefore = [];

/// The events that have words in the log; the others (picks, the table's changes) are drawn, not told.
const toldVerbs = new Set(["JOINED", "START", "SET", "NOSET", "EXPIRED", "SCORE", "TURN", "LEFT", "BACK", "OVER", "REMATCH"]);

function toldKey() {
  return "setduel:log:" + location.host + ":" + (you.table || 1) + ":" + (you.name || "").toLowerCase();
}

/// The seat and names the viewer sees now: a game's, while it is the one being played.
function currentView() {
  return { seat: you.seat || 0, names: { 1: board.players[1].name || "", 2: board.players[2].name || "" } };
}

function freshTold(number, seq, entries) {
  return Object.assign({ game: number, seq, entries, fresh: 0 }, currentView());
}

function loadTold() {
  try {
    const kept = JSON.parse(store.get(toldKey()) || "null");
    if (kept && Number.isFinite(kept.game) && Number.isFinite(kept.seq) && Array.isArray(kept.entries)) {
      const entries = kept.entries.filter(Array.isArray);
      const view = currentView();
      return {
        game: kept.game, seq: kept.seq, entries, fresh: entries.length,
        seat: Number.isFinite(kept.seat) ? kept.seat : view.seat, names: kept.names || view.names,
      };
    }
  } catch (e) { /* not ours: start afresh */ }
  return freshTold(0, 0, []);
}

function saveTold() {
  const { game: number, seq, seat, names, entries } = told;
  store.set(toldKey(), JSON.stringify({ game: number, seq, seat, names, entries }));
}

/// Sets aside what this page was told of the game kept so far, to be told again with its seat and names.
function setAsideTold() {
  const entries = told.entries.slice(told.fresh);
  if (entries.length) toldBefore.push({ seat: told.seat, names: told.names, entries });
  let count = toldBefore.reduce((sum, kept) => sum + kept.entries.length, 0);
  while (count > 200 && toldBefore.length) count -= toldBefore.shift().entries.length;
}

/// Tells an event in the log and keeps it for a reload; `START` begins a new game's keeping.
function tell(verb, fields) {
  if (!toldVerbs.has(verb)) return;
  if (!told) told = loadTold();
  // A new game, or numbers going back (a server started again): what was kept is of another game.
  if (verb === "START" || board.seq < told.seq) {
    setAsideTold();
    told = freshTold(Number(verb === "START" ? fields[0] : 0), 0, []);
  }
  told.entries.push([verb].concat(fields));
  told.seq = board.seq;
  // The viewer's seat and the names as the game goes on (a same-deck rematch swaps them after START);
  // a seat freed after the game keeps the name it was played under.
  const view = currentView();
  told.seat = view.seat;
  for (const seat of [1, 2]) told.names[seat] = view.names[seat] || told.names[seat];
  if (told.entries.length > 400) { told.entries.shift(); told.fresh = Math.max(0, told.fresh - 1); }
  saveTold();
  narrate(verb, fields, told);
}

/// `OK STATE` names the game and its last event: the log becomes the game so far, told afresh from
/// what was kept (after what this page told of earlier games), before the lines that are not events.
/// What was kept of another game, or of a server that has started again since (its events numbered
/// past the state's), is set aside or dropped.
function retell(number, seq) {
  if (!told) told = loadTold();
  if (told.game !== number || told.seq > seq) {
    if (told.seq <= seq) setAsideTold();
    told = freshTold(number, Math.min(told.seq, seq), []);
    saveTold();
  }
  const list = $("log");
  const others = Array.from(list.children).filter((item) => !item.dataset.event);
  list.replaceChildren();
  narration.last = null;
  for (const kept of toldBefore.concat([told])) {
    for (const [verb, ...fields] of kept.entries) narrate(verb, fields, kept);
  }
  list.append(...others);
  list.scrollTop = list.scrollHeight;
}

/// `OK EVENTS <game>` after its `EVENT` lines (`past`, each `[verb, seq, ...fields]`): the game so far as
/// the server tells it, from its `START`, takes the place of what was kept of it (the events received
/// meanwhile are among them), and the log is told again. Nothing told of a game (a server without the
/// request, a table between games) leaves the log as it is.
function adoptPast(number, past) {
  if (!past.length || past[0][0] !== "START") return;
  if (!told) told = loadTold();
  const entries = past.filter((w) => toldVerbs.has(w[0])).map((w) => [w[0]].concat(w.slice(2)));
  const kept = told.game === number ? told : null;
  if (!kept) setAsideTold();
  told = freshTold(number, Math.max(Number(past[past.length - 1][1]) || 0, kept ? kept.seq : 0), entries);
  if (kept) for (const seat of [1, 2]) told.names[seat] = told.names[seat] || kept.names[seat];
  saveTold();
  retell(number, told.seq);
}

/// Forgets what was kept in memory (a move to another table): the next event reads its own keeping.
function forgetTold() { told = null; toldBefore.length = 0; }

/// What the next event may add its words to: the last item told and its verb.
const narration = { last: null, verb: "" };

function tellLine(text, verb) {
  const item = log(text);
  item.dataset.event = verb;
  narration.last = item;
  narration.verb = verb;
  return item;
}

/// Adds `node` (after a space) to the last item told when it was one of `verbs`; else false.
function addTo(verbs, node) {
  if (!narration.last || !verbs.includes(narration.verb)) return false;
  narration.last.append(" ", node);
  return true;
}

/// Tells one event in the log as the viewer saw it in its game: `view` gives the viewer's seat then
/// (`you`) and the seats' names.
function narrate(verb, fields, view) {
  const named = (seat) => (view.names && view.names[seat]) || nameOf(seat);
  const who = (seat) => Number(seat) === view.seat ? "You" : named(seat);
  const whose = (seat) => Number(seat) === view.seat ? "Your" : named(seat) + "'s";
  const mine = Number(fields[0]) === view.seat;
  switch (verb) {
    case "JOINED": {
      const me = you.name && fields[1].toLowerCase() === you.name.toLowerCase();
      const swap = narration.verb === "START" || narration.verb === "JOINED-swap";
      if (swap) {
        if (me) tellLine("You play from seat " + fields[0] + " this game.", "JOINED-swap");
        else narration.verb = "JOINED-swap";
      } else tellLine((me ? "You" : fields[1]) + " sat down in seat " + fields[0] + ".", verb);
      return;
    }
    case "START":
      tellLine("Game " + fields[0] + " begins." + (variantRule() ? " " + variantRule() : ""), verb);
      return;
    case "SET": {
      const item = tellLine(who(fields[0]) + " found a set: " + fields[2].split(",").join(", "), verb);
      item.appendChild(miniCards(fields[2].split(",")));
      return;
    }
    case "NOSET": {
      const picked = fields[2].split(",");
      const why = whyNot(picked);
      const item = tellLine(who(fields[0]) + " picked " + picked.join(", ") + ": not a set" + (why ? ": " + why : "") + ".", verb);
      item.appendChild(miniCards(picked));
      return;
    }
    case "EXPIRED":
      tellLine(whose(fields[0]) + " time ran out.", verb);
      return;
    case "SCORE": {
      const delta = Number(fields[1]);
      const shown = document.createElement("b");
      shown.className = "delta" + (delta >= 0 ? " gain" : "");
      shown.textContent = (delta >= 0 ? "+" : "") + delta;
      const on = { set: ["SET"], wrong: ["NOSET"], expired: ["EXPIRED"] }[fields[3]];
      if (on && addTo(on, shown)) return;
      if (fields[3] === "needless") {
        tellLine((mine ? "You" : named(fields[0])) + " asked for three more cards with a set on the table.", verb).append(" ", shown);
        return;
      }
      tellLine(who(fields[0]) + " scored (" + fields[3] + ").", verb).append(" ", shown);
      return;
    }
    case "TURN": {
      const text = whose(fields[0]) + " turn to find " + (groupSize() === 4 ? "four cards" : "a set") +
        ": " + seconds(Number(fields[1])) + ".";
      if (!addTo(["NOSET", "EXPIRED", "SCORE"], text)) tellLine(text, verb);
      return;
    }
    case "LEFT":
      tellLine((mine ? "You" : named(fields[0])) + " left." + (fields[1] !== "-" ? " The game is paused; the seat is held for " +
        seconds(Number(fields[1])) + ", then forfeited." : ""), verb);
      return;
    case "BACK":
      tellLine((mine ? "You are" : named(fields[0]) + " is") + " back.", verb);
      return;
    case "OVER":
      tellLine(resultText(fields, named) + ".", verb);
      return;
    case "REMATCH":
      tellLine(who(fields[0]) + " asked for a rematch" + (fields[1] === "same" ? " on the same deck." : "."), verb);
      return;
  }
}
