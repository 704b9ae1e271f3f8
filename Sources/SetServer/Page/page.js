// The table's page: one more client of the line protocol (protocol.md), in its machine presentation,
// one line to a WebSocket text message. It only draws: every clock stays on the server. Names and chat
// are only ever set as text (textContent), never as markup.
"use strict";

const $ = (id) => document.getElementById(id);
const store = {
  get(key) { try { return localStorage.getItem(key); } catch (e) { return null; } },
  set(key, value) { try { localStorage.setItem(key, value); } catch (e) { /* private mode */ } },
  remove(key) { try { localStorage.removeItem(key); } catch (e) { /* private mode */ } },
};
const tokenKey = (name) => "setduel:token:" + location.host + ":" + name.toLowerCase();
const secretKey = (name) => "setduel:secret:" + location.host + ":" + name.toLowerCase();

/// The secret that proves `name` is this browser's (protocol.md, Names and their owners): 32 random
/// letters, digits, - or _, made once per table and name and kept beside the resume token.
function secretFor(name) {
  let secret = store.get(secretKey(name));
  if (secret && /^[A-Za-z0-9_-]{16,64}$/.test(secret)) return secret;
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  secret = Array.from(bytes, (b) => alphabet[b & 63]).join("");
  store.set(secretKey(name), secret);
  return secret;
}

function sendName(name) { send("NAME " + name + " " + secretFor(name)); }

const game = {
  ws: null, name: store.get("setduel:name:" + location.host) || "", seat: null, joined: false,
  rules: {}, slots: {}, slotCount: 0, deck: 0, players: { 1: {}, 2: {} }, phase: "waiting", holder: 0,
  windowKind: null, windowMs: 0, windowAt: 0, selected: new Set(), newSlots: new Set(), seq: 0,
  over: null, retries: 0, stopped: false, pingAt: new Map(), pingCount: 0, lastHeard: 0, wasSeated: false,
  pending: [], rating: null, review: null, seatFree: 0, chain: {}, movedSlots: new Set(),
};

// MARK: - Connection

function connect() {
  if (game.stopped) return;
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const ws = new WebSocket(scheme + location.host + "/ws");
  game.ws = ws;
  ws.onopen = () => {
    game.lastHeard = performance.now();
    send("MODE MACHINE");
    const token = game.name ? store.get(tokenKey(game.name)) : null;
    if (token) send("RESUME " + token);
    else if (game.joined && game.name) sendName(game.name);
  };
  ws.onmessage = (event) => {
    game.lastHeard = performance.now();
    handle(String(event.data));
  };
  ws.onclose = (event) => {
    if (game.ws !== ws) return;
    game.ws = null;
    if (game.stopped) return;
    if (event.code === 1013) {
      showNotice("The table is full: it takes no more connections for now. Trying again in 8 s…");
      game.retries = Math.max(game.retries, 4);
      setTimeout(connect, 8000);
      return;
    }
    const delay = Math.min(8000, 500 * Math.pow(2, game.retries++));
    showNotice("Connection lost. Reconnecting in " + Math.round(delay / 100) / 10 + " s…");
    setTimeout(connect, delay);
  };
}

function send(line) {
  if (game.ws && game.ws.readyState === WebSocket.OPEN) game.ws.send(line);
}

// Round trips by the application's PING: a browser's own pings are out of reach of a page.
setInterval(() => {
  if (!game.ws || game.ws.readyState !== WebSocket.OPEN) return;
  if (performance.now() - game.lastHeard > 9000) {
    game.ws.close();  // Silent too long: the link is gone, whatever the browser thinks.
    return;
  }
  const token = "rtt" + ++game.pingCount;
  game.pingAt.set(token, performance.now());
  send("PING " + token);
}, 3000);

// MARK: - Lines from the server

