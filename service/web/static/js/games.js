// What differs between the four games: status lines, seat badges, tricks and the event log.
import { cardName, cardText } from "./cards.js";

/** @typedef {import("./api.js").GameOut} GameOut */
/** @typedef {import("./api.js").View} View */
/** @typedef {import("./api.js").Move} Move */
/** @typedef {import("./api.js").GameEvent} GameEvent */
/** @typedef {import("./api.js").DealRecord} DealRecord */
/** @typedef {(seat: number) => string} Who a seat's name at this table: "You", "Seat 2" */

/** @param {string[]} list */
const cards = (list) => list.map(cardText).join(" ");
/** @param {number[]} seats @param {Who} who */
const list = (seats, who) => seats.map(who).join(" and ");
/** @type {Record<"duck" | "soup", string>} */
const COURSE = { duck: "Duck course (lowest card wins)", soup: "Soup course (highest card wins)" };

/**
 * Label of a score column: a side in Doubleduck, a seat elsewhere.
 * @param {GameOut} body
 * @param {Who} who
 */
export function columns(body, who) {
  const { view } = body;
  if (view.game === "doubleduck") return view.sides.map((seats, i) => `Side ${i}: ${seats.map(who).join(" + ")}`);
  return body.seats.map((s) => who(s.seat));
}

/**
 * [label, value] pairs for the table's status panel.
 * @param {View} view
 */
export function status(view) {
  /** @type {[string, string][]} */
  const rows = [];
  if (view.game === "duck") {
    rows.push(["Deal", `${view.deal_no} of ${view.max_deals}`]);
    if (view.lifebelt !== null) rows.push(["Lifebelt", String(view.lifebelt)]);
    rows.push(["Draw pile", `${view.stock_count} cards`]);
    rows.push(["Turn", `${view.turns} (stops at ${view.turn_cap})`]);
    if (view.hand_sum !== undefined) rows.push(["Your hand sums to", String(view.hand_sum)]);
    return rows;
  }
  const deals = "max_deals" in view.options ? view.options.max_deals : null;
  rows.push(["Deal", deals ? `${view.deal_no} of ${deals}` : String(view.deal_no)]);
  if ("course" in view && view.course) rows.push(["Course", COURSE[view.course]]);
  if (view.trick_no) rows.push(["Trick", String(view.trick_no)]);
  if ("stock_count" in view) rows.push(["Stock", `${view.stock_count} cards`]);
  if ("waste_count" in view) rows.push(["Waste pile", `${view.waste_count} cards`]);
  if (view.game === "doppelkopf") {
    if (view.kind !== "normal") rows.push(["Kind", view.kind]);
    if (view.party) rows.push(["Your party", view.party === "re" ? "Re" : "Kontra"]);
  }
  if (view.game === "ducksoup" && view.choice_pending) rows.push(["Rank matched", "the leader must choose"]);
  return rows;
}

/**
 * Short tags shown on a seat: its side, party, tricks or pile.
 * @param {View} view
 * @param {number} seat
 */
export function seatTags(view, seat) {
  const tags = [];
  if (view.dealer === seat) tags.push("dealer");
  if ("leader" in view && view.leader === seat && view.trick.length === 0) tags.push("leads");
  if (view.game === "doubleduck") tags.push(`side ${view.sides.findIndex((s) => s.includes(seat))}`);
  if (view.game === "doppelkopf") {
    const party = view.parties[seat];
    if (party) tags.push(party === "re" ? "Re" : "Kontra");
    tags.push(`${view.tricks_won[seat]} tricks`);
  }
  if (view.game === "duck") {
    const banked = view.banked[seat].length;
    if (banked) tags.push(`${banked} banked`);
  }
  return tags;
}

/**
 * The trick before this one, when the game shows it.
 * @param {View} view
 */
export function lastTrick(view) {
  if ("last_trick" in view) return view.last_trick;
  if (view.game === "ducksoup") return view.tricks.at(-1) ?? null;
  return null;
}

/**
 * The non-card moves of a turn with their button text.
 * @param {Move} move
 * @param {View} view
 */
export function actionLabel(move, view) {
  if (move.type === "concede") return "Concede the pair";
  if (move.type === "announce") return `Announce “${"party" in view && view.party === "re" ? "Re" : "Kontra"}”`;
  if (move.type === "duck") return `Duck! (your hand sums to ${"hand_sum" in view ? view.hand_sum : "?"})`;
  return move.type;
}

/**
 * How a play with a call reads on its button.
 * @param {{card: string, call?: string}} move
 */
