// Doppelkopf: four seats in two parties (Re, Kontra) found as the deal goes; trumps first in
// the hand; announcements; a deal's value made of named parts and extra points.
import { grid, num, signed } from "../deal.js";
import { h } from "../dom.js";
import { count, frenchWords } from "../games.js";
import { generic, playOrAct, tableRows } from "./generic.js";

/** @typedef {import("../api.js").ViewOf<"doppelkopf">} DoppelkopfView */
/** @typedef {import("../api.js").Move} Move */
/** @typedef {import("../games.js").Who} Who */
/** @typedef {import("../deal.js").Scored} Scored */

const TRUMPS = ["TH", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD", "KD", "9D"];
const PLAIN = "ATK9";
/** @type {Record<string, string>} */
const SUIT_WORDS = { C: "club ♣", D: "diamond ♦", H: "heart ♥", S: "spade ♠" };

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
 * The parties, their card points and tricks, what made the deal's value (extra points each
 * named), and what each seat won or paid.
 * @param {Scored} d
 * @param {Who} who
 */
function summary(d, who) {
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
 * @param {Move} move
 * @param {DoppelkopfView} view
 */
const actionLabel = (move, view) => (move.type === "announce" ? `Announce “${view.party === "re" ? "Re" : "Kontra"}”` : move.type);

/** @type {import("./generic.js").GameDisplay<DoppelkopfView>} */
export const doppelkopf = {
  ...generic("doppelkopf"),
  title: "Doppelkopf",
  status(view) {
    const rows = tableRows(view);
    if (view.kind !== "normal") rows.push(["Kind", view.kind]);
    if (view.party) rows.push(["Your party", view.party === "re" ? "Re" : "Kontra"]);
    return rows;
  },
  seatTags(view, seat) {
    const tags = [];
    const party = view.parties[seat];
    if (party) tags.push(party === "re" ? "Re" : "Kontra");
    tags.push(count(view.tricks_won[seat], "trick"));
    return tags;
  },
  yourTurn(view) {
    const moves = view.legal_moves ?? [];
    if (moves.some((m) => "card" in m) && moves.some((m) => m.type === "announce")) return "Your turn: play a card (you may announce first).";
    return playOrAct(view, (move) => actionLabel(move, view));
  },
  actionLabel,
  plainWords: (message) => frenchWords(message.replace(/follow suit: trump$/, "follow suit: play a trump")
    .replace(/follow suit: ([CSH]) \(plain\)$/, (_, suit) =>
      `follow suit: play a ${SUIT_WORDS[suit]} (its queens and jacks${suit === "H" ? " and the 10♥" : ""} are trumps, not ${SUIT_WORDS[suit].split(" ")[0]}s)`)),
  sortKey: () => (c) => {
    const trump = TRUMPS.indexOf(c);
    if (trump >= 0) return trump;
    return 100 + "CSH".indexOf(c[1]) * 10 + PLAIN.indexOf(c[0]);
  },
  runningCounts(view, story, who) {
    const points = view.tricks_won.map(() => 0);
    for (const trick of story?.tricks ?? []) points[trick.winner] += trick.points ?? 0;
    return view.tricks_won.map((tricks, seat) => [who(seat), `${count(points[seat], "card point")} · ${count(tricks, "trick")}`]);
  },
  summary: (_view, d, _story, who) => summary(d, who),
};