function handle(line) {
  const words = line.split(" ");
  const verb = words[0];
  switch (verb) {
    case "SETDUEL": return;
    case "OK": return handleOK(words);
    case "ERR": return handleError(words[1], words.slice(2).join(" "));
    case "PONG": return handlePong(words[1]);
    case "RULES":
      game.rules = {};
      for (const pair of words.slice(1)) {
        const [key, value] = pair.split("=");
        game.rules[key] = /^-?\d+$/.test(value) ? Number(value) : value;
      }
      drawVariant();
      return;
    case "TABLE": return setTable(Number(words[1]), Number(words[2]), words.slice(3));
    case "PLAYER":
      game.players[words[1]] = { name: words[2] === "-" ? "" : words[2], score: Number(words[3]), here: words[4] !== "away" };
      return drawScores();
    case "RESULT": return addHistory(words.slice(1));
    case "NOTICE": return handleNotice(words[1], words.slice(2));
    case "REVIEWSET": case "REVIEWPLAYER":
      if (game.review) game.review.push(words);
      return;
    case "FOUND": case "HELP": case "STAT": return;
  }
  const seq = Number(words[1]);
  if (Number.isFinite(seq) && seq > 0) game.seq = Math.max(game.seq, seq);
  event(verb, words.slice(2));
}

function handleOK(words) {
  const verb = words[1];
  if (verb === "NAME" || verb === "RESUME" || verb === "SIT") {
    game.seat = Number(words[2]);
    game.joined = true;
    game.retries = 0;
    if (verb !== "RESUME" && game.seat > 0) store.set(tokenKey(game.name), words[3]);
    const beaten = verb === "NAME" && game.seat === 0 && game.seatFree > 0;
    game.seatFree = 0;
    drawRating();
    if (verb === "RESUME") {
      showNotice(game.wasSeated ? "Reconnected: you are back in your seat." : "You took back your seat.");
      setTimeout(hideNotice, 4000);
    } else if (beaten) showNotice("Someone else took the free seat first: you are watching.");
    else hideNotice();
    game.wasSeated = game.seat > 0;
    $("join").hidden = true;
    $("table").hidden = false;
    document.body.classList.toggle("watching", game.seat === 0);
    send("STATE");
    $("history").replaceChildren();  // HISTORY tells every finished game again.
    send("HISTORY");
  } else if (verb === "REVIEW") {
    showReview(game.review || []);
    game.review = null;
  } else if (verb === "STATE") {
    // OK STATE <seq> <game> <phase> <holder> <ms> <selected>
    game.phase = words[4];
    game.holder = Number(words[5]);
    const ms = Number(words[6]);
    game.selected = new Set(words[7] && words[7] !== "-" ? words[7].split(",") : []);
    if (["claim", "turn", "needless"].includes(game.phase)) startWindow(game.phase, ms);
    else stopWindow();
    if (game.phase !== "over") hideOver();
  }
  draw();
}

function handleError(code, text) {
  switch (code) {
    case "RESUMED_ELSEWHERE":
      game.stopped = true;
      showNotice("Your seat was taken back in another tab or window. This one has stopped; reload to play here again.");
      setStatus("Playing elsewhere");
      return;
    case "BAD_TOKEN":
      store.remove(tokenKey(game.name));
      if (game.name) sendName(game.name);  // The seat is gone: sit down afresh.
      return;
    case "SEAT_TAKEN":
      if (game.seat === 0 && game.seatFree > 0) {
        game.seatFree = 0;
        showNotice("Someone else took the free seat first: you are watching.");
        return;
      }
      break;
    case "WRONG_SECRET":
      game.joined = false;
      $("join").hidden = false;
      $("table").hidden = true;
      showNotice("The name " + game.name + " belongs to someone else at this table: it was first played with " +
        "another browser's or program's secret, so its rating is theirs. Choose another name.");
      $("name").select();
      draw();
      return;
    case "SERVER_FULL": return;  // The close (1013) that follows says so.
    case "NOT_OVER":
      if (game.review) game.review = null;
      return;
    case "NAME_TAKEN": case "BAD_NAME":
      game.joined = false;
      $("join").hidden = false;
      showNotice(code === "NAME_TAKEN" ? "Someone at the table already has that name." : "A name is 1 to 16 letters, digits, - or _.");
      return;
    case "RATE_LIMITED": case "STALE": case "NOT_YOUR_TURN": case "NOT_NOW": case "PAUSED": case "ALREADY_PICKED":
    case "NOT_PICKED": case "DECK_EMPTY": case "NO_SUCH_SLOT": case "ALREADY_HOLDING": case "GAME_OVER": case "NOT_STARTED":
      log(text || code);
      return;
    default:
      log(code + ": " + text);
  }
}

