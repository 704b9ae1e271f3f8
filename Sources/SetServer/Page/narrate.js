// The game's log in words: each happening told once (a set found is one line, its +1 on it), in the
// second person to the player it concerns. The events told are kept in the browser per table, name and
// game, so that after a reload the log tells the game so far again, in the second person now that the
// seat is known.
"use strict";

/// The events of the game being played, as kept: { game, seq, entries: [[verb, ...fields]], fresh },
/// where `seq` is the last one's number and `fresh` the first entry received since this page was
/// loaded. Null until first needed.
let told = null;
/// What this page told of earlier games since it was loaded, told again with the game so far.
const toldBefore = [];

/// The events that have words in the log; the others (picks, the table's changes) are drawn, not told.
const toldVerbs = new Set(["JOINED", "START", "SET", "NOSET", "EXPIRED", "SCORE", "TURN", "LEFT", "BACK", "OVER", "REMATCH"]);

function toldKey() {
  return "setduel:log:" + location.host + ":" + (you.table || 1) + ":" + (you.name || "").toLowerCase();
}

function loadTold() {
  try {
    const kept = JSON.parse(store.get(toldKey()) || "null");
    if (kept && Number.isFinite(kept.game) && Number.isFinite(kept.seq) && Array.isArray(kept.entries)) {
      const entries = kept.entries.filter(Array.isArray);
      return { game: kept.game, seq: kept.seq, entries, fresh: entries.length };
    }
  } catch (e) { /* not ours: start afresh */ }
  return { game: 0, seq: 0, entries: [], fresh: 0 };
}

function saveTold() {
  store.set(toldKey(), JSON.stringify({ game: told.game, seq: told.seq, entries: told.entries }));
}

/// Tells an event in the log and keeps it for a reload; `START` begins a new game's keeping.
function tell(verb, fields) {
  if (!toldVerbs.has(verb)) return;
  if (!told) told = loadTold();
  // A new game, or numbers going back (a server started again): what was kept is of another game.
  if (verb === "START" || board.seq < told.seq) {
    toldBefore.push(...told.entries.slice(told.fresh));
    toldBefore.splice(0, Math.max(0, toldBefore.length - 200));
    told = { game: Number(verb === "START" ? fields[0] : 0), seq: 0, entries: [], fresh: 0 };
  }
  told.entries.push([verb].concat(fields));
  told.seq = board.seq;
  if (told.entries.length > 400) { told.entries.shift(); told.fresh = Math.max(0, told.fresh - 1); }
  saveTold();
  narrate(verb, fields);
}

/// `OK STATE` names the game and its last event: the log becomes the game so far, told afresh from
/// what was kept (after what this page told of earlier games), before the lines that are not events. What was kept of another game, or of a server
/// that has started again since (its events numbered past the state's), is dropped.
function retell(number, seq) {
  if (!told) told = loadTold();
  if (told.game !== number || told.seq > seq) {
    told = { game: number, seq: Math.min(told.seq, seq), entries: told.entries.slice(told.fresh), fresh: 0 };
    saveTold();
  }
  const list = $("log");
  const others = Array.from(list.children).filter((item) => !item.dataset.event);
  list.replaceChildren();
  narration.last = null;
  for (const [verb, ...fields] of toldBefore.concat(told.entries)) narrate(verb, fields);
  list.append(...others);
  list.scrollTop = list.scrollHeight;
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

function whose(seat) { return Number(seat) === you.seat ? "Your" : nameOf(seat) + "'s"; }

function narrate(verb, fields) {
  const mine = Number(fields[0]) === you.seat;
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
        tellLine((mine ? "You" : nameOf(fields[0])) + " asked for three more cards with a set on the table.", verb).append(" ", shown);
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
      tellLine((mine ? "You" : nameOf(fields[0])) + " left." + (fields[1] !== "-" ? " The game is paused; the seat is held for " +
        seconds(Number(fields[1])) + ", then forfeited." : ""), verb);
      return;
    case "BACK":
      tellLine((mine ? "You are" : nameOf(fields[0]) + " is") + " back.", verb);
      return;
    case "OVER":
      tellLine(resultText(fields) + ".", verb);
      return;
    case "REMATCH":
      tellLine(who(fields[0]) + " asked for a rematch" + (fields[1] === "same" ? " on the same deck." : "."), verb);
      return;
  }
}
