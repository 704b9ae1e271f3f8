// Why a score went down, where the eyes are: a short notice between the scores and the cards (`#why`),
// and the -1 on the score itself, for a needless deal, a claim that ran out and a wrong pick, with the
// turn it hands over. Cleared when the table changes.
"use strict";

/// `SCORE <seat> <delta> <total> <reason>`: a point lost is told at the top, with why.
function explainScore(fields) {
  const delta = Number(fields[1]);
  if (!(delta < 0)) return;
  const seat = Number(fields[0]);
  const mine = seat === you.seat;
  const them = nameOf(seat);
  const within = board.rules.claimWindow > 0 ? " within " + seconds(board.rules.claimWindow) : " in time";
  let text;
  switch (fields[3]) {
    case SERVER.scoreReasons.needlessDeal:
      text = mine ? "You asked for three more cards while a set was on the table: no cards were dealt."
        : them + " asked for three more cards while a set was on the table.";
      break;
    case SERVER.scoreReasons.claimExpired:
      text = mine ? "You called Set but did not pick " + groupWord() + " cards" + within + "."
        : them + " called Set but did not pick in time.";
      break;
    case SERVER.scoreReasons.wrongPick: {
      const why = whyNot(board.lastPicked || []);
      const cards = (board.lastPicked || []).join(", ");
      text = (mine ? "You picked " : them + " picked ") + cards + ": not a set" + (why ? ": " + why : "") + ".";
      break;
    }
    default:
      text = (mine ? "You" : them) + " lost " + plural(-delta, "point") + ".";
  }
  const why = $("why");
  why.replaceChildren();
  const badge = document.createElement("b");
  badge.className = "why-delta";
  badge.textContent = String(delta);
  why.append(badge, " ", text);
  if (fields[3] === SERVER.scoreReasons.wrongPick && board.lastPicked) why.append(" ", miniCards(board.lastPicked));
  why.dataset.seat = String(seat);
  why.dataset.reason = fields[3];
  why.hidden = false;
  const score = document.querySelector('.score[data-seat="' + seat + '"] .delta');
  if (score) { score.textContent = String(delta); score.hidden = false; }
}

/// `TURN <seat> <ms> <kind>` after a point lost: who may now find a set, alone, and for how long.
function explainTurn(fields) {
  const why = $("why");
  if (why.hidden) return;
  const mine = Number(fields[0]) === you.seat;
  const what = groupSize() === 4 ? "four cards" : "a set";
  // The seconds count down with the window's (countdown.js): the words around them stay.
  let before, after;
  if (fields[2] === "needless") {
    [before, after] = mine ? ["Your turn: ", " to find it, and no penalty if you do not."]
      : [nameOf(fields[0]) + " has ", " to find it."];
  } else {
    [before, after] = mine ? ["Your turn: ", " to find " + what + " alone."] : [nameOf(fields[0]) + "'s turn now, for ", "."];
  }
  const time = document.createElement("span");
  time.className = "why-seconds";
  time.textContent = windowSecondsText(Number(fields[1]));
  const turn = document.createElement("span");
  turn.className = "why-turn";
  turn.append(before, time, after);
  why.append(" ", turn);
}

function clearWhy() {
  $("why").hidden = true;
  $("why").replaceChildren();
  for (const delta of document.querySelectorAll(".score .delta")) delta.hidden = true;
}
