// How to play: what a set is, with real cards drawn as on the table; calling Set and the seconds it
// gives, and what costs a point, from the table's RULES line; the variant's own rule with an example.
// A first visit shows it above the join screen (remembered in the browser); the bar's button shows
// it again, over the table.
"use strict";

const howtoSeenKey = "setduel:howto-seen";

/// Whether the table's RULES have come (they come once the page has a name there).
function rulesKnown() { return board.rules.claimWindow !== undefined; }

/// The game the table plays: RULES' variant, or before them what the hall says of the table.
function tableVariant() {
  if (rulesKnown()) return String(board.rules.variant || "normal");
  const here = lobby.tables.get(Number(you.table) || 1);
  return here ? here.variant : "normal";
}

/// The Set button's name for the game: an UltraSet is called, and so is a chain set.
function setButtonName(variant) {
  if (variantOf(variant).groupSize === 4) return "UltraSet!";
  if (variantOf(variant).chains) return "Chain set!";
  return "Set!";
}

/// The examples drawn: a set and three cards that are not one (solid cards alone in junior).
const howtoExamples = {
  set: ["1GSD", "2GTD", "3GOD"], notSet: ["1GSD", "2GTD", "3ROD"],
  juniorSet: ["1GSD", "2GSO", "3GSS"], juniorNotSet: ["1GSD", "2GSO", "3RSS"],
  // Ultra: 2GSD and 3PSD need 1RSD, and so do 1GTO and 1POS.
  ultra: ["2GSD", "3PSD", "1GTO", "1POS"], ultraThird: "1RSD",
  // Chain: the last set lies beside the table; the next uses one of its cards.
  chain: ["1GSD", "2GTD", "3GOD"], chainNext: ["1GSD", "2RSD", "3PSD"],
};

/// A row of cards drawn as on the table, with a caption; `needed` marks a card not on the table.
function howtoCards(codes, caption, needed) {
  const figure = document.createElement("figure");
  const row = document.createElement("div");
  row.className = "howto-cards";
  for (const code of codes) {
    const card = document.createElement("div");
    card.className = "card" + (code === needed ? " needed" : "");
    card.dataset.example = code;
    card.appendChild(cardSVG(code));
    row.appendChild(card);
  }
  const words = document.createElement("figcaption");
  words.textContent = caption;
  figure.append(row, words);
  return figure;
}

function howtoPart(title, ...parts) {
  const heading = document.createElement("h3");
  heading.textContent = title;
  const nodes = [heading];
  for (const part of parts) {
    if (typeof part !== "string") { nodes.push(part); continue; }
    const paragraph = document.createElement("p");
    paragraph.textContent = part;
    nodes.push(paragraph);
  }
  return nodes;
}

/// A length of the rules in seconds ("5 s"), or `otherwise` before the rules have come.
function ruleSeconds(key, otherwise) { return rulesKnown() && board.rules[key] > 0 ? seconds(board.rules[key]) : otherwise; }
function rulePoints(key) { return rulesKnown() ? plural(Number(board.rules[key]), "point") : "a point"; }

function howtoVariant(variant) {
  const ex = howtoExamples;
  switch (variant) {
    case "ultra": case "ultra9":
      return howtoPart("This table: " + variant, ruleOf(variant),
        howtoCards(ex.ultra.concat([ex.ultraThird]), "An UltraSet: " + ex.ultra.join(", ") + ". " + ex.ultra[0] + " and " +
          ex.ultra[1] + " would make a set with " + ex.ultraThird + ", and so would " + ex.ultra[2] + " and " + ex.ultra[3] +
          ". The card they share (faded) need not be on the table.", ex.ultraThird),
        "Pick four cards. Here the Set button is called " + setButtonName(variant));
    case "chain":
      return howtoPart("This table: chain", ruleOf("chain"),
        howtoCards(ex.chain, "The last set, beside the table as X, Y, Z."),
        howtoCards(ex.chainNext, "The next set uses one of them (" + ex.chainNext[0] + ") and two cards from the table."),
        "The keys x, y, z pick the chain's cards. Here the Set button is called " + setButtonName(variant));
    case "junior": case "shuffle":
      return howtoPart("This table: " + variant, ruleOf(variant));
    default:
      return [];
  }
}

/// The help, drawn afresh from what the page knows of the table now.
function drawHowto() {
  const variant = tableVariant();
  const ex = howtoExamples;
  const junior = variant === "junior";
  const size = variantOf(variant).groupSize === 4 ? "four" : "three";
  const claim = ruleSeconds("claimWindow", "a few seconds");
  const turn = ruleSeconds("passedTurnWindow", "");
  const needless = ruleSeconds("needlessDealWindow", "");
  const picks = rulesKnown() && board.rules.pickClaims === 0 ? "" : " (or just pick a card)";
  const target = board.rules.firstTo > 0 ? "The first to find " + plural(board.rules.firstTo, "set") + " wins."
    : "The game ends when the deck is empty and no set is left on the table; the higher score wins.";
  const body = $("howto-body");
  body.replaceChildren(
    ...howtoPart("A set",
      "Three cards are a set when each of number, colour, shading and shape is all the same on the three, or all different.",
      howtoCards(junior ? ex.juniorSet : ex.set, junior ? "A set: all green, all solid; one, two, three; diamond, oval, squiggle."
        : "A set: all green, all diamonds; one, two, three; solid, striped, open."),
      howtoCards(junior ? ex.juniorNotSet : ex.notSet, "Not a set: " + whyNot(junior ? ex.juniorNotSet : ex.notSet) + ".")),
    ...howtoVariant(variant),
    ...howtoPart("Calling it",
      "See one? Press " + setButtonName(variant) + " or Space" + picks + ": then you alone pick " + size + " cards, within " +
      claim + ". The bar and the seconds above the cards count down. A set scores " + rulePoints("setReward") + "."),
    ...howtoPart("What costs a point",
      "A wrong pick costs " + rulePoints("wrongPickPenalty") + ", and letting your " + (rulesKnown() ? claim : "time") +
      " run out costs " + rulePoints("claimExpiredPenalty") + ": either way the other player then has " +
      (turn || "a turn") + " alone to find a set.",
      "Deal 3 while a set is on the table costs " + rulePoints("needlessDealPenalty") + ": nothing is dealt, and the other player " +
      "gets " + (needless || "a turn") + " to find it. Ask for cards only when you see no set.",
      target),
  );
  $("howto-title").textContent = variant === "normal" ? "How to play" : "How to play " + variant;
}

function openHowto(modal) {
  const dialog = $("howto");
  drawHowto();
  if (dialog.open) dialog.close();
  if (modal) dialog.showModal(); else dialog.show();
}

/// The first visit's help closes once the player sits down, and is not shown again.
function closeFirstHowto() {
  const dialog = $("howto");
  if (dialog.open && !dialog.matches(":modal")) dialog.close();
}

window.addEventListener("DOMContentLoaded", () => {
  $("howto-open").addEventListener("click", () => openHowto(true));
  $("howto").addEventListener("close", () => {
    store.set(howtoSeenKey, "1");
    if (you.joined) layout();
  });
  if (!store.get(howtoSeenKey)) openHowto(false);
});
