// Cards: names a screen reader reads, faces readable without colour, hands in a useful order.
import { h } from "./dom.js";

/** @typedef {{name: string, symbol: string}} Suit */

/** @type {Record<string, string>} */
const RANKS = { A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
  8: "eight", 9: "nine", T: "ten", J: "jack", Q: "queen", K: "king" };
/** @type {Record<string, Suit>} */
const SUITS = {
  C: { name: "clubs", symbol: "♣" },
  D: { name: "diamonds", symbol: "♦" },
  H: { name: "hearts", symbol: "♥" },
  S: { name: "spades", symbol: "♠" },
};
// Duck's colours each get a shape too, so no one needs to tell yellow from red by hue.
/** @type {Record<string, Suit>} */
const DUCK_COLOURS = {
  Y: { name: "yellow", symbol: "●" },
  B: { name: "blue", symbol: "■" },
  R: { name: "red", symbol: "▲" },
};

/** @param {string} card as the spec spells it: "QS", "TH", Duck's "R7" */
const isDuckCard = (card) => card[0] in DUCK_COLOURS && /^[0-8]$/.test(card.slice(1));
/** @param {string} card a French card: "QS", "TH" (a game's cards of another kind read as spelled) */
const isFrenchCard = (card) => card.length === 2 && card[0] in RANKS && card[1] in SUITS;

/**
 * "queen of spades", "red 7".
 * @param {string} card
 */
export function cardName(card) {
  if (isDuckCard(card)) return `${DUCK_COLOURS[card[0]].name} ${card.slice(1)}`;
  if (!isFrenchCard(card)) return card;
  return `${RANKS[card[0]]} of ${SUITS[card[1]].name}`;
}

/**
 * Short text with the suit symbol: "Q♠", "10♥", "▲7".
 * @param {string} card
 */
export function cardText(card) {
  if (isDuckCard(card)) return `${DUCK_COLOURS[card[0]].symbol}${card.slice(1)}`;
  if (!isFrenchCard(card)) return card;
  return `${card[0] === "T" ? "10" : card[0]}${SUITS[card[1]].symbol}`;
}

/**
 * A card's face: rank and symbol in a four-colour deck (or Duck's three colours).
 * @param {string} card
 * @param {{small?: boolean}} [how]
 */
export function cardFace(card, { small = false } = {}) {
  return h(
    `span.card.face${small ? ".small" : ""}`,
    { role: "img", "aria-label": cardName(card), dataset: { card } },
    ...faceParts(card),
  );
}

/**
 * The inside of a card face (for buttons that are cards).
 * @param {string} card
 */
export function faceParts(card) {
  if (isDuckCard(card)) {
    const colour = DUCK_COLOURS[card[0]];
    return [
      h(`span.pip.duck-${card[0]}`, { "aria-hidden": "true" }, card.slice(1)),
      h(`span.suit.duck-${card[0]}`, { "aria-hidden": "true" }, colour.symbol, h("span.word", {}, ` ${colour.name}`)),
    ];
  }
  if (!isFrenchCard(card)) return [h("span.pip", { "aria-hidden": "true" }, card)];
  const suit = SUITS[card[1]];
  return [
    h(`span.pip.suit-${card[1]}`, { "aria-hidden": "true" }, card[0] === "T" ? "10" : card[0]),
    h(`span.suit.suit-${card[1]}`, { "aria-hidden": "true" }, suit.symbol),
  ];
}

/**
 * The back of a card, with how many there are.
 * @param {number} count
 * @param {string} label
 */
export function cardBacks(count, label) {
  return h("span.card.back", { role: "img", "aria-label": label }, h("span", { "aria-hidden": "true" }, String(count)));
}

// --- sorting -----------------------------------------------------------------------------

/**
 * The hand in the game's order (its display's `sortKey`: lowest first).
 * @param {string[]} hand
 * @param {(card: string) => number} key
 */
export function sortHand(hand, key) {
  return [...hand].sort((a, b) => key(a) - key(b));
}