function handlePong(token) {
  const sent = game.pingAt.get(token);
  if (sent === undefined) return;
  game.pingAt.delete(token);
  const ms = Math.round(performance.now() - sent);
  const rtt = $("rtt");
  rtt.textContent = "round trip " + ms + " ms" + (ms > 250 ? " (slow link: claims may lose races)" : "");
  rtt.classList.toggle("high", ms > 250);
}

/// A NOTICE: a rated or guest name, a free seat, or words to show as they are.
function handleNotice(topic, rest) {
  const text = rest.join(" ");
  if (topic === "rating") {
    game.rating = rest[0] && rest[0].startsWith("guest") ? "guest" : "rated";
    store.set("setduel:rating:" + location.host + ":" + game.name.toLowerCase(), game.rating);
    log(text.charAt(0).toUpperCase() + text.slice(1));
    drawRating();
  } else if (topic === "seat" && game.seat === 0) {
    // NOTICE seat Seat <seat> is free: ...
    game.seatFree = Number(rest[1]);
    log("Seat " + game.seatFree + " is free.");
    game.players[game.seatFree] = { name: "", score: 0, here: true };
    drawScores();
    showSitOffer();
  } else log(text);
}

function drawRating() {
  const badge = $("rating");
  const rating = game.seat > 0 && game.name
    ? game.rating || store.get("setduel:rating:" + location.host + ":" + game.name.toLowerCase()) : null;
  badge.hidden = !rating;
  badge.textContent = rating || "";
  badge.dataset.rating = rating || "";
  badge.title = rating === "guest" ? "Someone else owns this name: your games here are not rated."
    : "This name is yours in this browser: your games change its rating.";
}

/// Offers a spectator the free seat: one click takes it with SIT, on the same connection.
function showSitOffer() {
  const notice = $("notice");
  notice.replaceChildren();
  notice.append("Seat " + game.seatFree + " is free. ");
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.action = "sit";
  button.textContent = "Sit down";
  notice.appendChild(button);
  notice.hidden = false;
}

function sit() {
  if (game.seat !== 0 || !game.seatFree || !game.ws) return;
  showNotice("Sitting down…");
  send("SIT");  // The reply brings the seat and its resume token, as NAME's does.
}

function nameOf(seat) {
  const player = game.players[seat];
  return (player && player.name) || "seat " + seat;
}

function who(seat) { return Number(seat) === game.seat ? "You" : nameOf(seat); }

