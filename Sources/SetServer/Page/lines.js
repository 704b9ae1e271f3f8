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
      if (id === "@events") game.past = null;
      // A server without a hall, without RULES before NAME, or without EVENTS: the page does without.
      if (id === "@hall" || id === "@rules" || id === "@events") return;
      if (id === "@go") return notArrived(words.slice(2).join(" ") || words[1]);
      return handleError(words[1], words.slice(2).join(" "));
    case "PONG": return handlePong(words[1]);
    case "HALL": return hallLine(words);
    case "RULES":
      if (game.moving) leaveTable();  // The new table's lines begin.
      game.rules = {};
      for (const pair of words.slice(1)) {
        const [key, value] = pair.split("=");
        game.rules[key] = /^-?\d+$/.test(value) ? Number(value) : value;
      }
      drawVariant();
      return;
    case "TABLE": return setTable(Number(words[1]), Number(words[2]), words.slice(3));
    case "PLAYER": {
      // A seat nobody holds is free (waiting for a player), not away.
      const free = words[2] === "-";
      game.players[words[1]] = { name: free ? "" : words[2], score: Number(words[3]), here: free || words[4] !== "away", free };
      // Away in a paused game, it says when the seat is forfeited: a page loaded during the pause counts down.
      if (words[4] === "away" && /^\d+$/.test(words[5] || "")) startForfeit(Number(words[1]), Number(words[5]));
      return drawScores();
    }
    case "RESULT": return addHistory(words.slice(1));
    case "NOTICE": return handleNotice(words[1], words.slice(2));
    case "REVIEWSET": case "REVIEWPLAYER":
      if (game.review) game.review.push(words);
      return;
    case "EVENT":  // An event of the game so far, asked for with EVENTS: told again, not played.
      if (game.past) game.past.push(words.slice(1));
      return;
    case "FOUND": case "HELP": case "STAT": return;
    case "MOOD": return showMood(Number(words[1]), words[2]);
  }
  if (game.moving) return;  // The last events of the table being left.
  const seq = Number(words[1]);
  if (Number.isFinite(seq) && seq > 0) game.seq = Math.max(game.seq, seq);
  event(verb, words.slice(2));
}

