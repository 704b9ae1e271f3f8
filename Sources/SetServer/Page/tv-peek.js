// The featured tables' cards: each featured table is asked with PEEK (protocol.md) about once a
// second, and its cards are drawn small in its tile. Only the tables featured are kept.
"use strict";

/// Asks for the cards of every table featured now.
function askPeeks() {
  for (const id of tv.featured) send("@p PEEK " + id);
}

/// `OK PEEK <table> <seq> <deck> <slot>=<card>...`: a featured table's cards, in slot order (the chain
/// variant's chain, X, Y and Z, is not drawn).
function peekTaken(w) {
  const id = Number(w[2]);
  if (!tv.featured.includes(id)) return;
  const cards = [];
  for (const pair of w.slice(5)) {
    const [slot, card] = pair.split("=");
    if (slot && slot.length === 1 && !SERVER.slots.chain.includes(slot) && card && Object.hasOwn(SERVER.cards, card)) cards.push(card);
  }
  const before = tv.peeks.get(id);
  if (before && before.join(" ") === cards.join(" ")) return;
  tv.peeks.set(id, cards);
  draw();
}

/// Forgets the cards of tables no longer featured, so a screen on all evening keeps only a few.
function keepPeeks() {
  for (const id of tv.peeks.keys()) if (!tv.featured.includes(id)) tv.peeks.delete(id);
}

/// A tile's cards drawn small: three rows, a column for every three cards (as a table is laid out),
/// each card's drawing made again only when its card changed.
function drawCards(grid, cards) {
  const columns = String(Math.max(1, Math.ceil(cards.length / 3)));
  if (grid.style.getPropertyValue("--columns") !== columns) grid.style.setProperty("--columns", columns);
  sized(grid, cards.length, () => made("div", "t-card")).forEach((cell, i) => {
    if (cell.dataset.card === cards[i]) return;
    cell.dataset.card = cards[i];
    cell.replaceChildren(cardSVG(cards[i]));
  });
}
