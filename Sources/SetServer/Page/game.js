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

// The page's state, in parts: the connection, the player at this page, the table as the server told
// it, the window being counted down, and the hall.

/// The connection: its WebSocket, the tries since it last worked, whether the page has stopped for
/// good, and the round trips by PING (the tokens sent and when, how many, when a line last came).
const link = { ws: null, retries: 0, stopped: false, pingAt: new Map(), pingCount: 0, lastHeard: 0 };

/// The player at this page: the name, the seat (0 watching, null before one), whether it asked to
/// sit (`joined`) and the connection is named, the name's rating status (NOTICE rating), whether it
/// was seated before a drop, a free seat it was offered, how its seat was taken back (`resumed`,
/// said once STATE has come), and the hall's table it is at (a number, or the address's word until
/// the server says).
const you = {
  name: store.get("setduel:name:" + location.host) || "", seat: null, joined: false, named: false, rating: null,
  wasSeated: false, seatFree: 0, resumed: "", table: "",
};

/// The table as told: the rules, the cards by slot and how many, the deck, the players by seat, the
/// phase and who holds the window, the picked slots, the slots just dealt or moved (and when), the
/// last event's number, the game over (OVER's fields), the review being read, the game so far being
/// fetched (EVENTS: its lines, or null), the chain by slot, the rematch each seat asked for ("new" or
/// "same"), and the cards of the last wrong pick.
function freshBoard() {
  return {
    rules: {}, slots: {}, slotCount: 0, deck: 0, players: { 1: {}, 2: {} }, phase: "waiting", holder: 0,
    selected: new Set(), newSlots: new Set(), movedSlots: new Set(), movedAt: 0, seq: 0, over: null, review: null,
    past: null, chain: {}, asks: {}, lastPicked: null,
  };
}
const board = freshBoard();

/// The window counted down: its kind (claim, turn, needless), its milliseconds, when it began, its whole length.
const clock = { windowKind: null, windowMs: 0, windowAt: 0, windowTotal: 0 };

/// The hall (lobby.js): its tables by number and how many, a move to another table asked for
/// (`going`) and under way (`moving`), and whether this connection watches the hall.
const lobby = { tables: new Map(), count: 0, going: false, moving: false, watching: false };
