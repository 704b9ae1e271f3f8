// The table: its slots and cards, their layout, the scores, the controls and the status line.
"use strict";

function setTable(seq, deck, allPairs) {
  board.deck = deck;
  board.slots = {};
  const pairs = allPairs.filter((pair) => !isChainSlot(pair.split("=")[0]));
  setChain(allPairs.filter((pair) => isChainSlot(pair.split("=")[0])));
  for (const pair of pairs) {
    const [slot, card] = pair.split("=");
    if (slot && card && card !== "-") board.slots[slot] = card;
  }
  const labels = pairs.map((pair) => pair.split("=")[0]);
  board.slotCount = labels.length;
  board.movedSlots = new Set();
  draw();
}

function applyDiff(fields) {
  board.deck = Number(fields[0]);
  board.slotCount = Number(fields[1]);
  const changes = fields.slice(2);
  const next = Object.assign({}, board.slots);
  const wasNew = board.newSlots;
  board.newSlots = new Set();
  board.movedSlots = new Set();
  for (const change of changes) if (change.startsWith("-")) delete next[change.slice(1)];
  const moves = changes.map((change) => /^([A-Z])>([A-Z])=(\w{4})$/.exec(change)).filter(Boolean);
  // Moves are applied together: every moved card is lifted before any is put down, so moves may cross.
  for (const move of moves) delete next[move[1]];
  for (const move of moves) {
    next[move[2]] = move[3];
    board.movedSlots.add(move[2]);
    if (wasNew.has(move[1])) board.newSlots.add(move[2]);  // A card just dealt stays marked where it went.
  }
  if (moves.length > 0) board.movedAt = performance.now();
  for (const change of changes) {
    const fill = /^\+([A-Z])=(\w{4})$/.exec(change);
    if (fill) { next[fill[1]] = fill[2]; board.newSlots.add(fill[1]); }
  }
  board.slots = next;
}

function slotLabels() {
  const labels = [];
  for (let i = 0; i < board.slotCount; i++) labels.push(String.fromCharCode(65 + i));
  return labels;
}

/// Lays the cards out as large as the table's area allows: the column count that gives the widest card.
function layout() {
  const table = $("table");
  const labels = slotLabels();
  const n = Math.max(labels.length, 1);
  const rect = table.getBoundingClientRect();
  const width = Math.max(200, rect.width - 4);
  // From the top of the page, not of the view: the layout must not grow as the page is scrolled.
  const height = Math.max(160, window.innerHeight - (rect.top + window.scrollY) - controlsHeight() - 8);
  const gap = Math.max(4, Math.min(14, width / 80));
  let best = { w: 0, cols: 3 };
  for (let cols = 1; cols <= n; cols++) {
    const rows = Math.ceil(n / cols);
    const w = Math.min((width - gap * (cols - 1)) / cols, ((height - gap * (rows - 1)) / rows) * 1.5);
    if (w > best.w) best = { w, cols };
  }
  const cardWidth = Math.max(60, Math.floor(Math.min(best.w, 900)));
  table.style.setProperty("--card-w", cardWidth + "px");
  table.style.setProperty("--card-h", Math.floor(cardWidth / 1.5) + "px");
  table.style.setProperty("--gap", gap + "px");
  // Rows of best.cols cards, a short last row centred (junior's nine cards in two columns, say).
  const row = best.cols * cardWidth + (best.cols - 1) * gap;
  table.style.paddingInline = Math.max(0, Math.floor((rect.width - row) / 2) - 1) + "px";
}

function controlsHeight() {
  const controls = $("controls");
  if (controls.hidden) return 0;
  return controls.getBoundingClientRect().height;
}

function drawTable() {
  const table = $("table");
  table.replaceChildren();
  const mine = board.holder === you.seat && you.seat > 0;
  for (const slot of slotLabels()) {
    const code = board.slots[slot];
    if (!code) {
      const empty = document.createElement("div");
      empty.className = "card empty";
      empty.dataset.slot = slot;
      table.appendChild(empty);
      continue;
    }
    const card = cardButton(slot, code, mine, "card");
    if (board.newSlots.has(slot)) card.classList.add("new");
    markMoved(card, slot);
    table.appendChild(card);
  }
  layout();
}

// Each mood a player shows (`MOOD <seat> <word>`): its face drawn (no emoji font needed) as the eyes'
// and the mouth's paths on a round face of 20 by 20; its words are the server's (SERVER.moods). A word
// not in both is not shown.
const FACES = {
  looking: ["M6 8.5h2.5M11.5 8.5H14", "M7 14h6"],
  sure: ["M5.5 8.5q1.5-1 3 0M11.5 8.5q1.5-1 3 0", "M6.5 13.5q4 2.5 7-1"],
  glad: ["M5.5 9q1.5-2 3 0M11.5 9q1.5-2 3 0", "M6 12.5q4 4 8 0"],
  beaten: ["M6 8l2.5 1M14 8l-2.5 1", "M6.5 15q3.5-3 7 0"],
};