function event(verb, fields) {
  switch (verb) {
    case "JOINED": {
      const seat = Number(fields[0]);
      const swapped = game.phase === "open" && game.players[seat] && game.players[seat].name;
      game.players[seat] = { name: fields[1], score: 0, here: true };
      if (game.seat === 0 && game.seatFree === seat) { game.seatFree = 0; hideNotice(); }
      if (game.name && fields[1].toLowerCase() === game.name.toLowerCase() && game.seat > 0 && game.seat !== seat) {
        game.seat = seat;  // A same-deck rematch swapped the seats.
        log("You play from seat " + seat + " this game.");
      } else if (!swapped) log(fields[1] + " sat down in seat " + fields[0] + ".");
      break;
    }
    case "START":
      game.over = null;
      hideOver();
      game.phase = "open";
      game.holder = 0;
      game.selected.clear();
      game.chain = {};
      for (const seat of [1, 2]) if (game.players[seat]) game.players[seat].score = 0;
      setTable(game.seq, Number(fields[1]), fields.slice(2));
      game.newSlots = new Set(Object.keys(game.slots));
      log("Game " + fields[0] + " begins.");
      if (variantRule()) log(variantRule());
      break;
    case "DIFF": applyDiff(fields); break;
    case "CHAIN": setChain(fields); break;
    case "CLAIM":
      game.phase = "claim"; game.holder = Number(fields[0]); game.selected.clear();
      startWindow("claim", Number(fields[1]));
      log(who(fields[0]) + " called Set.");
      break;
    case "TURN": {
      game.phase = fields[2] === "needless" ? "needless" : "turn"; game.holder = Number(fields[0]); game.selected.clear();
      startWindow(game.phase, Number(fields[1]));
      log((Number(fields[0]) === game.seat ? "Your" : nameOf(fields[0]) + "'s") + " turn to find a set.");
      break;
    }
    case "PICK": game.selected.add(fields[1]); break;
    case "UNPICK": game.selected.delete(fields[1]); break;
    case "SET": log(who(fields[0]) + " found a set: " + fields[2].split(",").map(describe).join(", ") + "."); game.selected.clear(); break;
    case "NOSET": {
      const picked = fields[2].split(",");
      const why = whyNot(picked);
      logCards(who(fields[0]) + " picked ", picked, ": not a set" + (why ? ": " + why : "") + ".");
      if (Number(fields[0]) === game.seat && why) flash(picked.join(", ") + ": not a set: " + why + ".", 6000);
      game.selected.clear();
      break;
    }
    case "EXPIRED": log((Number(fields[0]) === game.seat ? "Your" : nameOf(fields[0]) + "'s") + " time ran out."); game.selected.clear(); break;
    case "SCORE": {
      const delta = Number(fields[1]);
      if (game.players[fields[0]]) game.players[fields[0]].score = Number(fields[2]);
      const reasons = { set: "for a set", wrong: "for a wrong pick", expired: "for letting a claim run out", needless: "for asking for cards with a set on the table" };
      const points = Math.abs(delta) === 1 ? "point" : "points";
      log(who(fields[0]) + (delta >= 0 ? " gained " : " lost ") + Math.abs(delta) + " " + points + " " + (reasons[fields[3]] || fields[3]) + ".");
      break;
    }
    case "OPEN": game.phase = "open"; game.holder = 0; game.selected.clear(); stopWindow(); break;
    case "LEFT":
      if (game.players[fields[0]]) game.players[fields[0]].here = false;
      log(nameOf(fields[0]) + " left." + (fields[1] !== "-" ? " The game is paused; their seat is held for " + Math.round(Number(fields[1]) / 1000) + " s." : ""));
      if (fields[1] !== "-") { game.phase = "paused"; stopWindow(); }
      break;
    case "BACK":
      if (game.players[fields[0]]) game.players[fields[0]].here = true;
      log(nameOf(fields[0]) + " is back.");
      break;
    case "GO":
      if (fields[0] === "open") { game.phase = "open"; game.holder = 0; stopWindow(); }
      else { game.phase = fields[0]; game.holder = Number(fields[1]); startWindow(fields[0], Number(fields[2])); }
      break;
    case "OVER":
      showOver(fields);
      if (reviewable()) {
        game.review = [];
        send("REVIEW " + fields[0]);
      }
      break;
    case "RATED": break;
    case "REMATCH":
      log(who(fields[0]) + " asked for a rematch" + (fields[1] === "same" ? " on the same deck." : "."));
      break;
    case "SAY": chat(fields[0], fields.slice(1).join(" ")); break;
    case "BYE": game.stopped = true; showNotice("The server is stopping: " + fields.join(" ")); break;
  }
  draw();
}

// MARK: - The table

function setTable(seq, deck, allPairs) {
  game.deck = deck;
  game.slots = {};
  const pairs = allPairs.filter((pair) => !isChainSlot(pair.split("=")[0]));
  setChain(allPairs.filter((pair) => isChainSlot(pair.split("=")[0])));
  for (const pair of pairs) {
    const [slot, card] = pair.split("=");
    if (slot && card && card !== "-") game.slots[slot] = card;
  }
  const labels = pairs.map((pair) => pair.split("=")[0]);
  game.slotCount = labels.length;
  game.movedSlots = new Set();
  draw();
}

function applyDiff(fields) {
  game.deck = Number(fields[0]);
  game.slotCount = Number(fields[1]);
  const changes = fields.slice(2);
  const next = Object.assign({}, game.slots);
  const wasNew = game.newSlots;
  game.newSlots = new Set();
  game.movedSlots = new Set();
  for (const change of changes) if (change.startsWith("-")) delete next[change.slice(1)];
  const moves = changes.map((change) => /^([A-Z])>([A-Z])=(\w{4})$/.exec(change)).filter(Boolean);
  // Moves are applied together: every moved card is lifted before any is put down, so moves may cross.
  for (const move of moves) delete next[move[1]];
  for (const move of moves) {
    next[move[2]] = move[3];
    game.movedSlots.add(move[2]);
    if (wasNew.has(move[1])) game.newSlots.add(move[2]);  // A card just dealt stays marked where it went.
  }
  if (moves.length > 0) game.movedAt = performance.now();
  for (const change of changes) {
    const fill = /^\+([A-Z])=(\w{4})$/.exec(change);
    if (fill) { next[fill[1]] = fill[2]; game.newSlots.add(fill[1]); }
  }
  game.slots = next;
}

