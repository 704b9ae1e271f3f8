// Words: the game's log, the history, chat, the final table and its review, notices.
"use strict";

function log(text) { return append($("log"), text, 60); }

function append(list, text, keep) {
  const item = document.createElement("li");
  item.textContent = text;
  list.appendChild(item);
  while (list.children.length > keep) list.removeChild(list.firstChild);
  list.scrollTop = list.scrollHeight;
  return item;
}

/// Small drawings of cards, for a line of the log: each titled with its code and words.
function miniCards(codes) {
  const drawn = document.createElement("span");
  drawn.className = "mini-cards";
  for (const code of codes) {
    const card = document.createElement("span");
    card.className = "mini-card";
    card.title = code + ": " + describe(code);
    card.appendChild(cardSVG(code));
    drawn.appendChild(card);
  }
  return drawn;
}

function chat(name, text) { append($("chat"), name + ": " + text, 100); }

/// A result in words, the winner named by `named` (by default, whoever sits in the seat now).
function resultText(fields, named = nameOf) {
  // <game> <winner> <score1> <score2> <sets1> <sets2> <ending>
  const [number, winner, score1, score2, sets1, sets2, ending] = fields;
  const outcome = winner === "0" ? "a tie" : named(winner) + " won";
  return "Game " + number + ": " + outcome + ", " + score1 + " to " + score2 + " (sets " + sets1 + " and " + sets2 + ")" +
    (ending === "forfeit" ? ", by forfeit" : "");
}

function addHistory(fields) { append($("history"), resultText(fields), 50); }

function showOver(fields) {
  // OVER <seq> <game> <winner> <score1> <score2> <sets1> <sets2> <ending>
  board.phase = "over";
  board.holder = 0;
  board.selected.clear();
  stopWindow();
  const winner = Number(fields[1]);
  const title = winner === 0 ? "A tie" : winner === you.seat ? "You won!" : nameOf(winner) + " won";
  $("over-title").textContent = title;
  $("over-detail").textContent = nameOf(1) + " " + fields[2] + ", " + nameOf(2) + " " + fields[3] +
    (fields[6] === "forfeit" ? " (by forfeit)" : "") +
    (you.seat > 0 ? ". Rematch? Press Enter or the button; Same deck deals the same cards again, seats swapped." : ".");
  $("review").replaceChildren();
  $("over").hidden = false;
  addHistory(fields);
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
    parts.push(plural(Number(found), groupName()) + " found, " + missed + " missed");
    if (longest && longest !== "-" && Number(missed) > 0) parts.push("longest unseen " + seconds(Number(longest)));
    const broken = features.map(([name], i) => counts[i] > 0 ? name + " " + counts[i] : null).filter(Boolean);
    parts.push(plural(Number(wrong), "wrong pick") + (broken.length ? " (by feature: " + broken.join(", ") + ")" : ""));
    const item = document.createElement("li");
    item.dataset.seat = seat;
    item.textContent = (Number(seat) === you.seat ? "You" : nameOf(seat)) + ": " + parts.join("; ") + ".";
    list.appendChild(item);
  }
  if (players.length) {
    const item = document.createElement("li");
    item.textContent = plural(sets, groupName()) + " appeared on the table.";
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
    if ($("notice").textContent === text) { hideNotice(); if (you.joined) layout(); }
  }, ms);
}
