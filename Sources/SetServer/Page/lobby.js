// The hall's lobby: when the server holds more than one table, the page opens on a tile for each
// (who plays, the score, the variant; those waiting for a player first), with buttons to join, watch
// and open a table, or to play the computer. The address names the table (`#t=3`): a shared link lands
// there, a reload comes back to it, and the seat's token is kept per table. Everything the server sent
// is set as text only.
"use strict";

/// The table the address names (`#t=3`, or a table's name), or "".
function tableFromHash() {
  const found = /^#t=([A-Za-z0-9_-]{1,24})$/.exec(location.hash);
  return found ? found[1] : "";
}

/// The address of the table the page is at, without a new entry in the browser's history.
function setHash(table) {
  if (tableFromHash() !== String(table)) history.replaceState(null, "", "#t=" + table);
}

/// `HALL <id> <name> <variant> <firstTo> <scoring> <seat1> <seat2> <score1> <score2> <state> <watching> <bot>`.
function hallLine(words) {
  const id = Number(words[1]);
  if (!(id >= 1) || words.length < 13) return;
  if (words[10] === "closed") game.hall.delete(id);
  else {
    game.hall.set(id, {
      id, name: words[2], variant: words[3], firstTo: words[4] === "-" ? 0 : Number(words[4]), scoring: words[5],
      seats: [words[6] === "-" ? "" : words[6], words[7] === "-" ? "" : words[7]],
      scores: [Number(words[8]), Number(words[9])], state: words[10], watching: Number(words[11]),
      bot: words[12] === "-" ? "" : words[12],
    });
  }
  if (!$("lobby").hidden) drawLobby();
  drawHallButton();
  drawJoinAbout();
  if ($("howto").open && !rulesKnown()) drawHowto();
}

/// What the join screen says of the table, from the hall's line for it: the game, who waits there,
/// and a computer player.
function drawJoinAbout() {
  const table = game.hall.get(Number(game.table) || 1);
  const about = $("join-about");
  about.hidden = !table;
  if (!table) return;
  const played = table.variant === "normal" ? "standard Set" : table.variant;
  const parts = ["This table plays " + [played].concat(tileAbout(table).split(" · ").slice(1)).join(", ") + "."];
  if (variantRules[table.variant]) parts.push(variantRules[table.variant]);
  const seated = table.seats.filter(Boolean);
  if (table.bot && seated.length < 2) parts.push("You play the computer (" + table.bot + "): it sits down with you.");
  else if (table.bot) parts.push(seated[0] + " plays the computer (" + seated[1] + ", " + table.bot + "): you will watch.");
  else if (seated.length === 2) parts.push(seated.join(" and ") + " are playing: you will watch.");
  else if (seated.length === 1) parts.push(seated[0] + " is waiting for a player: sit down to play.");
  else parts.push("Nobody is here yet: the first two names play.");
  about.textContent = parts.join(" ");
}

/// `OK TABLES <count>`: the lobby opens when there are several tables and none was asked for.
function hallListed(count) {
  game.hallCount = count;
  drawHallButton();
  if (count > 1 && !game.named && !game.table && !game.going) showLobby();
}

/// Asks to move to `table` (`JOIN`): before the page's name is given the connection moves and `NAME`
/// follows there; a named connection takes a seat or watches there at once.
function goTo(table) {
  if (game.going) return;
  game.going = true;
  if (game.named) game.moving = true;
  send("@go JOIN " + table);
}

/// Opens a table with the lobby's variant, against the computer when `bot` (`OPEN`), and moves there.
function openTable(bot) {
  if (game.going || !lobbyName()) return;
  game.going = true;
  if (game.named) game.moving = true;
  const variant = $("open-variant").value;
  send("@go OPEN" + (variant && variant !== "normal" ? " variant=" + variant : "") + (bot ? " bot=normal" : ""));
}

/// The name typed in the lobby, kept as the page's name; or "" after asking for one.
function lobbyName() {
  if (game.named) return game.name;
  const input = $("lobby-name");
  const name = input.value.trim();
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(name)) {
    showNotice("Choose a name first: 1 to 16 letters, digits, - or _.");
    input.focus();
    return "";
  }
  game.name = name;
  $("name").value = name;
  store.set("setduel:name:" + location.host, name);
  game.joined = true;
  return name;
}

/// `OK JOIN <id> <seat> <token>` or `OK OPEN ...`: the page is at table `id` now.
function arrived(words) {
  game.going = false;
  game.watchingHall = false;  // A move ends TABLES WATCH.
  game.table = Number(words[2]);
  setHash(game.table);
  hideLobby();
  if (!game.hall.has(game.table)) send("@hall TABLES");  // A table opened since: its name for the bar.
  if (game.moving) {
    // A named connection sat down or watches here: as `OK NAME` says.
    game.moving = false;
    return handleOK(["OK", "NAME", words[3], words[4]]);
  }
  if (!game.joined || !game.name) {
    $("join").hidden = false;
    send("@rules RULES");  // This table's, for How to play.
    return draw();
  }
  const token = store.get(tokenKey(game.name));
  if (token) send("RESUME " + token);
  else sendName(game.name);
}

/// A refused `JOIN` or `OPEN`: the page stays where it was, and says why.
function notArrived(text) {
  game.going = false;
  showNotice(text);
  if (game.moving) {
    game.moving = false;
    send("STATE");  // Its events were set aside meanwhile.
  } else if (!game.named) {
    game.table = "";
    if (game.hallCount > 1) showLobby();
    else $("join").hidden = false;
  }
}

