// A deal as players go over it: the summary that waits at its end, its earlier tricks (Duck:
// its turns) to browse, and the running counts. Everything comes from the view and the events
// this caller may see (deal_scored lays Duck's hands open; trick_won tells each trick): nothing
// hidden is worked out here.
import { cardFace, cardText } from "./cards.js";
import { h } from "./dom.js";
import { count, whose } from "./games.js";

/** @typedef {import("./api.js").View} View */
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

// --- the summary at a deal's end ------------------------------------------------------------

/**
 * The scored deal as a player goes over it, per game.
 * @param {View} view the table now (its game, sides, options)
 * @param {Scored} d the deal's `deal_scored`
 * @param {Story} story
 * @param {Who} who
 */
export function summary(view, d, story, who) {
  if (view.game === "duck") return duckSummary(d, who);
  if (view.game === "doppelkopf") return doppelkopfSummary(d, who);
  return coursesSummary(view, d, story, who);
}

/**
 * @param {string[]} cards
 * @param {string} empty what an empty list reads
 */
const faces = (cards, empty = "—") =>
  cards.length ? h("span.faces", {}, cards.map((c) => cardFace(c, { small: true }))) : empty;
/** @param {number} n a signed score: "+3", "−2", "0" */
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
/** @param {number} n a total: "12", "−2" */
const num = (n) => (n < 0 ? `−${-n}` : String(n));

/**
 * A summary table, one row per seat, side or party. On a phone each row stacks its cells, each
 * under its column's name (data-label), so nothing scrolls sideways.
 * @param {string[]} heads the columns' names, the rows' heads first
 * @param {Row[]} rows
 * @param {(string | null)[]} [classes] a class per cell column (after the head)
 */
function grid(heads, rows, classes = []) {
  return h("table.summary-table", {},
    h("thead", {}, h("tr", {}, heads.map((x, i) => h(`th${classes[i - 1] ? `.${classes[i - 1]}` : ""}`, { scope: "col" }, x)))),
    h("tbody", {}, rows.map((row) => h(`tr${row.won ? ".won" : ""}`, { dataset: row.data ?? {} },
      h("th", { scope: "row" }, row.head),
      row.cells.map((cell, i) => h(`td${classes[i] ? `.${classes[i]}` : ""}`, { "data-label": heads[i + 1] }, cell))))));
}

/**
 * Duck: how the deal ended, every hand laid open with its sum, what each seat banked (or threw
 * away), the lifebelt, and the score.
 * @param {Scored} d
 * @param {Who} who
 */
