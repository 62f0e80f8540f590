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
    rows.push(["Draw pile", count(view.stock_count, "card")]);
    rows.push(["Turn", `${view.turns} (stops at ${view.turn_cap})`]);
    if (view.hand_sum !== undefined) rows.push(["Your hand sums to", String(view.hand_sum)]);
    return rows;
  }
  const deals = "max_deals" in view.options ? view.options.max_deals : null;
  rows.push(["Deal", deals ? `${view.deal_no} of ${deals}` : String(view.deal_no)]);
  if ("course" in view && view.course) rows.push(["Course", COURSE[view.course]]);
  if (view.trick_no) rows.push(["Trick", String(view.trick_no)]);
  if ("stock_count" in view) rows.push(["Stock", count(view.stock_count, "card")]);
  if ("waste_count" in view) rows.push(["Waste pile", count(view.waste_count, "card")]);
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
    tags.push(count(view.tricks_won[seat], "trick"));
  }
  if (view.game === "duck") {
    const banked = view.banked[seat].length;
    if (banked) tags.push(`${banked} banked`);
  }
  return tags;
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
 * How a play with a call reads on its button: the call as the server will record it.
 * @param {{card: string, call?: string}} move
 * @param {View} view
 */
export function callLabel(move, view) {
  const card = cardText(move.card);
  if (!move.call) return `Play ${card} without a call`;
  return `Play ${card}: “${move.call === "doubleduck" ? "Doubleduck!" : spokenQuack("trick" in view ? view.trick : [])}”`;
}

/**
 * A quack as it is said (docs/rules/doubleduck.md, Calls): "Quack" once per card of the led
 * rank that followed the lead, called or not, this one included: "Quack-quack" for the second.
 * @param {{card: string}[]} trick the cards on the table before this one, the lead first
 */
export function spokenQuack(trick) {
  const rank = trick[0]?.card[0];
  const before = trick.slice(1).filter((p) => p.card[0] === rank).length;
  return ["Quack", ...Array(before).fill("quack")].join("-");
}

/**
 * The turn banner's words when it is the viewer's turn: what the legal moves allow.
 * @param {View} view
 */
export function yourTurn(view) {
  const moves = view.legal_moves ?? [];
  const cardMoves = moves.filter((m) => "card" in m || "cards" in m);
  if (view.game === "duck") {
    return moves.some((m) => m.type === "duck")
      ? "Your turn: pick cards to lay (in order), then where to draw from; or duck."
      : "Your turn: pick cards to lay (in order), then where to draw from.";
  }
  if (view.game === "ducksoup" && view.choice_pending) {
    const rank = view.trick[0] ? rankName(view.trick[0].card) : "that rank";
    return cardMoves.length
      ? `Your turn: your rank was matched. Concede the pair, or play a third ${rank}.`
      : `Your turn: your rank was matched and you hold no third ${rank}: concede the pair.`;
  }
  if (!cardMoves.length) return `Your turn: ${moves.map((m) => actionLabel(m, view)).join(" or ")}.`;
  if (moves.some((m) => m.type === "announce")) return "Your turn: play a card (you may announce first).";
  return "Your turn: play a card.";
}

/** @param {string} card a card of the French games: "TS" is a "10", "QH" a "queen" */
const rankName = (card) => ({ A: "ace", T: "10", J: "jack", Q: "queen", K: "king" })[card[0]] ?? card[0];

/** @type {Record<string, string>} */
const SUIT_WORDS = { C: "club ♣", D: "diamond ♦", H: "heart ♥", S: "spade ♠" };
/** @type {Record<string, string>} */
const SOURCE_WORDS = { stock: "the draw pile", left: "your left neighbour's pile", right: "your right neighbour's pile" };

/**
 * A refusal's message in the page's words: cards as the page draws them ("■1 ▲2", "10♥"), not
 * the API's names ("B1 R2", "TH"); suits, ranks and draw sources in plain words.
 * @param {string} message the server's `message`
 * @param {View["game"]} game
 */
export function plainWords(message, game) {
  let text = message;
  if (game === "doppelkopf") {
    text = text.replace(/follow suit: trump$/, "follow suit: play a trump")
      .replace(/follow suit: ([CSH]) \(plain\)$/, (_, suit) =>
        `follow suit: play a ${SUIT_WORDS[suit]} (its queens and jacks${suit === "H" ? " and the 10♥" : ""} are trumps, not ${SUIT_WORDS[suit].split(" ")[0]}s)`);
  }
  if (game === "duck") {
    text = text.replace(/\b[YBR][0-8]\b/g, cardText)
      .replace(/'(stock|left|right)'/g, (_, source) => SOURCE_WORDS[source])
      .replace(/the (left|right) source/, "your $1 neighbour's pile").replace("the stock source", "the draw pile");
  } else {
    text = text.replace(/\b[A2-9TJQK][CDHS]\b/g, cardText).replace(/\brank ([A2-9TJQK])\b/g, (_, r) => `rank ${rankName(r)}`);
  }
  return text;
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
      return d.by === "timeouts" ? `${who(d.seat)} timed out too often: a bot plays the seat until they return.` : `${who(d.seat)} stepped away: a bot plays the seat.`;
    case "seat_returned":
      return `${who(d.seat)} ${who(d.seat) === "You" ? "are" : "is"} back.`;
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
 * What the score table's "a × b = c" cells mean, in the games that multiply courses.
 * @param {View["game"]} game
 */
export function scoreLegend(game) {
  if (game === "doubleduck") return "Each deal: cards the side stored in the Duck course × cards it stored in the Soup course = the deal's score.";
  if (game === "ducksoup") return "Each deal: Duck-course points × Soup-course points = the deal's score.";
  return null;
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
