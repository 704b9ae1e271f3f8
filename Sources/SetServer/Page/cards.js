// The cards: their words, why three are not a set, and their SVG drawings. The words are the server's
// (SERVER.cards, SERVER.features, SERVER.whyNot).
"use strict";

/// A card in words, such as `two red solid diamonds` (SERVER.cards).
function describe(code) { return SERVER.cards[code] || code; }

/// Each feature's name and its values' words by the code's letter, in the code's order.
const features = SERVER.features.map((feature) => [feature.name, feature.values]);

/// Why three cards are not a set, in the terminal client's words (HumanText.whyNot): each feature on
/// which two agree and the third differs, with its three values in the cards' order. Null for a set.
function whyNot(codes) {
  if (codes.length !== 3 || codes.some((code) => !Object.hasOwn(SERVER.cards, code))) return null;
  const broken = [];
  features.forEach(([name, values], i) => {
    if (new Set(codes.map((code) => code[i])).size === 2) {
      broken.push(name + " is " + codes.map((code) => values[code[i]]).join(", "));
    }
  });
  if (broken.length === 0) return null;
  return broken.join("; ") + (broken.length === 1 ? SERVER.whyNot.one : SERVER.whyNot.many);
}

const shapes = {
  D: "M0 -32 L18 0 L0 32 L-18 0 Z",
  O: "M-16 -16 A16 16 0 0 1 16 -16 L16 16 A16 16 0 0 1 -16 16 Z",
  S: "M-8 -32 C10 -36 22 -22 14 -8 C8 2 16 10 16 20 C16 34 -4 36 -12 30 C-20 24 -10 16 -12 6 C-14 -4 -22 -12 -18 -22 C-16 -28 -13 -31 -8 -32 Z",
};

const svgNS = "http://www.w3.org/2000/svg";

/// The striped fill of each colour, made once in the document the first time a card is drawn: a
/// pattern the drawings fill with (`url(#stripes-R)`), in the colour's class.
function stripes() {
  if (document.getElementById("stripes-R")) return;
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("class", "defs");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("width", "0");
  svg.setAttribute("height", "0");
  svg.style.position = "absolute";  // Takes no room where it is put.
  const defs = document.createElementNS(svgNS, "defs");
  for (const colour of ["R", "G", "P"]) {
    const pattern = document.createElementNS(svgNS, "pattern");
    for (const [key, value] of [["id", "stripes-" + colour], ["class", "c-" + colour], ["width", "7"], ["height", "7"], ["patternUnits", "userSpaceOnUse"]]) {
      pattern.setAttribute(key, value);
    }
    const rect = document.createElementNS(svgNS, "rect");
    for (const [key, value] of [["width", "2.6"], ["height", "7"], ["fill", "currentColor"]]) rect.setAttribute(key, value);
    pattern.appendChild(rect);
    defs.appendChild(pattern);
  }
  svg.appendChild(defs);
  document.body.prepend(svg);
}

function cardSVG(code) {
  stripes();
  const [n, c, s, p] = code;
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", "0 0 150 100");
  svg.setAttribute("class", "c-" + c);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", describe(code));
  const count = Number(n);
  for (let i = 0; i < count; i++) {
    const path = document.createElementNS(svgNS, "path");
    path.setAttribute("d", shapes[p]);
    const x = 75 + (i - (count - 1) / 2) * 42;
    path.setAttribute("transform", "translate(" + x + " 50)");
    path.setAttribute("stroke", "currentColor");
    path.setAttribute("stroke-width", "3.5");
    path.setAttribute("stroke-linejoin", "round");
    path.setAttribute("fill", s === "S" ? "currentColor" : s === "T" ? "url(#stripes-" + c + ")" : "none");
    svg.appendChild(path);
  }
  return svg;
}