const words = {
  number: { 1: "one", 2: "two", 3: "three" },
  colour: { R: "red", G: "green", P: "purple" },
  shading: { S: "solid", T: "striped", O: "open" },
  shape: { D: "diamond", O: "oval", S: "squiggle" },
};

function describe(code) {
  const [n, c, s, p] = code;
  return words.number[n] + " " + words.colour[c] + " " + words.shading[s] + " " + words.shape[p] + (n === "1" ? "" : "s");
}

const features = [["number", words.number], ["colour", words.colour], ["shading", words.shading], ["shape", words.shape]];

/// Why three cards are not a set, in the terminal client's words (HumanText.whyNot): each feature on
/// which two agree and the third differs, with its three values in the cards' order. Null for a set.
function whyNot(codes) {
  if (codes.length !== 3 || codes.some((code) => !/^[123][RGP][STO][DOS]$/.test(code))) return null;
  const broken = [];
  features.forEach(([name, values], i) => {
    if (new Set(codes.map((code) => code[i])).size === 2) {
      broken.push(name + " is " + codes.map((code) => values[code[i]]).join(", "));
    }
  });
  if (broken.length === 0) return null;
  return broken.join("; ") + (broken.length === 1 ? " (two the same, one different)" : " (each two the same, one different)");
}

const shapes = {
  D: "M0 -32 L18 0 L0 32 L-18 0 Z",
  O: "M-16 -16 A16 16 0 0 1 16 -16 L16 16 A16 16 0 0 1 -16 16 Z",
  S: "M-8 -32 C10 -36 22 -22 14 -8 C8 2 16 10 16 20 C16 34 -4 36 -12 30 C-20 24 -10 16 -12 6 C-14 -4 -22 -12 -18 -22 C-16 -28 -13 -31 -8 -32 Z",
};

const svgNS = "http://www.w3.org/2000/svg";

function cardSVG(code) {
  const [n, c, s, p] = code;
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", "0 0 150 100");
  svg.setAttribute("class", "c-" + c);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", describe(code));
  const count = Number(n);
  for (let i = 0; i < count; i++) {
    const path = document.createElementNS(svgNS, "path");
    path.setAttribute("d", shapes[p]);
    const x = 75 + (i - (count - 1) / 2) * 42;
    path.setAttribute("transform", "translate(" + x + " 50)");
    path.setAttribute("stroke", "currentColor");
    path.setAttribute("stroke-width", "3.5");
    path.setAttribute("stroke-linejoin", "round");
    path.setAttribute("fill", s === "S" ? "currentColor" : s === "T" ? "url(#stripes-" + c + ")" : "none");
    svg.appendChild(path);
  }
  return svg;
}

function slotLabels() {
  const labels = [];
  for (let i = 0; i < game.slotCount; i++) labels.push(String.fromCharCode(65 + i));
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
  const narrow = window.innerWidth < 1000;
  return controls.getBoundingClientRect().height + (narrow ? 0 : 0);
}

function drawTable() {
  const table = $("table");
  table.replaceChildren();
  const mine = game.holder === game.seat && game.seat > 0;
  for (const slot of slotLabels()) {
    const code = game.slots[slot];
    if (!code) {
      const empty = document.createElement("div");
      empty.className = "card empty";
      empty.dataset.slot = slot;
      table.appendChild(empty);
      continue;
    }
    const card = cardButton(slot, code, mine, "card");
    if (game.newSlots.has(slot)) card.classList.add("new");
    markMoved(card, slot);
    table.appendChild(card);
  }
  layout();
}

function drawScores() {
  for (const seat of [1, 2]) {
    const element = document.querySelector('.score[data-seat="' + seat + '"]');
    const player = game.players[seat] || {};
    element.querySelector(".who").textContent = (player.name || "seat " + seat) + (seat === game.seat ? " (you)" : "");
    element.querySelector(".points").textContent = String(player.score || 0);
    element.classList.toggle("me", seat === game.seat);
    element.classList.toggle("away", player.here === false);
    element.classList.toggle("holder", seat === game.holder);
  }
}

