// The WebSocket to the table: connecting, reconnecting and resuming, the name's secret, round trips.
"use strict";

// A seat's token is kept per table of the hall; table 1's (any server's only table) as it always was.
const tokenKey = (name) =>
  "setduel:token:" + location.host + (game.table > 1 ? ":t" + game.table : "") + ":" + name.toLowerCase();
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

function connect() {
  if (game.stopped) return;
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const ws = new WebSocket(scheme + location.host + "/ws");
  game.ws = ws;
  ws.onopen = () => {
    game.lastHeard = performance.now();
    send("MODE MACHINE");
    Object.assign(game, { named: false, going: false, moving: false, watchingHall: false });
    send("@hall TABLES");  // Whether to open on the lobby; a server of one table lists one, an older one says ERR.
    const token = game.name ? store.get(tokenKey(game.name)) : null;
    if (token) send("RESUME " + token);
    else if (game.table) goTo(game.table);  // NAME follows once there, or RULES for How to play (lobby.js).
    else if (game.joined && game.name) sendName(game.name);
    else send("@rules RULES");  // The table's windows and points for How to play, before a name.
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
