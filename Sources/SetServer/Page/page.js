// Playing and start-up: clicks and keys, the theme, the name and chat forms, the first connection.
"use strict";

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
  if ($("howto").matches(":modal")) return;  // The help is read: Esc or its button closes it.
  if (event.key === "?") { openHowto(true); return; }
  if (!game.joined) return;
  if (event.key === " ") { event.preventDefault(); act("claim"); }
  else if (event.key === "+" || event.key === "=") act("deal");
  else if (event.key === "/") { event.preventDefault(); $("chat-panel").open = true; $("chat-input").focus(); }
  else if (event.key === "Enter" && game.phase === "over") act("rematch");
  else if (/^[a-uA-Ux-zX-Z]$/.test(event.key)) pick(event.key.toUpperCase());
});

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