function handleOK(words) {
  const verb = words[1];
  if (verb === "NAME" || verb === "RESUME" || verb === "SIT") {
    game.seat = Number(words[2]);
    game.joined = true;
    game.named = true;
    hideLobby();
    drawHallButton();
    closeFirstHowto();
    game.retries = 0;
    if (verb !== "RESUME" && game.seat > 0) store.set(tokenKey(game.name), words[3]);
    const beaten = verb === "NAME" && game.seat === 0 && game.seatFree > 0;
    game.seatFree = 0;
    drawRating();
    // Taken back after a drop ("reconnected") or by a new page ("reloaded"): said once STATE has come.
    game.resumed = verb !== "RESUME" ? "" : game.wasSeated ? "reconnected" : "reloaded";
    if (verb === "RESUME") {
      flash(game.wasSeated ? "Reconnected: you are back in your seat." : "You took back your seat.", 4000);
    } else if (beaten) showNotice("Someone else took the free seat first: you are watching.");
    else hideNotice();
    game.wasSeated = game.seat > 0;
    $("join").hidden = true;
    $("table").hidden = false;
    document.body.classList.toggle("watching", game.seat === 0);
    send("STATE");
    $("history").replaceChildren();  // HISTORY tells every finished game again.
    send("HISTORY");
  } else if (verb === "EVENTS") {
    // OK EVENTS <game> <count>, after the EVENT lines of the game so far.
    const past = game.past || [];
    game.past = null;
    adoptPast(Number(words[2]), past);
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
    retell(Number(words[3]), Number(words[2]));
    if (Number(words[3]) > 0 && !game.past) {
      // The game so far, from the server: this browser may have kept none of it, or not all.
      game.past = [];
      send("@events EVENTS");
    }
    if (game.resumed && game.windowKind && game.holder === game.seat && game.seat > 0) {
      // Back in the middle of your own claim or turn: how long is left comes first.
      flash("You are back in the middle of your " + (game.phase === "claim" ? "claim" : "turn") + ": " + seconds(ms) +
        " left to pick " + groupWord() + " cards." + (game.resumed === "reconnected" ? " (Reconnected.)" : ""), Math.max(ms, 3000));
    }
    game.resumed = "";
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
      // The seat is gone: sit down afresh, at the table the address names (the server may have started again).
      if (game.name && game.table > 1) {
        game.joined = true;  // It had a seat: NAME follows once there.
        goTo(game.table);
      }
      else if (game.name) sendName(game.name);
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
      game.players[seat] = { name: fields[1], score: 0, here: true };
      if (game.seat === 0 && game.seatFree === seat) { game.seatFree = 0; hideNotice(); }
      if (game.name && fields[1].toLowerCase() === game.name.toLowerCase() && game.seat > 0 && game.seat !== seat) {
        game.seat = seat;  // A same-deck rematch swapped the seats.
      }
      break;
    }
    case "START":
      game.over = null;
      hideOver();
      game.phase = "open";
      game.holder = 0;
      game.selected.clear();
      game.chain = {};
      game.asks = {};
      for (const seat of [1, 2]) if (game.players[seat]) { game.players[seat].score = 0; game.players[seat].mood = ""; }
      setTable(game.seq, Number(fields[1]), fields.slice(2));
      game.newSlots = new Set(Object.keys(game.slots));
      clearWhy();
      break;
    case "DIFF": applyDiff(fields); clearWhy(); break;
    case "CHAIN": setChain(fields); break;
    case "CLAIM":
      game.phase = "claim"; game.holder = Number(fields[0]); game.selected.clear();
      startWindow("claim", Number(fields[1]));
      break;
    case "TURN":
      game.phase = fields[2] === "needless" ? "needless" : "turn"; game.holder = Number(fields[0]); game.selected.clear();
      startWindow(game.phase, Number(fields[1]));
      explainTurn(fields);
      break;
    case "PICK": game.selected.add(fields[1]); break;
    case "UNPICK": game.selected.delete(fields[1]); break;
    case "SET": game.selected.clear(); break;
    case "NOSET": game.lastPicked = fields[2].split(","); game.selected.clear(); break;
    case "EXPIRED": game.selected.clear(); break;
    case "SCORE":
      if (game.players[fields[0]]) game.players[fields[0]].score = Number(fields[2]);
      explainScore(fields);
      break;
    case "OPEN": game.phase = "open"; game.holder = 0; game.selected.clear(); stopWindow(); break;
    case "LEFT":
      delete game.asks[fields[0]];  // Gone: a rematch it asked for will not be played.
      if (fields[1] === "-") game.players[fields[0]] = { name: "", score: 0, here: true, free: true };
      else if (game.players[fields[0]]) game.players[fields[0]].here = false;
      if (fields[1] !== "-") { game.phase = "paused"; stopWindow(); startForfeit(Number(fields[0]), Number(fields[1])); }
      break;
    case "BACK":
      if (game.players[fields[0]]) game.players[fields[0]].here = true;
      stopForfeit(Number(fields[0]));
      break;
    case "GO":
      stopForfeit();
      if (fields[0] === "open") { game.phase = "open"; game.holder = 0; stopWindow(); }
      else { game.phase = fields[0]; game.holder = Number(fields[1]); startWindow(fields[0], Number(fields[2])); }
      break;
    case "OVER":
      showOver(fields);
      clearWhy();
      stopForfeit();
      // REVIEW covers every variant.
      game.review = [];
      send("REVIEW " + fields[0]);
      break;
    case "RATED": break;
    case "REMATCH": game.asks[fields[0]] = fields[1] === "same" ? "same" : "new"; break;
    case "SAY": chat(fields[0], fields.slice(1).join(" ")); break;
    case "BYE": game.stopped = true; showNotice("The server is stopping: " + fields.join(" ")); break;
  }
  tell(verb, fields);
  draw();
}
