// The projector page (/tv): the room's big screen. It needs no input: a spectator of the hall over the
// WebSocket, in the machine presentation (protocol.md), that watches the hall's tables (TABLES WATCH)
// and asks the tournament's state and standings about once a second. It only draws: every clock stays
// on the server. Everything shown that came from the server goes through `show`, text only.
//
// The page's scripts are classic scripts sharing one global scope. This one holds what they share.
"use strict";

const $ = (id) => document.getElementById(id);

const tv = {
  ws: null, retries: 0, lastHeard: 0, everConnected: false, stopped: false,
  // The tournament: null before the first answer, "none" in a hall without one, else
  // { format, state, entrants, ms, at, fastest } with `at` the page's time of the answer and
  // `fastest` the fastest set { ms, name } the server tells once it is finished (else null).
  tournament: null,
  // The standings as last answered, a line each: { rank, name, points, tiebreaks: [[name, value]],
  // games, wins, ties, losses, byes, streak, status }; those being read; the updates taken.
  standings: [], reading: [], updates: 0,
  // Each name's rank before its last change, and when it changed (for the arrows).
  moves: new Map(),
  // The hall's tables by number: { id, name, seat1, seat2, score1, score2, state, watching }.
  hall: new Map(),
  // The latest results, newest first: { table, seat1, seat2, score1, score2 }; at most `resultsKept`.
  results: [], resultsKept: 8,
  // The tables featured, by number, in the order shown, and the cards of each as last peeked.
  featured: [], peeks: new Map(),
  // The event's figures as seen: games ended, sets found in them, the longest run of wins.
  figures: { games: 0, sets: 0, streak: 0, streakName: "" }, runs: new Map(),
  // The tables whose tournament game has been counted.
  counted: new Set(),
  // Which page of the standings shows, and since when.
  page: 0, pageSince: 0,
};

/// Text from elsewhere made harmless to show, as the server's human presentation makes it
/// (SetProtocol's Harmless): C0 controls and DEL as their control pictures, C1 controls and the
/// invisible and direction-changing characters as U+FFFD.
function harmless(text) {
  return String(text).replace(
    /[\u0000-\u001f\u007f\u0080-\u009f\u00ad\u034f\u061c\u115f\u1160\u3164\uffa0\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g,
    (c) => c.length === 2 ? "\ufffd" : c === "\u007f" ? "\u2421" : c.charCodeAt(0) < 0x20 ? String.fromCharCode(0x2400 + c.charCodeAt(0)) : "\ufffd");
}

/// The one way text reaches the screen: as text, made harmless, only when it changed.
function show(element, text) {
  const shown = harmless(text);
  if (element.textContent !== shown) element.textContent = shown;
}

/// A new element of `tag` with `className`, its text shown by `show`.
function made(tag, className, text) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) show(element, text);
  return element;
}

/// `list`'s children made `count` long, new ones from `make`, extra ones removed: the page reuses its
/// elements, so a screen left on all evening does not grow.
function sized(list, count, make) {
  while (list.children.length > count) list.lastElementChild.remove();
  while (list.children.length < count) list.appendChild(make());
  return Array.from(list.children);
}

/// The join address: the address the page was loaded from, at its root (the player's page).
const joinAddress = () => location.origin + "/";

/// Milliseconds as a clock: 4:05, or 1:02:03 past an hour.
function clock(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h > 0 ? h + ":" + two(m) + ":" + two(s) : m + ":" + two(s);
}