export function callLabel(move) {
  const card = cardText(move.card);
  if (!move.call) return `Play ${card} without a call`;
  return move.call === "doubleduck" ? `Play ${card}: “Doubleduck!”` : `Play ${card}: “Quack”`;
}

/**
 * One event as a sentence.
 * @param {GameEvent} event
 * @param {Who} who
 * @returns {string}
 */
export function describe(event, who) {
  const { type, data: d } = event;
  switch (type) {
    case "game_created":
      return `The table is set: ${d.seat_count} seats.`;
    case "deal_started":
      if (d.first !== undefined) {
        return `Deal ${d.deal_no} (dealer: ${who(d.dealer)}; first turn: ${who(d.first)}; lifebelt ${d.lifebelt}).`;
      }
      if (d.leader !== undefined) return `Deal ${d.deal_no} (dealer: ${who(d.dealer)}; first lead: ${who(d.leader)}).`;
      return `Deal ${d.deal_no} (dealer: ${who(d.dealer)}).`;
    case "hand_dealt":
      return `${who(d.seat)} got ${d.cards.length} cards.`;
    case "card_played":
      return `${who(d.seat)} played ${cardName(d.card)}${d.spoken ? `: “${d.spoken}”` : ""}.`;
    case "cards_played":
      return `${who(d.seat)} laid a ${d.kind}: ${cards(d.cards)} (${d.hand_size} left in hand).`;
    case "rank_matched":
      return `The rank (${d.rank}) was matched: ${who(d.seat)} must concede or play a third.`;
    case "conceded":
      return `${who(d.seat)} conceded the pair.`;
    case "trick_won": {
      const gain = d.stored !== undefined ? `${d.stored} stored` : `${d.points} points`;
      return `${who(d.winner)} took trick ${d.trick_no} (${cards(d.plays.map((p) => p.card))}; ${gain}).`;
    }
    case "card_drawn":
      if (d.source === "stock") return `${who(d.seat)} drew from the draw pile.`;
      if (d.source && d.card && d.from_seat !== undefined) {
        return `${who(d.seat)} took ${cardName(d.card)} from the pile of ${who(d.from_seat)}.`;
      }
      return `${who(d.seat)} drew ${d.card ? cardName(d.card) : "a card"}.`;
    case "stock_card":
      return `${who(d.seat)} drew ${cardName(d.card)}.`;
    case "cards_drawn":
      return `Everyone drew; ${d.stock_count} cards left in the stock.`;
    case "course_changed":
      return `The stock is empty: the ${COURSE[d.course]} begins.`;
    case "announced":
      return `${who(d.seat)} announced “${d.call}”.`;
    case "party_revealed":
      return `${who(d.seat)} showed the party: ${d.party === "re" ? "Re" : "Kontra"}.`;
    case "wedding":
      return `${who(d.seat)} got both queens of clubs: a wedding.`;
    case "wedding_partner":
      return `Wedding partner found: ${who(d.partner)} (with ${who(d.seat)}).`;
    case "wedding_failed":
      return `${who(d.seat)} found no partner: a solo.`;
    case "ducked":
      return `${who(d.seat)} ducked!`;
    case "deal_scored":
      if (d.end) return `Deal ${d.deal_no} is over (${dealEnd(d, who)}); scores ${d.score.join(", ")}; totals ${d.totals.join(", ")}.`;
      return `Deal ${d.deal_no} is scored: ${d.score.join(", ")}; totals ${d.totals.join(", ")}.`;
    case "tie_at_target":
      return `The totals are level at ${d.totals.join(", ")}: one more deal.`;
    case "game_over":
      return d.winners.length
        ? `Game over: ${list(d.winners, who)} won (${d.totals.join(", ")}).`
        : `Game over: a draw (${d.totals.join(", ")}).`;
    default:
      return `${event.type.replaceAll("_", " ")}.`; // an event this page does not know yet
  }
}

/**
 * How a Duck deal ended.
 * @param {import("./api.js").EventOf<"deal_scored">["data"]} d
 * @param {Who} who
 */
function dealEnd(d, who) {
  const seat = d.seat === null || d.seat === undefined ? "a seat" : who(d.seat);
  if (d.end === "out") return `${seat} went out`;
  if (d.end === "duck") return `${seat} ducked, ${d.duck_verdict === "correct" ? "correctly" : "wrongly"}`;
  return "the turn cap";
}

/**
 * A deal's score cells: "6 × 20 = 120" where the game multiplies courses.
 * @param {DealRecord} deal
 */
export function dealCells(deal) {
  const { score: scores, duck, soup } = deal;
  if (duck && soup) return scores.map((s, i) => `${duck[i]} × ${soup[i]} = ${s}`);
  return scores.map(String);
}
