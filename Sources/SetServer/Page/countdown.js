// The countdowns: a window's bar and its seconds, drawn from the RULES line's windows, and the
// seconds before an absent player forfeits. The server keeps the time.
"use strict";

let countdownFrame = 0;
function startWindow(kind, ms) {
  const totals = { claim: board.rules.claimWindow, turn: board.rules.passedTurnWindow, needless: board.rules.needlessDealWindow };
  clock.windowKind = kind;
  clock.windowTotal = totals[kind] || ms;
  clock.windowMs = ms;
  clock.windowAt = performance.now();
  $("countdown").hidden = false;
  $("countdown").classList.toggle("mine", board.holder === you.seat);
  cancelAnimationFrame(countdownFrame);
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const tick = () => {
    const left = Math.max(0, clock.windowMs - (performance.now() - clock.windowAt));
    const fraction = clock.windowTotal > 0 ? left / clock.windowTotal : 0;
    $("countdown-fill").style.transform = "scaleX(" + (reduced ? Math.ceil(fraction * 5) / 5 : fraction) + ")";
    $("countdown-seconds").textContent = windowSecondsText(left);
    // A turn's seconds in the notice of why a point was lost (points.js) count down with the bar.
    for (const shown of document.querySelectorAll("#why .why-seconds")) shown.textContent = windowSecondsText(left);
    if (left > 0 && clock.windowKind) countdownFrame = requestAnimationFrame(tick);
  };
  tick();
}

/// A window's time left as the countdown shows it, in tenths: `9.8 s`.
function windowSecondsText(ms) { return (Math.floor(Math.max(0, ms) / 100) / 10).toFixed(1) + " s"; }

function stopWindow() {
  clock.windowKind = null;
  cancelAnimationFrame(countdownFrame);
  $("countdown").hidden = true;
}

/// The seats away in a paused game, each with when it forfeits (`LEFT`'s milliseconds, from now).
const forfeits = new Map();
let forfeitTimer = 0;

function startForfeit(seat, ms) {
  forfeits.set(seat, performance.now() + ms);
  if (!forfeitTimer) forfeitTimer = setInterval(() => { if (board.phase === "paused") setStatus(statusText()); }, 250);
}

function stopForfeit(seat) {
  if (seat) forfeits.delete(seat);
  else forfeits.clear();
  if (forfeits.size === 0) { clearInterval(forfeitTimer); forfeitTimer = 0; }
}

/// The whole seconds before the first seat away forfeits, or null when not known.
function forfeitSeconds() {
  if (forfeits.size === 0) return null;
  return Math.max(0, Math.ceil((Math.min(...forfeits.values()) - performance.now()) / 1000));
}
