// Duck: no tricks. A turn lays a set or a run of picked cards (in order) and draws from the
// pile or a neighbour's pile; a seat may duck. Hands are laid open at the deal's end, each seat
// banks its best card, and a lifebelt may change hands.
import { cardBacks, cardFace, cardName, cardText } from "../cards.js";
import { faces, grid, num, signed } from "../deal.js";
import { h } from "../dom.js";
import { count, describe } from "../games.js";
import { generic } from "./generic.js";

/** @typedef {import("../api.js").ViewOf<"duck">} DuckView */
/** @typedef {import("../api.js").Move} Move */
/** @typedef {import("../games.js").Who} Who */
/** @typedef {import("../deal.js").Scored} Scored */
/** @typedef {import("../deal.js").Turn} Turn */
/** @typedef {import("./generic.js").Play<DuckView>} Play */

/** @type {Record<string, string>} */
const SOURCE_WORDS = { stock: "the draw pile", left: "your left neighbour's pile", right: "your right neighbour's pile" };

/**
 * The picked cards in order, and a button per place to draw from.
 * @param {Play} play
 */
function draws({ view, who, busy, hand, picked, send, clear }) {
  const cards = picked.map((i) => hand[i]);
  const matches = (view.legal_moves ?? []).flatMap((m) => (m.type === "play" && m.cards.join() === cards.join() ? [m] : []));
  const out = [];
  if (!cards.length) {
    out.push(h("span.hint", {}, "Pick cards for a set (one number) or a run (one colour, in order)."));
    return out;
  }
  const valid = matches.length > 0;
  // The cards read by name ("yellow 2"), drawn as their symbols ("●2").
  out.push(h(`span.hint${valid ? ".ok" : ".bad"}`, {}, "Laying ",
    h("span", { "aria-hidden": "true" }, cards.map(cardText).join(" ")),
    h("span.visually-hidden", {}, cards.map(cardName).join(", ")),
    ` (the last on top): ${valid ? "a legal play" : "not a set or a run in this order"}.`));
  /**
   * @param {number | undefined} seat
   * @param {string} side
   * @returns {[string, boolean, string]} the button's text, whether the pile has a card, its name read
   */
  const pile = (seat, side) => {
    const top = seat === undefined ? null : view.piles[seat]?.top ?? null;
    const from = `from ${seat === undefined ? "nobody" : who(seat)} (${side})`;
    return [`Take ${top ? cardText(top) : "—"} ${from}`, top !== null, `Take ${top ? cardName(top) : "nothing"} ${from}`];
  };
  /** @type {["stock" | "left" | "right", string, boolean, string?][]} */
  const sources = [
    ["stock", `Draw from the pile (${view.stock_count})`, view.stock_count > 0],
    ["left", ...pile(view.left, "left")],
    ["right", ...pile(view.right, "right")],
  ];
  const noDraw = valid
    ? matches.some((m) => !m.draw)
    : !sources.some(([, , open]) => open) || cards.length === hand.length;
  if (noDraw) {
    out.push(h("button.primary", { type: "button", disabled: busy, onclick: () => send({ type: "play", cards }) },
      "Lay them (no draw)"));
  } else {
    for (const [draw, label, open, name] of sources) {
      if (!open) continue;
      out.push(h("button.primary", { type: "button", disabled: busy, dataset: { draw }, "aria-label": name,
        onclick: () => send({ type: "play", cards, draw }) }, label));
    }
  }
  out.push(h("button.ghost", { type: "button", onclick: clear }, "Clear"));
  return out;
}

/**
 * How the deal ended, every hand laid open with its sum, what each seat banked (or threw
 * away), the lifebelt, and the score.
 * @param {Scored} d
 * @param {Who} who
 */
function summary(d, who) {
  const seats = d.score.map((_, seat) => seat);
  const revealed = d.revealed ?? [];
  const sums = d.sums ?? [];
  const banked = d.banked ?? [];
  const discarded = d.discarded ?? [];
  const belt = d.lifebelt ?? null;
  const end = d.end === "out" ? `${who(d.seat ?? 0)} went out.`
    : d.end === "duck" ? `${who(d.seat ?? 0)} ducked, ${d.duck_verdict === "correct" ? "correctly: no other hand sums as low" : "wrongly: another hand sums as low or lower"}.`
      : "The deal reached the turn cap: nobody banks a card and the lifebelt stays out.";
  return h("div.deal-summary", {},
    h("p.headline", {}, end),
    grid(["Seat", "Hand laid open", "Sum", "Banked", "Lifebelt", "Deal", "Total"], seats.map((seat) => ({
      head: who(seat),
      data: { seat },
      cells: [
        faces(revealed[seat] ?? [], d.end === "out" && d.seat === seat ? "out: no cards left" : "—"),
        String(sums[seat] ?? ""),
        banked[seat] ? faces([/** @type {string} */ (banked[seat])]) : discarded.includes(seat) ? "threw the hand away" : "—",
        belt && belt.seat === seat ? `${belt.value} ${belt.side} (${signed(belt.points)})` : "—",
        signed(d.score[seat]),
        num(d.totals[seat]),
      ],
    })), ["cards"]),
    h("p.legend", {}, "Each banked card scores its number. The highest sum (every seat that shares it) throws the hand away; the others bank their best card. ",
      "A lifebelt scores its value on its green side and costs its penalty on its red side."));
}

