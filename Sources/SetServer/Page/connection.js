// The WebSocket to the table: connecting, reconnecting and resuming, the name's secret, round trips.
"use strict";

// A seat's token is kept per table of the hall; table 1's (any server's only table) as it always was.
const tokenKey = (name) =>
  "setduel:token:" + location.host + (you.table > 1 ? ":t" + you.table : "") + ":" + name.toLowerCase();
const secretKey = (name) => "setduel:secret:" + location.host + ":" + name.toLowerCase();

/// The secret that proves `name` is this browser's (protocol.md, Names and their owners): 32 random
/// characters of the server's secret rule (SERVER.name.secretPattern), made once per table and name
/// and kept beside the resume token.
function secretFor(name) {
  let secret = store.get(secretKey(name));
  if (secret && new RegExp(SERVER.name.secretPattern).test(secret)) return secret;
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  secret = Array.from(bytes, (b) => alphabet[b & 63]).join("");
  store.set(secretKey(name), secret);
  return secret;
}

function sendName(name) { send("NAME " + name + " " + secretFor(name)); }

function connect() {
  if (link.stopped) return;
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const ws = new WebSocket(scheme + location.host + "/ws");
  link.ws = ws;
  ws.onopen = () => {
    link.lastHeard = performance.now();
    send("MODE MACHINE");
    you.named = false;
    Object.assign(lobby, { going: false, moving: false, watching: false });
    send("@hall TABLES");  // Whether to open on the lobby; a server of one table lists one, an older one says ERR.
    const token = you.name ? store.get(tokenKey(you.name)) : null;
    if (token) send("RESUME " + token);
    else if (you.table) goTo(you.table);  // NAME follows once there, or RULES for How to play (lobby.js).
    else if (you.joined && you.name) sendName(you.name);
    else send("@rules RULES");  // The table's windows and points for How to play, before a name.
  };
  ws.onmessage = (message) => {
    link.lastHeard = performance.now();
    handle(String(message.data));
  };
  ws.onclose = (closing) => {
    if (link.ws !== ws) return;
    link.ws = null;
    if (link.stopped) return;
    if (closing.code === 1013) {
      showNotice("The table is full: it takes no more connections for now. Trying again in " + seconds(SERVER.reconnect.full) + "…");
      link.retries = Math.max(link.retries, Math.ceil(Math.log2(SERVER.reconnect.longest / SERVER.reconnect.first)));
      setTimeout(connect, SERVER.reconnect.full);
      return;
    }
    const delay = Math.min(SERVER.reconnect.longest, SERVER.reconnect.first * Math.pow(2, link.retries++));
    showNotice("Connection lost. Reconnecting in " + Math.round(delay / 100) / 10 + " s…");
    setTimeout(connect, delay);
  };
}

function send(line) {
  if (link.ws && link.ws.readyState === WebSocket.OPEN) link.ws.send(line);
}

// Round trips by the application's PING: a browser's own pings are out of reach of a page.
setInterval(() => {
  if (!link.ws || link.ws.readyState !== WebSocket.OPEN) return;
  if (performance.now() - link.lastHeard > 9000) {
    link.ws.close();  // Silent too long: the link is gone, whatever the browser thinks.
    return;
  }
  const token = "rtt" + ++link.pingCount;
  link.pingAt.set(token, performance.now());
  send("PING " + token);
}, 3000);