function draw() {
  drawScores();
  if (game.joined) { drawChain(); drawTable(); }
  const seated = game.seat > 0;
  const controls = $("controls");
  controls.hidden = !seated;
  if (seated) {
    const over = game.phase === "over";
    controls.querySelector('[data-action="claim"]').hidden = over;
    controls.querySelector('[data-action="deal"]').hidden = over;
    controls.querySelector('[data-action="rematch"]').hidden = !over;
    controls.querySelector('[data-action="rematch-same"]').hidden = !over;
    controls.querySelector('[data-action="claim"]').disabled = game.phase !== "open";
    controls.querySelector('[data-action="deal"]').disabled = game.phase !== "open" || game.deck === 0;
  }
  setStatus(statusText());
}

function statusText() {
  if (!game.joined) return "Choose a name to sit down.";
  const watching = game.seat === 0 ? "Watching. " : "";
  const deck = game.deck + " cards in the deck";
  switch (game.phase) {
    case "waiting": return watching + "Waiting for a second player.";
    case "open": return watching + "Open play: anyone may call Set. " + deck + ".";
    case "claim": case "turn": case "needless":
      return watching + (game.holder === game.seat ? "Your pick: choose " + groupWord() + " cards." : nameOf(game.holder) + " is picking.");
    case "paused": return watching + "Paused while a player is away.";
    case "over": return watching + "Game over.";
    default: return watching;
  }
}

// MARK: - Variants (RULES' variant= and firstTo=; the chain beside the table in slots X, Y, Z)

const variantRules = {
  junior: "Junior: only the 27 solid cards, nine on the table; a set is as usual.",
  shuffle: "Shuffle: sets as usual, but after each set every card on the table moves to another place.",
  chain: "Chain: after the first set, each set must use exactly one of the last set's cards, shown as X Y Z.",
  ultra: "Ultra: pick four cards that split into two pairs whose third card (the one completing each pair) is the same.",
  ultra9: "Ultra9: as Ultra (four cards, two pairs completed by the same card), with nine cards on the table.",
};

/// The game's rule in one sentence when it is not the standard game, or "".
function variantRule() {
  const rule = variantRules[game.rules.variant] || "";
  const target = game.rules.firstTo > 0 ? "The first to find " + game.rules.firstTo + " sets wins." : "";
  return [rule, target].filter(Boolean).join(" ");
}

/// How many cards a group is: four in the ultra variants, else three.
function groupSize() { return game.rules.variant === "ultra" || game.rules.variant === "ultra9" ? 4 : 3; }
function groupWord() { return groupSize() === 4 ? "four" : "three"; }

/// A card a shuffle just moved slides in; the page redraws often, so the slide goes on from where it was.
function markMoved(card, slot) {
  const elapsed = performance.now() - (game.movedAt || 0);
  if (!game.movedSlots.has(slot) || elapsed >= 700) return;
  card.classList.add("moved");
  card.style.animationDelay = -Math.round(elapsed) + "ms";
}

/// Whether the server reviews this table's games: REVIEW covers standard Set alone.
function reviewable() { return !game.rules.variant || game.rules.variant === "normal"; }

function isChainSlot(slot) { return slot === "X" || slot === "Y" || slot === "Z"; }

/// The chain from X=<card> Y=<card> Z=<card> words; none for no words (the chain let go).
function setChain(pairs) {
  game.chain = {};
  for (const pair of pairs) {
    const [slot, card] = pair.split("=");
    if (isChainSlot(slot) && card && card !== "-") game.chain[slot] = card;
  }
}

/// The variant's name, first-to target and rule on the page: a badge in the bar and the help text.
function drawVariant() {
  const variant = game.rules.variant && game.rules.variant !== "normal" ? String(game.rules.variant) : "";
  const target = game.rules.firstTo > 0 ? "first to " + game.rules.firstTo + " sets" : "";
  const badge = $("variant");
  badge.textContent = [variant, target].filter(Boolean).join(", ");
  badge.hidden = !badge.textContent;
  badge.title = variantRule();
  $("rule").textContent = variantRule();
  $("rule").hidden = !variantRule();
  $("keys-chain").hidden = game.rules.variant !== "chain";
}

/// A card that can be picked: its slot's label, its drawing, and a click that picks it; marked when the
/// window's holder has selected it (as yours, or as the other player's).
function cardButton(slot, code, mine, className) {
  const card = document.createElement("button");
  card.type = "button";
  card.className = className;
  card.dataset.slot = slot;
  card.dataset.card = code;
  if (game.selected.has(slot)) card.classList.add(mine ? "selected" : "theirs");
  const label = document.createElement("span");
  label.className = "slot";
  label.textContent = slot;
  card.appendChild(label);
  card.appendChild(cardSVG(code));
  card.addEventListener("click", () => pick(slot));
  return card;
}

