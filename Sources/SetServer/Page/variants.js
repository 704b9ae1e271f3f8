// The variants: RULES' variant= and firstTo=, their rules as the server gives them (SERVER.variants);
// the chain beside the table in the chain's slots (SERVER.slots.chain: X, Y, Z).
"use strict";

/// A variant as the server describes it (its rule, group size, table size, whether it chains), the
/// standard game's for a name the server does not know.
function variantOf(name) { return SERVER.variants[name] || SERVER.variants.normal; }

/// A variant's rule in one sentence when it is not the standard game, or "".
function ruleOf(name) { return name && name !== "normal" && SERVER.variants[name] ? SERVER.variants[name].rule : ""; }

/// The game's rule in one sentence when it is not the standard game, or "".
function variantRule() {
  const rule = ruleOf(board.rules.variant);
  const target = board.rules.firstTo > 0 ? "The first to find " + plural(board.rules.firstTo, "set") + " wins." : "";
  return [rule, target].filter(Boolean).join(" ");
}

/// How many cards a group is at this table: four in the ultra variants, else three.
function groupSize() { return variantOf(board.rules.variant).groupSize; }
function groupWord() { return groupSize() === 4 ? "four" : "three"; }

/// A card a shuffle just moved slides in; the page redraws often, so the slide goes on from where it was.
function markMoved(card, slot) {
  const elapsed = performance.now() - (board.movedAt || 0);
  if (!board.movedSlots.has(slot) || elapsed >= 700) return;
  card.classList.add("moved");
  card.style.animationDelay = -Math.round(elapsed) + "ms";
}

/// What the variant's groups are called in the review: an UltraSet holds four cards, any other a set.
function groupName() { return groupSize() === 4 ? "UltraSet" : "set"; }

function isChainSlot(slot) { return slot.length === 1 && SERVER.slots.chain.includes(slot); }

/// The chain from X=<card> Y=<card> Z=<card> words; none for no words (the chain let go).
function setChain(pairs) {
  board.chain = {};
  for (const pair of pairs) {
    const [slot, card] = pair.split("=");
    if (isChainSlot(slot) && card && card !== "-") board.chain[slot] = card;
  }
}

/// The variant's name, first-to target and rule on the page: a badge in the bar and the help text.
function drawVariant() {
  const variant = board.rules.variant && board.rules.variant !== "normal" ? String(board.rules.variant) : "";
  const target = board.rules.firstTo > 0 ? "first to " + plural(board.rules.firstTo, "set") : "";
  const badge = $("variant");
  badge.textContent = [variant, target].filter(Boolean).join(", ");
  badge.hidden = !badge.textContent;
  badge.title = variantRule();
  $("rule").textContent = variantRule();
  $("rule").hidden = !variantRule();
  $("keys-chain").hidden = !variantOf(board.rules.variant).chains;
  $("controls").querySelector('[data-action="claim"]').textContent = setButtonName(board.rules.variant || "normal");
  if ($("howto").open) drawHowto();
}
/// The chain's row, apart from the table: "chain, use one:" and its cards in slots X, Y, Z.
function drawChain() {
  const row = $("chain");
  const slots = Object.keys(board.chain).sort();
  row.hidden = slots.length === 0;
  const cards = $("chain-cards");
  cards.replaceChildren();
  const mine = board.holder === you.seat && you.seat > 0;
  for (const slot of slots) {
    const code = board.chain[slot];
    cards.appendChild(cardButton(slot, code, mine, "card chain-card"));
  }
}