function moodFace(word) {
  const [eyes, mouth] = FACES[word];
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", "0 0 20 20");
  svg.setAttribute("aria-hidden", "true");
  const head = document.createElementNS(svgNS, "circle");
  for (const [key, value] of [["cx", 10], ["cy", 10], ["r", 9]]) head.setAttribute(key, value);
  const features = document.createElementNS(svgNS, "path");
  features.setAttribute("d", eyes + mouth);
  svg.append(head, features);
  return svg;
}

// `MOOD <seat> <word>`: the face beside that player's name, until the next mood or game.
function showMood(seat, word) {
  if (!board.players[seat]) return;
  board.players[seat].mood = word;
  drawScores();
}

function drawScores() {
  for (const seat of [1, 2]) {
    const element = document.querySelector('.score[data-seat="' + seat + '"]');
    const player = board.players[seat] || {};
    // A seat nobody holds is waiting for a player; "away" is for a player who left and may come back.
    const free = !player.name && player.free === true;
    element.querySelector(".who").textContent =
      (player.name || (free ? "waiting for a player" : "seat " + seat)) + (seat === you.seat ? " (you)" : "");
    const mood = element.querySelector(".mood");
    const known = Object.hasOwn(SERVER.moods, player.mood || "") && Object.hasOwn(FACES, player.mood);
    mood.hidden = !known || free;
    if ((mood.dataset.mood || "") !== (known ? player.mood : "")) {
      mood.dataset.mood = known ? player.mood : "";
      mood.replaceChildren(...(known ? [moodFace(player.mood)] : []));
      mood.title = known ? SERVER.moods[player.mood] : "";
    }
    element.querySelector(".points").textContent = String(player.score || 0);
    element.classList.toggle("me", seat === you.seat);
    element.classList.toggle("away", player.here === false && !free);
    element.classList.toggle("free", free);
    element.classList.toggle("holder", seat === board.holder);
  }
}

function draw() {
  drawScores();
  if (you.joined) { drawChain(); drawTable(); }
  const seated = you.seat > 0;
  const controls = $("controls");
  controls.hidden = !seated;
  if (seated) {
    const over = board.phase === "over";
    controls.querySelector('[data-action="claim"]').hidden = over;
    controls.querySelector('[data-action="deal"]').hidden = over;
    controls.querySelector('[data-action="rematch"]').hidden = !over;
    controls.querySelector('[data-action="rematch-same"]').hidden = !over;
    controls.querySelector('[data-action="claim"]').disabled = board.phase !== "open";
    controls.querySelector('[data-action="deal"]').disabled = board.phase !== "open" || board.deck === 0;
    drawAsks(over);
  }
  document.body.classList.toggle("game-over", seated && board.phase === "over");
  setStatus(statusText());
}

/// The rematch requests by the buttons: the other player's marks the button to press, and yours says
/// whom it waits for.
function drawAsks(over) {
  const asks = over ? board.asks || {} : {};
  const other = you.seat === 1 ? 2 : 1;
  const theirs = asks[other];
  const mine = asks[you.seat];
  $("controls").querySelector('[data-action="rematch"]').classList.toggle("wanted", theirs === "new");
  $("controls").querySelector('[data-action="rematch-same"]').classList.toggle("wanted", theirs === "same");
  let text = "";
  if (theirs) {
    text = nameOf(other) + (theirs === "same" ? " asks to play the same deck again, seats swapped: press Same deck."
      : " asks for a rematch: press Rematch.");
  } else if (mine) text = "You asked for " + (mine === "same" ? "the same deck" : "a rematch") + ": waiting for " + nameOf(other) + ".";
  $("asks").textContent = text;
  $("asks").hidden = !text;
}

function statusText() {
  if (!you.joined) return "Choose a name to sit down.";
  const watching = you.seat === 0 ? "Watching. " : "";
  const deck = board.deck + " cards in the deck";
  switch (board.phase) {
    case "waiting": return watching + "Waiting for a second player.";
    case "open": return watching + "Open play: anyone may call Set. " + deck + ".";
    case "claim": case "turn": case "needless":
      return watching + (board.holder === you.seat ? "Your pick: choose " + groupWord() + " cards." : nameOf(board.holder) + " is picking.");
    case "paused": {
      const away = [1, 2].filter((seat) => board.players[seat] && board.players[seat].here === false).map(nameOf);
      const left = forfeitSeconds();
      return watching + "Paused: " + (away.length ? away.join(" and ") : "a player") + " away" +
        (left === null ? "." : ", forfeit in " + left + " s unless back.");
    }
    case "over": return watching + "Game over.";
    default: return watching;
  }
}

/// A card that can be picked: its slot's label, its drawing, and a click that picks it; marked when the
/// window's holder has selected it (as yours, or as the other player's).
function cardButton(slot, code, mine, className) {
  const card = document.createElement("button");
  card.type = "button";
  card.className = className;
  card.dataset.slot = slot;
  card.dataset.card = code;
  if (board.selected.has(slot)) card.classList.add(mine ? "selected" : "theirs");
  const label = document.createElement("span");
  label.className = "slot";
  label.textContent = slot;
  card.appendChild(label);
  card.appendChild(cardSVG(code));
  card.addEventListener("click", () => pick(slot));
  return card;
}
