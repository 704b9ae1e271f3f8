// The server's lines: each read into the page's state, then drawn.
"use strict";

function handle(line) {
  const words = line.split(" ");
  const verb = words[0];
  // The page's own requests to the hall carry an id (`@go`, `@hall`): OK @go JOIN 3 1 3-...
  const id = (verb === "OK" || verb === "ERR") && words[1] && words[1].startsWith("@") ? words.splice(1, 1)[0] : "";
  if (tourneyHandle(words, id)) return;  // The hall's tournament (tourney.js).
  switch (verb) {
    case "SETDUEL": return;
    case "OK":
      if (words[1] === "TABLES") return hallListed(Number(words[2]));
      if (id === "@go") return arrived(words);
      return handleOK(words);
    case "ERR":
      if (id === "@events") board.past = null;
      // A server without a hall, without RULES before NAME, or without EVENTS: the page does without.
      if (id === "@hall" || id === "@rules" || id === "@events") return;
      if (id === "@go") return notArrived(words.slice(2).join(" ") || words[1]);
      return handleError(words[1], words.slice(2).join(" "));
    case "PONG": return handlePong(words[1]);
    case "HALL": return hallLine(words);
    case "RULES":
      if (lobby.moving) leaveTable();  // The new table's lines begin.
      board.rules = {};
      for (const pair of words.slice(1)) {
        const [key, value] = pair.split("=");
        board.rules[key] = /^-?\d+$/.test(value) ? Number(value) : value;
      }
      drawVariant();
      return;
    case "TABLE": return setTable(Number(words[1]), Number(words[2]), words.slice(3));
    case "PLAYER": {
      // A seat nobody holds is free (waiting for a player), not away.
      const free = words[2] === "-";
      board.players[words[1]] = { name: free ? "" : words[2], score: Number(words[3]), here: free || words[4] !== "away", free };
      // Away in a paused game, it says when the seat is forfeited: a page loaded during the pause counts down.
      if (words[4] === "away" && /^\d+$/.test(words[5] || "")) startForfeit(Number(words[1]), Number(words[5]));
      return drawScores();
    }
    case "RESULT": return addHistory(words.slice(1));
    case "NOTICE": return handleNotice(words[1], words.slice(2));  // NOTICE <topic> [fields] <text>
    case "REVIEWSET": case "REVIEWPLAYER":
      if (board.review) board.review.push(words);
      return;
    case "EVENT":  // An event of the game so far, asked for with EVENTS: told again, not played.
      if (board.past) board.past.push(words.slice(1));
      return;
    case "FOUND": case "HELP": case "STAT": return;
    case "MOOD": return showMood(Number(words[1]), words[2]);
  }
  if (lobby.moving) return;  // The last events of the table being left.
  const seq = Number(words[1]);
  if (Number.isFinite(seq) && seq > 0) board.seq = Math.max(board.seq, seq);
  applyEvent(verb, words.slice(2));
}

function handleOK(words) {
  const verb = words[1];
  if (verb === "NAME" || verb === "RESUME" || verb === "SIT") {
    you.seat = Number(words[2]);
    you.joined = true;
    you.named = true;
    hideLobby();
    drawHallButton();
    closeFirstHowto();
    link.retries = 0;
    if (verb !== "RESUME" && you.seat > 0) store.set(tokenKey(you.name), words[3]);
    const beaten = verb === "NAME" && you.seat === 0 && you.seatFree > 0;
    you.seatFree = 0;
    drawRating();
    // Taken back after a drop ("reconnected") or by a new page ("reloaded"): said once STATE has come.
    you.resumed = verb !== "RESUME" ? "" : you.wasSeated ? "reconnected" : "reloaded";
    if (verb === "RESUME") {
      flash(you.wasSeated ? "Reconnected: you are back in your seat." : "You took back your seat.", 4000);
    } else if (beaten) showNotice("Someone else took the free seat first: you are watching.");
    else hideNotice();
    you.wasSeated = you.seat > 0;
    $("join").hidden = true;
    $("table").hidden = false;
    document.body.classList.toggle("watching", you.seat === 0);
    send("STATE");
    $("history").replaceChildren();  // HISTORY tells every finished game again.
    send("HISTORY");
  } else if (verb === "EVENTS") {
    // OK EVENTS <game> <count>, after the EVENT lines of the game so far.
    const past = board.past || [];
    board.past = null;
    adoptPast(Number(words[2]), past);
  } else if (verb === "REVIEW") {
    showReview(board.review || []);
    board.review = null;
  } else if (verb === "STATE") {
    // OK STATE <seq> <game> <phase> <holder> <ms> <selected>
    board.phase = words[4];
    board.holder = Number(words[5]);
    const ms = Number(words[6]);
    board.selected = new Set(words[7] && words[7] !== "-" ? words[7].split(",") : []);
    if (["claim", "turn", "needless"].includes(board.phase)) startWindow(board.phase, ms);
    else stopWindow();
    if (board.phase !== "over") hideOver();
    retell(Number(words[3]), Number(words[2]));
    if (Number(words[3]) > 0 && !board.past) {
      // The game so far, from the server: this browser may have kept none of it, or not all.
      board.past = [];
      send("@events EVENTS");
    }
    if (you.resumed && clock.windowKind && board.holder === you.seat && you.seat > 0) {
      // Back in the middle of your own claim or turn: how long is left comes first.
      flash("You are back in the middle of your " + (board.phase === "claim" ? "claim" : "turn") + ": " + seconds(ms) +
        " left to pick " + groupWord() + " cards." + (you.resumed === "reconnected" ? " (Reconnected.)" : ""), Math.max(ms, 3000));
    }
    you.resumed = "";
  }
  draw();
}

