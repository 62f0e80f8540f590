// Doubleduck: four seats in two sides; a Duck course then a Soup course each deal; calls
// ("Quack", "Doubleduck!") on the cards that follow the lead.
import { cardText } from "../cards.js";
import { frenchWords } from "../games.js";
import { courseSortKey, coursesSummary } from "./courses.js";
import { generic, playOrAct } from "./generic.js";

/** @typedef {import("../api.js").ViewOf<"doubleduck">} DoubleduckView */
/** @typedef {import("../games.js").Who} Who */

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
 * A side's name: "Side 0: You + Seat 2".
 * @param {number[]} seats
 * @param {number} i
 * @param {Who} who
 */
const sideName = (seats, i, who) => `Side ${i}: ${seats.map(who).join(" + ")}`;

/** @type {import("./generic.js").GameDisplay<DoubleduckView>} */
export const doubleduck = {
  ...generic("doubleduck"),
  title: "Doubleduck",
  seatTags: (view, seat) => [`side ${view.sides.findIndex((s) => s.includes(seat))}`],
  yourTurn: (view) => playOrAct(view, (move) => move.type),
  callLabel(move, view) {
    const card = cardText(move.card);
    if (!move.call) return `Play ${card} without a call`;
    return `Play ${card}: “${move.call === "doubleduck" ? "Doubleduck!" : spokenQuack(view.trick)}”`;
  },
  plainWords: frenchWords,
  sortKey: courseSortKey,
  runningCounts: (view, _story, who) => view.sides.map((seats, i) => {
    const duck = view.stored.duck[i];
    const soup = view.stored.soup[i];
    return [`Side ${i} (${seats.map(who).join(" + ")})`, `Duck ${duck} · Soup ${soup} stored${view.course === "soup" ? ` · ${duck} × ${soup} = ${duck * soup}` : ""}`];
  }),
  summary: (view, d, story, who) => coursesSummary({
    sides: view.sides,
    legend: "A side's deal score is the cards it stored in the Duck course (tricks 1 to 13) times the cards it stored in the Soup course (tricks 14 to 26). A trick's taker stores one card per suit in it (1 to 4); a side with nothing stored in one course scores 0.",
  }, d, story, who),
  columns: (view, _seats, who) => view.sides.map((seats, i) => sideName(seats, i, who)),
  scoreLegend: "Each deal: cards the side stored in the Duck course × cards it stored in the Soup course = the deal's score.",
};