/// Forgets the table the page was at, as a move to another begins with the new table's `RULES`.
function leaveTable() {
  Object.assign(game, {
    seat: null, slots: {}, slotCount: 0, deck: 0, players: { 1: {}, 2: {} }, phase: "waiting", holder: 0,
    selected: new Set(), newSlots: new Set(), seq: 0, over: null, review: null, past: null, seatFree: 0, chain: {},
    movedSlots: new Set(), wasSeated: false, asks: {}, lastPicked: null,
  });
  stopWindow();
  stopForfeit();
  clearWhy();
  forgetTold();
  hideOver();
  $("log").replaceChildren();
  $("history").replaceChildren();
}

function showLobby() {
  if (!game.watchingHall) {
    // The tiles follow the hall's changes while the lobby is shown (until the next move).
    game.watchingHall = true;
    if (game.named) game.hall.clear();  // Listed before this connection moved: ask afresh.
    send("@hall TABLES WATCH");
  }
  $("lobby").hidden = false;
  document.body.classList.add("in-lobby");
  setStatus("Choose a table.");
  for (const id of ["join", "table", "over", "chain", "controls", "countdown"]) $(id).hidden = true;
  $("lobby-name").value = game.name;
  $("lobby-name").disabled = game.named;
  $("lobby-back").hidden = !game.named;
  drawLobby();
}

function hideLobby() {
  $("lobby").hidden = true;
  document.body.classList.remove("in-lobby");
  if (game.named) { $("table").hidden = false; draw(); }
}

/// The bar's button back to the lobby, shown once the page sits at a table of a hall; and the
/// address, which names the table once there is more than one (a connection that never moved is at 1).
function drawHallButton() {
  $("to-lobby").hidden = !(game.hall.size > 1 && game.named);
  if (game.named && game.hallCount > 1 && !game.table) game.table = 1;
  if (game.named && game.hallCount > 1) setHash(game.table);
  const here = game.hall.get(game.table);
  $("table-name").hidden = !(here && game.hall.size > 1);
  $("table-name").textContent = here ? here.name : "";
}

/// Who plays and the score, or who waits: "ann 3 : 1 bob", "ann, waiting for a player".
function tilePlayers(table) {
  const names = table.seats.map((name, index) => name && index === 1 && table.bot ? name + " (computer)" : name);
  if (table.state === "waiting") {
    const seated = names.filter(Boolean);
    return (seated.length ? seated[0] + ", " : "") + "waiting for a player";
  }
  const state = { paused: " (paused)", over: " (game over)" }[table.state] || "";
  return names[0] + " " + table.scores[0] + " : " + table.scores[1] + " " + names[1] + state;
}

function tileAbout(table) {
  const parts = [table.variant === "normal" ? "standard Set" : table.variant];
  if (table.firstTo > 0) parts.push("first to " + table.firstTo);
  if (table.scoring === "speed") parts.push("speed scoring");
  if (table.watching > 0) parts.push(table.watching + " watching");
  return parts.join(" · ");
}

/// How soon a table is shown: someone waiting there for a player first, then empty tables, then the rest.
function lobbyRank(table) {
  if (table.state !== "waiting") return 2;
  return table.seats.some((name) => name) ? 0 : 1;
}

/// The tiles, those waiting for a player first, each by number.
function drawLobby() {
  const tables = Array.from(game.hall.values()).sort((a, b) => lobbyRank(a) - lobbyRank(b) || a.id - b.id);
  const tiles = tables.map((table) => {
    const tile = document.createElement("article");
    tile.className = "tile" + (table.state === "waiting" ? " waiting" : "") + (table.id === game.table ? " here" : "");
    tile.dataset.table = String(table.id);
    const title = document.createElement("h3");
    const number = document.createElement("span");
    number.className = "tile-number";
    number.textContent = "#" + table.id;
    title.append(number, " ", table.name);
    const players = document.createElement("p");
    players.className = "tile-players";
    players.textContent = tilePlayers(table);
    const about = document.createElement("p");
    about.className = "tile-about";
    about.textContent = tileAbout(table);
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.go = String(table.id);
    button.textContent = table.id === game.table && game.named ? "Back to it" : table.state === "waiting" ? "Join" : "Watch";
    tile.append(title, players, about, button);
    return tile;
  });
  $("tiles").replaceChildren(...tiles);
  const waiting = tables.filter((table) => table.state === "waiting").length;
  $("lobby-count").textContent = tables.length + " tables, " + waiting + " waiting for a player";
}

window.addEventListener("DOMContentLoaded", () => {
  const asked = tableFromHash();
  game.table = /^\d+$/.test(asked) ? Number(asked) : asked;
  $("tiles").addEventListener("click", (event) => {
    const button = event.target.closest("[data-go]");
    if (!button) return;
    const table = Number(button.dataset.go);
    if (table === game.table && game.named) return hideLobby();
    if (lobbyName()) goTo(table);
  });
  $("open-form").addEventListener("submit", (event) => { event.preventDefault(); openTable(false); });
  $("open-bot").addEventListener("click", () => openTable(true));
  $("lobby-back").addEventListener("click", () => hideLobby());
  $("to-lobby").addEventListener("click", () => showLobby());
  // A table's address typed or pasted into this tab: go there.
  window.addEventListener("hashchange", () => {
    const table = tableFromHash();
    if (!table || table === String(game.table)) return;
    if (!game.named) game.table = /^\d+$/.test(table) ? Number(table) : table;
    goTo(table);
  });
});