/// The chain's row, apart from the table: "chain, use one:" and its cards in slots X, Y, Z.
function drawChain() {
  const row = $("chain");
  const slots = Object.keys(game.chain).sort();
  row.hidden = slots.length === 0;
  const cards = $("chain-cards");
  cards.replaceChildren();
  const mine = game.holder === game.seat && game.seat > 0;
  for (const slot of slots) {
    const code = game.chain[slot];
    cards.appendChild(cardButton(slot, code, mine, "card chain-card"));
  }
}

// MARK: - Countdown (drawn from the RULES line's windows; the server keeps the time)

let countdownFrame = 0;
function startWindow(kind, ms) {
  const totals = { claim: game.rules.claimWindow, turn: game.rules.passedTurnWindow, needless: game.rules.needlessDealWindow };
  game.windowKind = kind;
  game.windowTotal = totals[kind] || ms;
  game.windowMs = ms;
  game.windowAt = performance.now();
  $("countdown").hidden = false;
  $("countdown").classList.toggle("mine", game.holder === game.seat);
  cancelAnimationFrame(countdownFrame);
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const tick = () => {
    const left = Math.max(0, game.windowMs - (performance.now() - game.windowAt));
    const fraction = game.windowTotal > 0 ? left / game.windowTotal : 0;
    $("countdown-fill").style.transform = "scaleX(" + (reduced ? Math.ceil(fraction * 5) / 5 : fraction) + ")";
    if (left > 0 && game.windowKind) countdownFrame = requestAnimationFrame(tick);
  };
  tick();
}

function stopWindow() {
  game.windowKind = null;
  cancelAnimationFrame(countdownFrame);
  $("countdown").hidden = true;
}

// MARK: - Playing

function pick(slot) {
  const code = game.slots[slot] || game.chain[slot];
  if (!(game.seat > 0) || !code) return;
  const mine = game.holder === game.seat;
  if (mine && game.selected.has(slot)) send("UNPICK " + slot);
  else if (mine || game.phase === "open") send("PICK " + code);  // By card: it cannot go stale.
}

function act(action) {
  if (!(game.seat > 0)) return;
  if (action === "claim") send("CLAIM");
  else if (action === "deal") send("DEAL");
  else if (action === "rematch") send("NEW");
  else if (action === "rematch-same") send("REMATCH SAME");
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-action]");
  if (button && button.dataset.action === "sit") sit();
  else if (button) act(button.dataset.action);
});

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) {
    if (event.key === "Escape") target.blur();
    return;
  }
  if (!game.joined) return;
  if (event.key === " ") { event.preventDefault(); act("claim"); }
  else if (event.key === "+" || event.key === "=") act("deal");
  else if (event.key === "/") { event.preventDefault(); $("chat-panel").open = true; $("chat-input").focus(); }
  else if (event.key === "Enter" && game.phase === "over") act("rematch");
  else if (/^[a-uA-Ux-zX-Z]$/.test(event.key)) pick(event.key.toUpperCase());
});

// MARK: - Words: the game's log, the history, chat, the final table

function log(text) { append($("log"), text, 60); }

function append(list, text, keep) {
  const item = document.createElement("li");
  item.textContent = text;
  list.appendChild(item);
  while (list.children.length > keep) list.removeChild(list.firstChild);
  list.scrollTop = list.scrollHeight;
  return item;
}

/// A log line with small drawings of the cards after `before`, each titled with its words.
function logCards(before, codes, after) {
  const item = append($("log"), before + codes.join(", ") + after, 60);
  const drawn = document.createElement("span");
  drawn.className = "mini-cards";
  for (const code of codes) {
    const card = document.createElement("span");
    card.className = "mini-card";
    card.title = code + ": " + describe(code);
    card.appendChild(cardSVG(code));
    drawn.appendChild(card);
  }
  item.appendChild(drawn);
}

function chat(name, text) { append($("chat"), name + ": " + text, 100); }

function resultText(fields) {
  // <game> <winner> <score1> <score2> <sets1> <sets2> <ending>
  const [number, winner, score1, score2, sets1, sets2, ending] = fields;
  const outcome = winner === "0" ? "a tie" : nameOf(winner) + " won";
  return "Game " + number + ": " + outcome + ", " + score1 + " to " + score2 + " (sets " + sets1 + " and " + sets2 + ")" +
    (ending === "forfeit" ? ", by forfeit" : "");
}

