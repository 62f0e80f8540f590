// The shape of a game's display (GameDisplay: everything the table draws differently by game),
// and the plain display of a game with no module of its own: its view's fields and its legal
// moves, drawn the way any trick game's are. Each game's module starts from it.
import { cardBacks, cardFace, cardText } from "../cards.js";
import { grid, num, signed, trickShown } from "../deal.js";
import { h } from "../dom.js";
import { COURSE, count, describe } from "../games.js";

/** @typedef {import("../api.js").GameOut} GameOut */
/** @typedef {import("../api.js").View} View */
/** @typedef {import("../api.js").Move} Move */
/** @typedef {import("../api.js").GameEvent} GameEvent */
/** @typedef {import("../games.js").Who} Who */
/** @typedef {import("../dom.js").Child} Child */
/** @typedef {import("../deal.js").Story} Story */
/** @typedef {import("../deal.js").Scored} Scored */
/**
 * A move as the page builds it, from a legal move or the cards a player picked: its card names
 * are strings here, each game's own in the spec (the server checks them: 409, 422).
 * @typedef {{type: string, card?: string, call?: string, cards?: string[], draw?: string}} MoveBuilt
 */
/**
 * What a display's own move controls see of the table (Duck: the picked cards and the draws).
 * @typedef {{view: V, who: Who, busy: boolean, hand: string[], picked: number[],
 *   send: (move: MoveBuilt) => void, clear: () => void}} Play
 * @template {View} [V=View]
 */
/**
 * The earlier tricks (Duck: turns) of a deal, as the table browses them one at a time.
 * @typedef {{noun: string, count(story: Story): number, shown(story: Story, at: number, who: Who): Child}} History
 */
/**
 * What the table asks of a game's display: everything that differs by game. `V` is the game's
 * view (the table hands each display its own game's view only).
 * @typedef {{
 *   title: string,
 *   status(view: V): [string, string][],
 *   seatTags(view: V, seat: number): string[],
 *   seatExtra(view: V, seat: number): Child,
 *   center(view: V, who: Who): Child,
 *   yourTurn(view: V): string,
 *   actionLabel(move: Move, view: V): string,
 *   callLabel(move: {card: string, call?: string}, view: V): string,
 *   plainWords(message: string): string,
 *   sortKey(view: V): (card: string) => number,
 *   picksCards: boolean,
 *   handHint: string,
 *   moveControls(play: Play<V>): HTMLElement[],
 *   countsTitle: string,
 *   runningCounts(view: V, story: Story | undefined, who: Who): [string, string][],
 *   history: History,
 *   summary(view: V, scored: Scored, story: Story, who: Who): Child,
 *   columns(view: V, seats: number[], who: Who): string[],
 *   scoreLegend: string | null,
 *   describe(event: GameEvent, who: Who): string, // "": nothing for the log (Duck's own draw, told once)
 * }} GameDisplay
 * @template {View} [V=View]
 */

/**
 * [label, value] rows any game's view has: its deal, course, trick, stock and waste pile.
 * @param {View} view
 * @returns {[string, string][]}
 */
export function tableRows(view) {
  /** @type {[string, string][]} */
  const rows = [];
  const options = /** @type {Record<string, unknown>} */ (view.options ?? {});
  const deals = "max_deals" in options ? options.max_deals : null;
  rows.push(["Deal", deals ? `${view.deal_no} of ${deals}` : String(view.deal_no)]);
  if ("course" in view && view.course) rows.push(["Course", COURSE[view.course]]);
  if ("trick_no" in view && view.trick_no) rows.push(["Trick", String(view.trick_no)]);
  if ("stock_count" in view) rows.push(["Stock", count(view.stock_count, "card")]);
  if ("waste_count" in view) rows.push(["Waste pile", count(view.waste_count, "card")]);
  return rows;
}

/**
 * The felt's centre in a trick game: the stock (while it lasts) and the trick on the table.
 * @param {View} view
 * @param {Who} who
 */
export function trickCenter(view, who) {
  const trick = "trick" in view ? view.trick : [];
  const leader = "leader" in view ? view.leader : null;
  const stock = "stock_count" in view && view.stock_count > 0
    ? h("div.stock", {}, cardBacks(view.stock_count, `stock, ${view.stock_count} cards`), h("small", {}, "stock")) : null;
  return h("div.trick-area", {},
    stock,
    h("ol.trick", { "aria-label": trick.length ? "The trick on the table" : "No card on the table yet" },
      trick.length ? trick.map((play) => h("li", {}, cardFace(play.card),
        h("small", {}, who(play.seat)),
        "spoken" in play && play.spoken ? h("span.call", {}, play.spoken) : null))
        : h("li.empty", {}, leader !== null ? `${who(leader)} to lead` : "")));
}

/**
 * The turn banner's words when it is the viewer's turn in a trick game: what the legal moves
 * allow (`label`: the display's words for a move that is not a card).
 * @param {View} view
 * @param {(move: Move) => string} label
 */
export function playOrAct(view, label) {
  const moves = view.legal_moves ?? [];
  const cardMoves = moves.filter((m) => "card" in m || "cards" in m);
  if (!cardMoves.length) return `Your turn: ${moves.map(label).join(" or ")}.`;
  return "Your turn: play a card.";
}

/** The deal's tricks, one at a time. */
export const TRICKS = /** @type {History} */ ({
  noun: "trick",
  count: (story) => story.tricks.length,
  shown: (story, at, who) => trickShown(story.tricks[at], who),
});

/**
 * The plain display of `game`: its name, its view's fields, its legal moves, its seats' scores.
 * @param {string} game
 * @returns {GameDisplay}
 */
export function generic(game) {
  return {
    title: game,
    status: tableRows,
    seatTags: () => [],
    seatExtra: () => null,
    center: trickCenter,
    yourTurn: (view) => playOrAct(view, (move) => move.type),
    actionLabel: (move) => move.type,
    callLabel: (move) => `Play ${cardText(move.card)}${move.call ? `: “${move.call}”` : " without a call"}`,
    plainWords: (message) => message,
    sortKey: () => () => 0, // the hand as dealt
    picksCards: false,
    handHint: "Arrow keys move, Enter or Space plays",
    moveControls: () => [],
    countsTitle: "Taken this deal",
    runningCounts: () => [],
    history: TRICKS,
    summary: (_view, d, _story, who) => h("div.deal-summary", {},
      grid(["Seat", "Deal", "Total"], d.score.map((score, seat) => ({
        head: who(seat), data: { seat }, cells: [signed(score), num(d.totals[seat])],
      })))),
    columns: (_view, seats, who) => seats.map(who),
    scoreLegend: null,
    describe,
  };
}