/// An `ERR` line, by its code (SERVER.errors: the server's codes by ErrorCode's names).
function handleError(code, text) {
  switch (code) {
    case SERVER.errors.resumedElsewhere:
      link.stopped = true;
      showNotice("Your seat was taken back in another tab or window. This one has stopped; reload to play here again.");
      setStatus("Playing elsewhere");
      return;
    case SERVER.errors.badToken:
      store.remove(tokenKey(you.name));
      // The seat is gone: sit down afresh, at the table the address names (the server may have started again).
      if (you.name && you.table > 1) {
        you.joined = true;  // It had a seat: NAME follows once there.
        goTo(you.table);
      }
      else if (you.name) sendName(you.name);
      return;
    case SERVER.errors.seatTaken:
      if (you.seat === 0 && you.seatFree > 0) {
        you.seatFree = 0;
        showNotice("Someone else took the free seat first: you are watching.");
        return;
      }
      break;
    case SERVER.errors.wrongSecret:
      you.joined = false;
      $("join").hidden = false;
      $("table").hidden = true;
      showNotice("The name " + you.name + " belongs to someone else at this table: it was first played with " +
        "another browser's or program's secret, so its rating is theirs. Choose another name.");
      $("name").select();
      draw();
      return;
    case SERVER.errors.serverFull: return;  // The close (1013) that follows says so.
    case SERVER.errors.notOver:
      if (board.review) board.review = null;
      return;
    case SERVER.errors.nameTaken: case SERVER.errors.badName:
      you.joined = false;
      $("join").hidden = false;
      showNotice(code === SERVER.errors.nameTaken ? "Someone at the table already has that name." : "A name is " + SERVER.name.rule + ".");
      return;
    case SERVER.errors.rateLimited: case SERVER.errors.stale: case SERVER.errors.notYourTurn:
    case SERVER.errors.notNow: case SERVER.errors.paused: case SERVER.errors.alreadyPicked:
    case SERVER.errors.notPicked: case SERVER.errors.deckEmpty: case SERVER.errors.noSuchSlot:
    case SERVER.errors.alreadyHolding: case SERVER.errors.gameOver: case SERVER.errors.notStarted:
      log(text || code);
      return;
    default:
      log(code + ": " + text);
  }
}

function handlePong(token) {
  const sent = link.pingAt.get(token);
  if (sent === undefined) return;
  link.pingAt.delete(token);
  const ms = Math.round(performance.now() - sent);
  const rtt = $("rtt");
  rtt.textContent = "round trip " + ms + " ms" + (ms > 250 ? " (slow link: claims may lose races)" : "");
  rtt.classList.toggle("high", ms > 250);
}

/// A NOTICE: its topic, the fields that topic has (protocol.md), then words to show as they are. A
/// topic or a field this page does not know is shown as words.
function handleNotice(topic, rest) {
  if (topic === "rating" && rest.length >= 3 && ["rated", "guest", "open"].includes(rest[0])) {
    // NOTICE rating rated|guest|open <name> <text>
    you.rating = rest[0];
    store.set("setduel:rating:" + location.host + ":" + you.name.toLowerCase(), you.rating);
    log(rest.slice(2).join(" "));
    drawRating();
  } else if (topic === "seat" && /^[12]$/.test(rest[0] || "")) {
    // NOTICE seat <seat> <text>: to a spectator.
    if (you.seat !== 0) return;
    you.seatFree = Number(rest[0]);
    log(rest.slice(1).join(" "));
    board.players[you.seatFree] = { name: "", score: 0, here: true };
    drawScores();
    showSitOffer();
  } else log(rest.join(" "));
}