function duckSummary(d, who) {
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

/** @type {Record<string, string>} */
const VALUE_PARTS = {
  won: "Won the deal",
  under_90: "The losers took under 90 card points",
  under_60: "The losers took under 60",
  under_30: "The losers took under 30",
  no_trick: "The losers took no trick",
  announcements: "Announcements (2 each)",
  extras_won: "The winners' extra points",
  extras_lost: "The losers' extra points, taken off",
};
/** @type {Record<string, string>} */
const EXTRAS = {
  doppelkopf: "Doppelkopf (a trick of 40 card points or more)",
  fox: "Fox (caught an A♦ of the other party)",
  charlie: "Charlie (a J♣ took the last trick)",
  against_the_queens: "Against the queens (Kontra won)",
};
/** @param {"re" | "kontra"} party */
const PARTY = (party) => (party === "re" ? "Re" : "Kontra");

/**
 * Doppelkopf: the parties, their card points and tricks, what made the deal's value (extra
 * points each named), and what each seat won or paid.
 * @param {Scored} d
 * @param {Who} who
 */
function doppelkopfSummary(d, who) {
  /** @type {("re" | "kontra")[]} */
  const parties = ["re", "kontra"];
  const winner = d.winner ?? "kontra";
  const points = d.points ?? { re: 0, kontra: 0 };
  const kind = d.kind === "solo" ? (d.wedding !== null && d.wedding !== undefined ? "a failed wedding, played as a solo" : "a solo")
    : d.kind === "wedding" ? `a wedding (${who(d.wedding ?? 0)} with ${who(d.partner ?? 0)})` : "a normal game";
  const order = Object.keys(VALUE_PARTS);
  /** @param {string} part its place in VALUE_PARTS (a part this page does not know: last) */
  const place = (part) => (order.includes(part) ? order.indexOf(part) : order.length);
  const parts = Object.entries(d.value_parts ?? {}).filter(([, v]) => v !== 0).sort(([a], [b]) => place(a) - place(b));
  const extras = parties.flatMap((party) => (d.extras?.[party] ?? []).map((extra) => ({ party, extra })));
  return h("div.deal-summary", {},
    h("p.headline", {}, `${PARTY(winner)} won with ${count(points[winner], "card point")} of 240, in ${kind}.`),
    grid(["Party", "Seats", "Card points", "Tricks", "Announced"], parties.map((party) => ({
      head: PARTY(party),
      data: { party },
      won: party === winner,
      cells: [(d[party] ?? []).map(who).join(" + "), String(points[party]), String(d.tricks?.[party] ?? 0),
        d.announced?.includes(party) ? "yes" : "no"],
    }))),
    h("h3", {}, `The deal's value: ${d.value ?? 0}`),
    h("ul.value-parts", {}, parts.map(([part, value]) => h("li", {}, `${VALUE_PARTS[part] ?? part.replaceAll("_", " ")}: ${signed(value)}`))),
    extras.length
      ? [h("h3", {}, "Extra points"), h("ul.extras", {}, extras.map(({ party, extra }) => h("li", {}, `${PARTY(party)}: ${EXTRAS[extra] ?? extra}`)))]
      : h("p.legend", {}, "No extra points this deal."),
    grid(["Seat", "Deal", "Total"], d.score.map((score, seat) => ({
      head: who(seat), data: { seat }, cells: [signed(score), num(d.totals[seat])],
    }))),
    h("p.legend", {}, d.solo
      ? "In a solo the lone player wins or pays the value three times over, each opponent once."
      : "Each winner gains the value and each loser pays it."));
}

/**
 * Doubleduck (per side: cards stored) and Duck Soup (per seat: points): each course's count,
 * and the deal's score as their product, every factor named.
 * @param {View} view
 * @param {Scored} d
 * @param {Story} story
 * @param {Who} who
 */
function coursesSummary(view, d, story, who) {
  const sides = view.game === "doubleduck";
  const teams = sides ? view.sides.map((seats, i) => `Side ${i}: ${seats.map(who).join(" + ")}`) : d.score.map((_, seat) => who(seat));
  const unit = sides ? "cards" : "points";
  const duck = d.duck ?? [];
  const soup = d.soup ?? [];
  const tricks = story.tricks;
  /** @param {number} team @param {"duck" | "soup"} course */
  const taken = (team, course) => tricks.filter((t) => t.course === course && (sides ? t.side === team : t.winner === team)).length;
  return h("div.deal-summary", {},
    h("p.unit", {}, sides ? "Cards each side stored, per course:" : "Points each seat took, per course:"),
    grid([sides ? "Side" : "Seat", `Duck course (${unit})`, `Soup course (${unit})`, "Deal score", "Total"], teams.map((team, i) => ({
      head: team,
      data: { team: i },
      cells: [
        [`${duck[i]} `, h("small", {}, `(${count(taken(i, "duck"), "trick")})`)],
        [`${soup[i]} `, h("small", {}, `(${count(taken(i, "soup"), "trick")})`)],
        `${duck[i]} × ${soup[i]} = ${d.score[i]}`,
        num(d.totals[i]),
      ],
    })), [null, null, "product"]),
    h("p.legend", {}, sides
      ? "A side's deal score is the cards it stored in the Duck course (tricks 1 to 13) times the cards it stored in the Soup course (tricks 14 to 26). A trick's taker stores one card per suit in it (1 to 4); a side with nothing stored in one course scores 0."
      : "A seat's deal score is its Duck-course points times its Soup-course points. Each trick is stored in pairs: a pair of one suit lies face down (1 point), a pair of two suits face up (2 points)."));
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

/**
 * Duck: one turn of the deal.
 * @param {Turn} turn
 */
export function turnShown(turn) {
  return h("div.trick-shown", {}, turn.cards.length ? faces(turn.cards) : null, h("p", {}, `${turn.text}.`));
}

// --- running counts -----------------------------------------------------------------------

/**
 * [label, value] rows of what each seat or side has taken so far this deal.
 * @param {View} view
 * @param {Story | undefined} story this deal's events
 * @param {Who} who
 * @returns {[string, string][]}
 */
export function runningCounts(view, story, who) {
  if (view.game === "doubleduck") {
    return view.sides.map((seats, i) => {
      const duck = view.stored.duck[i];
      const soup = view.stored.soup[i];
      return [`Side ${i} (${seats.map(who).join(" + ")})`, `Duck ${duck} · Soup ${soup} stored${view.course === "soup" ? ` · ${duck} × ${soup} = ${duck * soup}` : ""}`];
    });
  }
  if (view.game === "ducksoup") {
    return view.points.duck.map((duck, seat) => {
      const soup = view.points.soup[seat];
      return [who(seat), `Duck ${count(duck, "point")} · Soup ${count(soup, "point")}${view.course === "soup" ? ` · ${duck} × ${soup} = ${duck * soup}` : ""}`];
    });
  }
  if (view.game === "doppelkopf") {
    const points = view.tricks_won.map(() => 0);
    for (const trick of story?.tricks ?? []) points[trick.winner] += trick.points ?? 0;
    return view.tricks_won.map((tricks, seat) => [who(seat), `${count(points[seat], "card point")} · ${count(tricks, "trick")}`]);
  }
  return view.banked.map((cards, seat) => {
    const banked = cards.reduce((sum, c) => sum + Number(c.slice(1)), 0);
    const belts = view.lifebelts[seat].map((b) => `${b.value} ${b.side}`).join(", ");
    return [who(seat), `${cards.length ? `banked ${cards.map(cardText).join(" ")} (${banked})` : "nothing banked"}${belts ? `; lifebelt ${belts}` : ""}; total ${view.totals[seat]}`];
  });
}
