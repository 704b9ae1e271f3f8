// The table's page: one more client of the line protocol (protocol.md), in its machine presentation,
// one line to a WebSocket text message. It only draws: every clock stays on the server. Names and chat
// are only ever set as text (textContent), never as markup.
//
// The page's scripts are classic scripts, run in index.html's order and sharing one global scope. This
// one holds what they all share: the page's state and the browser's storage.
"use strict";

const $ = (id) => document.getElementById(id);
const store = {
  get(key) { try { return localStorage.getItem(key); } catch (e) { return null; } },
  set(key, value) { try { localStorage.setItem(key, value); } catch (e) { /* private mode */ } },
  remove(key) { try { localStorage.removeItem(key); } catch (e) { /* private mode */ } },
};

const game = {
  ws: null, name: store.get("setduel:name:" + location.host) || "", seat: null, joined: false,
  rules: {}, slots: {}, slotCount: 0, deck: 0, players: { 1: {}, 2: {} }, phase: "waiting", holder: 0,
  windowKind: null, windowMs: 0, windowAt: 0, selected: new Set(), newSlots: new Set(), seq: 0,
  over: null, retries: 0, stopped: false, pingAt: new Map(), pingCount: 0, lastHeard: 0, wasSeated: false,
  pending: [], rating: null, review: null, past: null, seatFree: 0, chain: {}, movedSlots: new Set(),
  // The rematch each seat asked for ("new" or "same"), and the cards of the last wrong pick.
  asks: {}, lastPicked: null,
  // The hall (lobby.js): its tables by number, how many, the table the page is at (a number, or the
  // address's word until the server says), whether this connection is named, a move under way.
  hall: new Map(), hallCount: 0, table: "", named: false, going: false, moving: false, watchingHall: false,
};
