// Playing and start-up: clicks and keys, the theme, the name and chat forms, the first connection.
"use strict";

// MARK: - Playing

function pick(slot) {
  const code = board.slots[slot] || board.chain[slot];
  if (!(you.seat > 0) || !code) return;
  const mine = board.holder === you.seat;
  if (mine && board.selected.has(slot)) send("UNPICK " + slot);
  else if (mine || board.phase === "open") send("PICK " + code);  // By card: it cannot go stale.
}

function act(action) {
  if (!(you.seat > 0)) return;
  if (action === "claim") send("CLAIM");
  else if (action === "deal") send("DEAL");
  else if (action === "rematch") send("NEW");
  else if (action === "rematch-same") send("REMATCH SAME");
}

document.addEventListener("click", (click) => {
  const button = click.target.closest("[data-action]");
  if (button && button.dataset.action === "sit") sit();
  else if (button) act(button.dataset.action);
});

/// Whether a key names a slot of the table or the chain (SERVER.slots), in either case.
function isSlotKey(key) { return key.length === 1 && (SERVER.slots.table + SERVER.slots.chain).includes(key.toUpperCase()); }

document.addEventListener("keydown", (press) => {
  if (press.ctrlKey || press.metaKey || press.altKey) return;
  const target = press.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) {
    if (press.key === "Escape") target.blur();
    return;
  }
  if ($("howto").matches(":modal")) return;  // The help is read: Esc or its button closes it.
  if (press.key === "?") { openHowto(true); return; }
  if (!you.joined) return;
  if (press.key === " ") { press.preventDefault(); act("claim"); }
  else if (press.key === "+" || press.key === "=") act("deal");
  else if (press.key === "/") { press.preventDefault(); $("chat-panel").open = true; $("chat-input").focus(); }
  else if (press.key === "Enter" && board.phase === "over") act("rematch");
  else if (isSlotKey(press.key)) pick(press.key.toUpperCase());
});

// MARK: - Start

function applyTheme(name) {
  document.body.dataset.theme = name;
  $("theme").value = name;
  store.set("setduel:theme", name);
}

window.addEventListener("DOMContentLoaded", () => {
  applyTheme(store.get("setduel:theme") || "okabe");
  $("theme").addEventListener("change", (change) => applyTheme(change.target.value));
  for (const id of ["name", "lobby-name"]) {
    // The name rule is the server's (SERVER.name); the pattern attribute is anchored by the browser.
    Object.assign($(id), { maxLength: SERVER.name.maxLength, pattern: SERVER.name.pattern.slice(1, -1), title: SERVER.name.rule });
  }
  $("name").value = you.name;
  $("join-form").addEventListener("submit", (submit) => {
    submit.preventDefault();
    const name = $("name").value.trim();
    if (!name) return;
    you.name = name;
    you.rating = null;
    store.set("setduel:name:" + location.host, name);
    you.joined = true;
    const token = store.get(tokenKey(name));
    if (token) send("RESUME " + token);
    else sendName(name);
  });
  $("chat-form").addEventListener("submit", (submit) => {
    submit.preventDefault();
    const text = $("chat-input").value.trim();
    if (text) send("SAY " + text);
    $("chat-input").value = "";
  });
  window.addEventListener("resize", () => { if (you.joined) layout(); });
  // What sits above or below the cards (the bar wrapping to another line, a notice, the countdown,
  // why a point was lost, the controls) takes height from them: the cards are laid out again whenever
  // any of it changes size, so that they stay inside the window and the page never scrolls.
  const around = new ResizeObserver(() => { if (you.joined) layout(); });
  for (const element of [document.querySelector(".bar"), $("countdown"), $("notice"), $("why"), $("controls")]) {
    around.observe(element);
  }
  draw();
  connect();
});