/**
 * One turn of the deal.
 * @param {Turn} turn
 */
const turnShown = (turn) => h("div.trick-shown", {}, turn.cards.length ? faces(turn.cards) : null, h("p", {}, `${turn.text}.`));

/**
 * One event as a sentence, a draw from the pile told once: the drawer sees its card
 * (`stock_card`, private: "You drew yellow 3.") and then the public `card_drawn`, which
 * tells them nothing more ("" : no line).
 * @param {import("../api.js").GameEvent} event
 * @param {Who} who
 */
function describeDuck(event, who) {
  if (event.type === "card_drawn" && event.data.source === "stock" && who(event.data.seat) === "You") return "";
  return describe(event, who);
}

/** @type {import("./generic.js").GameDisplay<DuckView>} */
export const duck = {
  ...generic("duck"),
  title: "Duck",
  status(view) {
    /** @type {[string, string][]} */
    const rows = [];
    rows.push(["Deal", `${view.deal_no} of ${view.max_deals}`]);
    if (view.lifebelt !== null) rows.push(["Lifebelt", String(view.lifebelt)]);
    rows.push(["Draw pile", count(view.stock_count, "card")]);
    rows.push(["Turn", `${view.turns} (stops at ${view.turn_cap})`]);
    if (view.hand_sum !== undefined) rows.push(["Your hand sums to", String(view.hand_sum)]);
    return rows;
  },
  seatTags(view, seat) {
    const banked = view.banked[seat].length;
    return banked ? [`${banked} banked`] : [];
  },
  seatExtra(view, seat) {
    const pile = view.piles[seat];
    return pile ? h("span.pile", {}, pile.top ? cardFace(pile.top, { small: true }) : h("span.card.small.empty", { role: "img", "aria-label": "empty pile" }),
      h("small", {}, `pile ${pile.size}`)) : null;
  },
  center: (view) => h("div.duck-center", {},
    h("div.stock", {}, cardBacks(view.stock_count, `draw pile, ${view.stock_count} cards`), h("small", {}, "draw pile")),
    view.lifebelt !== null ? h("div.lifebelt", { role: "img", "aria-label": `lifebelt worth ${view.lifebelt}` },
      h("span", { "aria-hidden": "true" }, String(view.lifebelt))) : null),
  yourTurn: (view) => ((view.legal_moves ?? []).some((m) => m.type === "duck")
    ? "Your turn: pick cards to lay (in order), then where to draw from; or duck."
    : "Your turn: pick cards to lay (in order), then where to draw from."),
  actionLabel: (move, view) => (move.type === "duck" ? `Duck! (your hand sums to ${view.hand_sum ?? "?"})` : move.type),
  plainWords: (message) => message.replace(/\b[YBR][0-8]\b/g, cardText)
    .replace(/'(stock|left|right)'/g, (_, source) => SOURCE_WORDS[source])
    .replace(/the (left|right) source/, "your $1 neighbour's pile").replace("the stock source", "the draw pile"),
  sortKey: () => (c) => "YBR".indexOf(c[0]) * 10 + Number(c.slice(1)),
  picksCards: true,
  handHint: "Arrow keys move, Enter or Space picks, Escape clears",
  moveControls: draws,
  countsTitle: "Banked so far",
  runningCounts: (view, _story, who) => view.banked.map((cards, seat) => {
    const banked = cards.reduce((sum, c) => sum + Number(c.slice(1)), 0);
    const belts = view.lifebelts[seat].map((b) => `${b.value} ${b.side}`).join(", ");
    return [who(seat), `${cards.length ? `banked ${cards.map(cardText).join(" ")} (${banked})` : "nothing banked"}${belts ? `; lifebelt ${belts}` : ""}; total ${view.totals[seat]}`];
  }),
  history: { noun: "turn", count: (story) => story.turns.length, shown: (story, at) => turnShown(story.turns[at]) },
  summary: (_view, d, _story, who) => summary(d, who),
  describe: describeDuck,
};