function drawRating() {
  const badge = $("rating");
  const rating = you.seat > 0 && you.name
    ? you.rating || store.get("setduel:rating:" + location.host + ":" + you.name.toLowerCase()) : null;
  badge.hidden = !rating;
  badge.textContent = rating || "";
  badge.dataset.rating = rating || "";
  badge.title = rating === "guest" ? "Someone else owns this name: your games here are not rated."
    : rating === "open" ? "No one owns this name: your games change its rating."
    : "This name is yours in this browser: your games change its rating.";
}

/// Offers a spectator the free seat: one click takes it with SIT, on the same connection.
function showSitOffer() {
  const notice = $("notice");
  notice.replaceChildren();
  notice.append("Seat " + you.seatFree + " is free. ");
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.action = "sit";
  button.textContent = "Sit down";
  notice.appendChild(button);
  notice.hidden = false;
}

function sit() {
  if (you.seat !== 0 || !you.seatFree || !link.ws) return;
  showNotice("Sitting down…");
  send("SIT");  // The reply brings the seat and its resume token, as NAME's does.
}

function nameOf(seat) {
  const player = board.players[seat];
  return (player && player.name) || "seat " + seat;
}

function who(seat) { return Number(seat) === you.seat ? "You" : nameOf(seat); }

/// An event of the table (protocol.md, Events): read into the page's state, told in the log, drawn.
function applyEvent(verb, fields) {
  switch (verb) {
    case "JOINED": {
      const seat = Number(fields[0]);
      board.players[seat] = { name: fields[1], score: 0, here: true };
      if (you.seat === 0 && you.seatFree === seat) { you.seatFree = 0; hideNotice(); }
      if (you.name && fields[1].toLowerCase() === you.name.toLowerCase() && you.seat > 0 && you.seat !== seat) {
        you.seat = seat;  // A same-deck rematch swapped the seats.
      }
      break;
    }
    case "START":
      board.over = null;
      hideOver();
      board.phase = "open";
      board.holder = 0;
      board.selected.clear();
      board.chain = {};
      board.asks = {};
      for (const seat of [1, 2]) if (board.players[seat]) { board.players[seat].score = 0; board.players[seat].mood = ""; }
      setTable(board.seq, Number(fields[1]), fields.slice(2));
      board.newSlots = new Set(Object.keys(board.slots));
      clearWhy();
      break;
    case "DIFF": applyDiff(fields); clearWhy(); break;
    case "CHAIN": setChain(fields); break;
    case "CLAIM":
      board.phase = "claim"; board.holder = Number(fields[0]); board.selected.clear();
      startWindow("claim", Number(fields[1]));
      break;
    case "TURN":
      board.phase = fields[2] === "needless" ? "needless" : "turn"; board.holder = Number(fields[0]); board.selected.clear();
      startWindow(board.phase, Number(fields[1]));
      explainTurn(fields);
      break;
    case "PICK": board.selected.add(fields[1]); break;
    case "UNPICK": board.selected.delete(fields[1]); break;
    case "SET": board.selected.clear(); break;
    case "NOSET": board.lastPicked = fields[2].split(","); board.selected.clear(); break;
    case "EXPIRED": board.selected.clear(); break;
    case "SCORE":
      if (board.players[fields[0]]) board.players[fields[0]].score = Number(fields[2]);
      explainScore(fields);
      break;
    case "OPEN": board.phase = "open"; board.holder = 0; board.selected.clear(); stopWindow(); break;
    case "LEFT":
      delete board.asks[fields[0]];  // Gone: a rematch it asked for will not be played.
      if (fields[1] === "-") board.players[fields[0]] = { name: "", score: 0, here: true, free: true };
      else if (board.players[fields[0]]) board.players[fields[0]].here = false;
      if (fields[1] !== "-") { board.phase = "paused"; stopWindow(); startForfeit(Number(fields[0]), Number(fields[1])); }
      break;
    case "BACK":
      if (board.players[fields[0]]) board.players[fields[0]].here = true;
      stopForfeit(Number(fields[0]));
      break;
    case "GO":
      stopForfeit();
      if (fields[0] === "open") { board.phase = "open"; board.holder = 0; stopWindow(); }
      else { board.phase = fields[0]; board.holder = Number(fields[1]); startWindow(fields[0], Number(fields[2])); }
      break;
    case "OVER":
      showOver(fields);
      clearWhy();
      stopForfeit();
      // REVIEW covers every variant.
      board.review = [];
      send("REVIEW " + fields[0]);
      break;
    case "RATED": break;
    case "REMATCH": board.asks[fields[0]] = fields[1] === "same" ? "same" : "new"; break;
    case "SAY": chat(fields[0], fields.slice(1).join(" ")); break;
    case "BYE": link.stopped = true; showNotice("The server is stopping: " + fields.join(" ")); break;
  }
  tell(verb, fields);
  draw();
}
