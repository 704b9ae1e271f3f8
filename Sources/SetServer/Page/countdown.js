// The countdown: drawn from the RULES line's windows; the server keeps the time.
"use strict";

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
