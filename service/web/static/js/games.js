// The words every game's display shares: counts and owners, the event log's sentences, French
// cards' ranks and a refusal's cards in the page's words, a deal's score cells. What differs by
// game is in games/ (one display per game, found through games/index.js).
import { cardName, cardText } from "./cards.js";

/** @typedef {import("./api.js").GameEvent} GameEvent */
/** @typedef {import("./api.js").DealRecord} DealRecord */
/** @typedef {(seat: number) => string} Who a seat's name at this table: "You", "Seat 2" */

/** @param {string[]} list */
export const cards = (list) => list.map(cardText).join(" ");
/**
 * "1 point", "3 points", "1 card".
 * @param {number} n
 * @param {string} one
 * @param {string} [many]
 */
export const count = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/**
 * A seat's name as an owner: "your", "Seat 2's".
 * @param {Who} who
 * @param {number} seat
 */
export const whose = (who, seat) => (who(seat) === "You" ? "your" : `${who(seat)}'s`);
/** @param {number[]} seats @param {Who} who */
const list = (seats, who) => seats.map(who).join(" and ");
/** @type {Record<"duck" | "soup", string>} */
export const COURSE = { duck: "Duck course (lowest card wins)", soup: "Soup course (highest card wins)" };

/** @param {string} card a card of the French games: "TS" is a "10", "QH" a "queen" */
export const rankName = (card) => ({ A: "ace", T: "10", J: "jack", Q: "queen", K: "king" })[card[0]] ?? card[0];

/**
 * A refusal's French cards and ranks as the page draws them ("10♥", not the API's "TH").
 * @param {string} message
 */
export function frenchWords(message) {
  return message.replace(/\b[A2-9TJQK][CDHS]\b/g, cardText).replace(/\brank ([A2-9TJQK])\b/g, (_, r) => `rank ${rankName(r)}`);
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
      return `The rank (${rankName(d.rank)}) was matched: ${who(d.seat).replace(/^You$/, "you")} must concede or play a third.`;
    case "conceded":
      return `${who(d.seat)} conceded the pair.`;
    case "trick_won": {
      const gain = d.stored !== undefined ? `${count(d.stored, "card")} stored` : count(d.points ?? 0, "point");
      return `${who(d.winner)} took trick ${d.trick_no} (${cards(d.plays.map((p) => p.card))}; ${gain}).`;
    }
    case "card_drawn":
      if (d.source === "stock") return `${who(d.seat)} drew from the draw pile.`;
      if (d.source && d.card && d.from_seat !== undefined) {
        return `${who(d.seat)} took ${cardName(d.card)} from ${whose(who, d.from_seat)} pile.`;
      }
      return `${who(d.seat)} drew ${d.card ? cardName(d.card) : "a card"}.`;
    case "stock_card":
      return `${who(d.seat)} drew ${cardName(d.card)}.`;
    case "cards_drawn":
      return `Everyone drew; ${count(d.stock_count, "card")} left in the stock.`;
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
    case "turn_timed_out":
      return `${who(d.seat)} ran out of time: the ${d.bot} bot played instead.`;
    case "turn_started":
      return `${who(d.seat)} ${who(d.seat) === "You" ? "are" : "is"} on the clock.`;
    case "seat_away":
      return d.by === "timeouts" ? `${who(d.seat)} timed out too often: a bot plays the seat until ${who(d.seat) === "You" ? "you return" : "they return"}.` : `${who(d.seat)} stepped away: a bot plays the seat.`;
    case "resigned":
      return `${who(d.seat)} resigned.`;
    case "rematch_declined":
      return `${who(d.seat)} declined the rematch.`;
    case "game_abandoned":
      return d.by === "rematch_declined" ? "The rematch will not be played." : "The host ended the game.";
    case "seat_returned":
      return `${who(d.seat)} ${who(d.seat) === "You" ? "are" : "is"} back.`;
    case "seat_taken": {
      const still = d.open.length ? ` Still open: ${d.open.map((s) => `seat ${s}`).join(", ")}.` : " Every seat is taken: the game begins.";
      return `${who(d.seat) === "You" ? "You took your seat" : `A player took ${who(d.seat)}`} at the table.${still}`;
    }
    case "resigned":
      return `${who(d.seat)} resigned.`;
    case "game_abandoned":
      return "The host ended the game.";
    case "tie_at_target":
      return `The totals are level at ${d.totals.join(", ")}: one more deal.`;
    case "game_over":
      return d.winners.length
        ? `Game over: ${list(d.winners, who)} won (${d.totals.join(", ")}).`
        : `Game over: a draw (${d.totals.join(", ")}).`;
    default:
      return `${/** @type {{type: string}} */ (event).type.replaceAll("_", " ")}.`; // an event this page does not know yet
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