function addHistory(fields) { append($("history"), resultText(fields), 50); }

function showOver(fields) {
  // OVER <seq> <game> <winner> <score1> <score2> <sets1> <sets2> <ending>
  game.phase = "over";
  game.holder = 0;
  game.selected.clear();
  stopWindow();
  const winner = Number(fields[1]);
  const title = winner === 0 ? "A tie" : winner === game.seat ? "You won!" : nameOf(winner) + " won";
  $("over-title").textContent = title;
  $("over-detail").textContent = nameOf(1) + " " + fields[2] + ", " + nameOf(2) + " " + fields[3] +
    (fields[6] === "forfeit" ? " (by forfeit)" : "") +
    (game.seat > 0 ? ". Rematch? Press Enter or the button; Same deck deals the same cards again, seats swapped." : ".");
  $("review").replaceChildren();
  $("over").hidden = false;
  addHistory(fields);
  log(resultText(fields) + ".");
}

/// The finished game's review (REVIEWPLAYER lines): each player's sets missed, the longest a set they
/// missed stayed unseen, and their wrong picks by the feature that broke them.
function showReview(lines) {
  const list = $("review");
  list.replaceChildren();
  const players = lines.filter((w) => w[0] === "REVIEWPLAYER");
  const sets = lines.filter((w) => w[0] === "REVIEWSET").length;
  for (const w of players) {
    // REVIEWPLAYER <game> <seat> <found> <missed> <wrong> <n>,<c>,<s>,<sh> <longestUnseenMs> ...
    const [seat, found, missed, wrong, byFeature, longest] = w.slice(2, 8);
    const counts = byFeature.split(",").map(Number);
    const parts = [];
    parts.push(plural(Number(found), "set") + " found, " + missed + " missed");
    if (longest && longest !== "-" && Number(missed) > 0) parts.push("longest unseen " + seconds(Number(longest)));
    const broken = features.map(([name], i) => counts[i] > 0 ? name + " " + counts[i] : null).filter(Boolean);
    parts.push(plural(Number(wrong), "wrong pick") + (broken.length ? " (by feature: " + broken.join(", ") + ")" : ""));
    const item = document.createElement("li");
    item.dataset.seat = seat;
    item.textContent = (Number(seat) === game.seat ? "You" : nameOf(seat)) + ": " + parts.join("; ") + ".";
    list.appendChild(item);
  }
  if (players.length) {
    const item = document.createElement("li");
    item.textContent = plural(sets, "set") + " appeared on the table.";
    list.appendChild(item);
  }
}

function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

function seconds(ms) {
  const s = ms / 1000;
  return s < 60 ? (Math.round(s * 10) / 10) + " s" : Math.floor(s / 60) + " min " + Math.round(s % 60) + " s";
}

function hideOver() { $("over").hidden = true; }

function setStatus(text) { $("status").textContent = text; }
function showNotice(text) { const notice = $("notice"); notice.textContent = text; notice.hidden = false; }
function hideNotice() { $("notice").hidden = true; }

/// Shows `text` in the notice bar for `ms`, unless something else has replaced it by then.
function flash(text, ms) {
  showNotice(text);
  setTimeout(() => {
    if ($("notice").textContent === text) { hideNotice(); if (game.joined) layout(); }
  }, ms);
}

// MARK: - Start

function applyTheme(name) {
  document.body.dataset.theme = name;
  $("theme").value = name;
  store.set("setduel:theme", name);
}

window.addEventListener("DOMContentLoaded", () => {
  applyTheme(store.get("setduel:theme") || "okabe");
  $("theme").addEventListener("change", (event) => applyTheme(event.target.value));
  $("name").value = game.name;
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("name").value.trim();
    if (!name) return;
    game.name = name;
    game.rating = null;
    store.set("setduel:name:" + location.host, name);
    game.joined = true;
    const token = store.get(tokenKey(name));
    if (token) send("RESUME " + token);
    else sendName(name);
  });
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-input").value.trim();
    if (text) send("SAY " + text);
    $("chat-input").value = "";
  });
  window.addEventListener("resize", () => { if (game.joined) layout(); });
  draw();
  connect();
});
