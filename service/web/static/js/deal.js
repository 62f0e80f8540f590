// A deal as players go over it: its story from the events (its tricks, Duck: its turns), the
// pieces its summary is drawn with (each game's display, in games/, draws its own) and its
// tricks to browse. Everything comes from the view and the events this caller may see
// (deal_scored lays Duck's hands open; trick_won tells each trick): nothing hidden is worked out
// here.
import { cardFace, cardText } from "./cards.js";
import { h } from "./dom.js";
import { count, whose } from "./games.js";

/** @typedef {import("./api.js").GameEvent} GameEvent */
/** @typedef {import("./api.js").EventOf<"deal_scored">["data"]} Scored */
/** @typedef {import("./api.js").EventOf<"trick_won">["data"]} TrickWon */
/** @typedef {import("./games.js").Who} Who */
/** @typedef {import("./dom.js").Child} Child */
/**
 * A row of a summary table: its head (a seat, side or party), its cells, its data attributes.
 * @typedef {{head: Child, cells: Child[], data?: Record<string, string | number>, won?: boolean}} Row
 */
/** @typedef {{seat: number, cards: string[], text: string}} Turn a Duck turn: who laid what, and the draw */
/**
 * A deal as its events tell it: its tricks (trick games) or turns (Duck), and its scoring once
 * it is scored.
 * @typedef {{deal_no: number, tricks: TrickWon[], turns: Turn[], scored: Scored | null}} Story
 */

/**
 * The deals of an event log, by deal number.
 * @param {GameEvent[]} log every event this caller may see, in order
 * @param {Who} who
 * @returns {Map<number, Story>}
 */
export function stories(log, who) {
  /** @type {Map<number, Story>} */
  const deals = new Map();
  /** @type {Story | null} */
  let deal = null;
  for (const event of log) {
    if (event.type === "deal_started") {
      deal = { deal_no: event.data.deal_no, tricks: [], turns: [], scored: null };
      deals.set(deal.deal_no, deal);
    }
    if (!deal) continue;
    const turn = deal.turns.at(-1);
    switch (event.type) {
      case "trick_won":
        deal.tricks.push(event.data);
        break;
      case "cards_played": {
        const d = event.data;
        deal.turns.push({ seat: d.seat, cards: d.cards, text: `${who(d.seat)} laid a ${d.kind}` });
        break;
      }
      case "ducked":
        deal.turns.push({ seat: event.data.seat, cards: [], text: `${who(event.data.seat)} ducked` });
        break;
      case "stock_card": // the drawer's own card from the draw pile (private)
        if (turn && turn.seat === event.data.seat) turn.text += `, drew ${cardText(event.data.card)} from the draw pile`;
        break;
      case "card_drawn": {
        const d = event.data;
        if (!turn || turn.seat !== d.seat || turn.text.includes(", drew")) break;
        if (d.source === "stock") turn.text += ", drew from the draw pile";
        else if (d.card && d.from_seat !== undefined) turn.text += `, took ${cardText(d.card)} from ${whose(who, d.from_seat)} pile`;
        break;
      }
      case "deal_scored":
        deal.scored = event.data;
        break;
      default:
    }
  }
  return deals;
}

// --- the pieces of a deal's summary (each game's display draws its own) ----------------------

/**
 * @param {string[]} cards
 * @param {string} empty what an empty list reads
 */
export const faces = (cards, empty = "—") =>
  cards.length ? h("span.faces", {}, cards.map((c) => cardFace(c, { small: true }))) : empty;
/** @param {number} n a signed score: "+3", "−2", "0" */
export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
/** @param {number} n a total: "12", "−2" */
export const num = (n) => (n < 0 ? `−${-n}` : String(n));

/**
 * A summary table, one row per seat, side or party. On a phone each row stacks its cells, each
 * under its column's name (data-label), so nothing scrolls sideways.
 * @param {string[]} heads the columns' names, the rows' heads first
 * @param {Row[]} rows
 * @param {(string | null)[]} [classes] a class per cell column (after the head)
 */
export function grid(heads, rows, classes = []) {
  return h("table.summary-table", {},
    h("thead", {}, h("tr", {}, heads.map((x, i) => h(`th${classes[i - 1] ? `.${classes[i - 1]}` : ""}`, { scope: "col" }, x)))),
    h("tbody", {}, rows.map((row) => h(`tr${row.won ? ".won" : ""}`, { dataset: row.data ?? {} },
      h("th", { scope: "row" }, row.head),
      row.cells.map((cell, i) => h(`td${classes[i] ? `.${classes[i]}` : ""}`, { "data-label": heads[i + 1] }, cell))))));
}

// --- the deal's tricks, to browse -------------------------------------------------------------

/**
 * One trick of the deal as it fell, with who took it and what it was worth.
 * @param {TrickWon} trick
 * @param {Who} who
 */
export function trickShown(trick, who) {
  // Duck Soup stores pairs: one suit face down (1 point), two suits face up (2 points).
  const pairs = trick.units?.map((u) => (u.face_up ? "a face-up pair" : "a face-down pair")).join(" and ");
  const worth = trick.stored !== undefined ? `${count(trick.stored, "card")} stored`
    : trick.points !== undefined ? `${count(trick.points, "point")}${pairs ? `: ${pairs}` : ""}` : "";
  const course = trick.course ? ` · ${trick.course === "duck" ? "Duck" : "Soup"} course` : "";
  return h("div.trick-shown", { dataset: { trick: trick.trick_no } },
    h("ol.trick.small", {}, trick.plays.map((p) => h(`li${p.seat === trick.winner ? ".winner" : ""}`, {},
      cardFace(p.card, { small: true }), h("small", {}, who(p.seat)), p.spoken ? h("span.call", {}, p.spoken) : null))),
    h("p", {}, `${who(trick.winner)} took it${worth ? ` (${worth})` : ""}${course}.`));
}
