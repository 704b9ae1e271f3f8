// The variants: RULES' variant= and firstTo=; the chain beside the table in slots X, Y, Z.
"use strict";

const variantRules = {
  junior: "Junior: only the 27 solid cards, nine on the table; a set is as usual.",
  shuffle: "Shuffle: sets as usual, but after each set every card on the table moves to another place.",
  chain: "Chain: after the first set, each set must use exactly one of the last set's cards, shown as X Y Z.",
  ultra: "Ultra: pick four cards that split into two pairs whose third card (the one completing each pair) is the same.",
  ultra9: "Ultra9: as Ultra (four cards, two pairs completed by the same card), with nine cards on the table.",
};

/// The game's rule in one sentence when it is not the standard game, or "".
function variantRule() {
  const rule = variantRules[game.rules.variant] || "";
  const target = game.rules.firstTo > 0 ? "The first to find " + game.rules.firstTo + " sets wins." : "";
  return [rule, target].filter(Boolean).join(" ");
}

/// How many cards a group is: four in the ultra variants, else three.
function groupSize() { return game.rules.variant === "ultra" || game.rules.variant === "ultra9" ? 4 : 3; }
function groupWord() { return groupSize() === 4 ? "four" : "three"; }

/// A card a shuffle just moved slides in; the page redraws often, so the slide goes on from where it was.
function markMoved(card, slot) {
  const elapsed = performance.now() - (game.movedAt || 0);
  if (!game.movedSlots.has(slot) || elapsed >= 700) return;
  card.classList.add("moved");
  card.style.animationDelay = -Math.round(elapsed) + "ms";
}

/// What the variant's groups are called in the review: an UltraSet holds four cards, any other a set.
function groupName() { return groupSize() === 4 ? "UltraSet" : "set"; }

function isChainSlot(slot) { return slot === "X" || slot === "Y" || slot === "Z"; }

/// The chain from X=<card> Y=<card> Z=<card> words; none for no words (the chain let go).
function setChain(pairs) {
  game.chain = {};
  for (const pair of pairs) {
    const [slot, card] = pair.split("=");
    if (isChainSlot(slot) && card && card !== "-") game.chain[slot] = card;
  }
}

/// The variant's name, first-to target and rule on the page: a badge in the bar and the help text.
function drawVariant() {
  const variant = game.rules.variant && game.rules.variant !== "normal" ? String(game.rules.variant) : "";
  const target = game.rules.firstTo > 0 ? "first to " + game.rules.firstTo + " sets" : "";
  const badge = $("variant");
  badge.textContent = [variant, target].filter(Boolean).join(", ");
  badge.hidden = !badge.textContent;
  badge.title = variantRule();
  $("rule").textContent = variantRule();
  $("rule").hidden = !variantRule();
  $("keys-chain").hidden = game.rules.variant !== "chain";
  $("controls").querySelector('[data-action="claim"]').textContent = setButtonName(game.rules.variant || "normal");
  if ($("howto").open) drawHowto();
}
/// The chain's row, apart from the table: "chain, use one:" and its cards in slots X, Y, Z.
function drawChain() {
  const row = $("chain");
  const slots = Object.keys(game.chain).sort();
  row.hidden = slots.length === 0;
  const cards = $("chain-cards");
  cards.replaceChildren();
  const mine = game.holder === game.seat && game.seat > 0;
  for (const slot of slots) {
    const code = game.chain[slot];
    cards.appendChild(cardButton(slot, code, mine, "card chain-card"));
  }
}
