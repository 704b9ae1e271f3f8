// The projector page's start-up: the theme, the connection (a spectator, back by itself after a drop),
// the questions asked about once a second (the tournament, the standings, the featured tables' cards),
// and the clock's ticks.
"use strict";

/// How often the tournament and the standings are asked: the server answers STANDINGS 10 times in
/// 10 seconds, so a little slower than once a second is never refused.
const askMs = 1100;

function theme() {
  const asked = new URLSearchParams(location.search).get("theme");
  const light = asked ? asked === "light" : window.matchMedia && matchMedia("(prefers-color-scheme: light)").matches;
  document.body.dataset.theme = light ? "light" : "dark";
}

function connect() {
  if (tv.stopped) return;
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const ws = new WebSocket(scheme + location.host + "/ws");
  tv.ws = ws;
  ws.onopen = () => {
    tv.lastHeard = performance.now();
    tv.retries = 0;
    tv.everConnected = true;
    tv.hall.clear();
    tv.reading = [];
    $("tv-offline").hidden = true;
    send("MODE MACHINE");
    send("TABLES WATCH");
    ask();
  };
  ws.onmessage = (message) => {
    tv.lastHeard = performance.now();
    handleLine(String(message.data));
  };
  ws.onclose = (closing) => {
    if (tv.ws !== ws) return;
    tv.ws = null;
    // The player's page's back-off (SERVER.reconnect): a full server is asked again after its wait.
    const delay = closing.code === 1013 ? SERVER.reconnect.full
      : Math.min(SERVER.reconnect.longest, SERVER.reconnect.first * Math.pow(2, tv.retries++));
    const offline = $("tv-offline");
    show(offline, (closing.code === 1013 ? "The server is full." : "The server is gone.") +
      " Trying again in " + Math.round(delay / 1000) + " s…");
    offline.hidden = false;
    setTimeout(connect, delay);
  };
}

function send(line) {
  if (tv.ws && tv.ws.readyState === WebSocket.OPEN) tv.ws.send(line);
}

function ask() {
  send("@t TOURNAMENT");
  if (tv.tournament !== "none") send("@s STANDINGS");
  askPeeks();
}

theme();
connect();
setInterval(() => {
  if (!tv.ws || tv.ws.readyState !== WebSocket.OPEN) return;
  if (performance.now() - tv.lastHeard > 9000) { tv.ws.close(); return; }  // Silent too long: gone.
  ask();
}, askMs);
setInterval(() => { if (tv.tournament && tv.tournament !== "none") drawClock(); }, 250);
setInterval(draw, 2000);  // The pages of the standings turn, and the arrows fade, between answers.
