// What differs between the four games: status lines, seat badges, tricks and the event log.
import { cardName, cardText } from "./cards.js";

const cards = (list) => list.map(cardText).join(" ");
const list = (seats, who) => seats.map(who).join(" and ");
const COURSE = { duck: "Duck course (lowest card wins)", soup: "Soup course (highest card wins)" };

/** Label of a score column: a side in Doubleduck, a seat elsewhere. */
export function columns(body, who) {
  const { view } = body;
  if (view.sides) return view.sides.map((seats, i) => `Side ${i}: ${seats.map(who).join(" + ")}`);
  return body.seats.map((s) => who(s.seat));
}

/** [label, value] pairs for the table's status panel. */
export function status(game, view) {
  const rows = [];
  if (game === "duck") {
    rows.push(["Deal", `${view.deal_no} of ${view.max_deals}`]);
    if (view.lifebelt !== null) rows.push(["Lifebelt", String(view.lifebelt)]);
    rows.push(["Draw pile", `${view.stock_count} cards`]);
    rows.push(["Turn", `${view.turns} (stops at ${view.turn_cap})`]);
    if (view.hand_sum !== undefined) rows.push(["Your hand sums to", String(view.hand_sum)]);
    return rows;
  }
  const deals = view.max_deals ?? view.options.max_deals;
  rows.push(["Deal", deals ? `${view.deal_no} of ${deals}` : String(view.deal_no)]);
  if (view.course) rows.push(["Course", COURSE[view.course]]);
  if (view.trick_no) rows.push(["Trick", String(view.trick_no)]);
  if (view.stock_count !== undefined) rows.push(["Stock", `${view.stock_count} cards`]);
  if (view.waste_count !== undefined) rows.push(["Waste pile", `${view.waste_count} cards`]);
  if (game === "doppelkopf") {
    if (view.kind !== "normal") rows.push(["Kind", view.kind]);
    if (view.party) rows.push(["Your party", view.party === "re" ? "Re" : "Kontra"]);
  }
  if (game === "ducksoup" && view.choice_pending) rows.push(["Rank matched", "the leader must choose"]);
  return rows;
}

/** Short tags shown on a seat: its side, party, tricks or pile. */
export function seatTags(game, view, seat) {
  const tags = [];
  if (view.dealer === seat) tags.push("dealer");
  if (view.leader === seat && view.trick?.length === 0) tags.push("leads");
  if (view.sides) tags.push(`side ${view.sides.findIndex((s) => s.includes(seat))}`);
  if (game === "doppelkopf") {
    const party = view.parties?.[seat];
    if (party) tags.push(party === "re" ? "Re" : "Kontra");
    tags.push(`${view.tricks_won[seat]} tricks`);
  }
  if (game === "duck") {
    const banked = view.banked[seat].length;
    if (banked) tags.push(`${banked} banked`);
  }
  return tags;
}

/** The trick before this one, when the game shows it. */
export function lastTrick(game, view) {
  if (view.last_trick !== undefined) return view.last_trick;
  if (view.tricks?.length) return view.tricks[view.tricks.length - 1];
  return null;
}

/** The non-card moves of a turn with their button text. */
export function actionLabel(move, view) {
  if (move.type === "concede") return "Concede the pair";
  if (move.type === "announce") return `Announce “${view.party === "re" ? "Re" : "Kontra"}”`;
  if (move.type === "duck") return `Duck! (your hand sums to ${view.hand_sum})`;
  return move.type;
}

/** How a play with a call reads on its button. */
export function callLabel(move) {
  const card = cardText(move.card);
  if (!move.call) return `Play ${card} without a call`;
  return move.call === "doubleduck" ? `Play ${card}: “Doubleduck!”` : `Play ${card}: “Quack”`;
}

/** One event as a sentence, or null for events not worth a line. */
export function describe(event, who) {
  const d = event.data;
  switch (event.type) {
    case "game_created":
      return `The table is set: ${d.seat_count} seats.`;
    case "deal_started":
      if (d.first !== undefined) {
        return `Deal ${d.deal_no} (dealer: ${who(d.dealer)}; first turn: ${who(d.first)}; lifebelt ${d.lifebelt}).`;
      }
      return `Deal ${d.deal_no} (dealer: ${who(d.dealer)}; first lead: ${who(d.leader)}).`;
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
      if (d.source) return `${who(d.seat)} took ${cardName(d.card)} from the pile of ${who(d.from_seat)}.`;
      return `${who(d.seat)} drew ${cardName(d.card)}.`;
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
      return `${event.type.replaceAll("_", " ")}.`;
  }
}

/** How a Duck deal ended. */
function dealEnd(d, who) {
  if (d.end === "out") return `${who(d.seat)} went out`;
  if (d.end === "duck") return `${who(d.seat)} ducked, ${d.duck_verdict === "correct" ? "correctly" : "wrongly"}`;
  return "the turn cap";
}

/** A deal's score cell: "6 × 20 = 120" where the game multiplies courses. */
export function dealCells(deal) {
  const scores = deal.score;
  if (deal.duck && deal.soup) return scores.map((s, i) => `${deal.duck[i]} × ${deal.soup[i]} = ${s}`);
  return scores.map(String);
}
