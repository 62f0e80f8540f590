// What Doubleduck and Duck Soup share: two courses a deal (Duck: lowest card wins, then Soup:
// highest wins), a hand sorted for the course, and a deal's score as the courses' product.
import { h } from "../dom.js";
import { grid, num } from "../deal.js";
import { count } from "../games.js";

/** @typedef {import("../api.js").ViewOf<"doubleduck" | "ducksoup">} CoursesView */
/** @typedef {import("../games.js").Who} Who */
/** @typedef {import("../deal.js").Story} Story */
/** @typedef {import("../deal.js").Scored} Scored */

const SUIT_ORDER = ["C", "D", "S", "H"]; // alternating colours in the four-colour deck
const DUCK_RANKS = "A23456789TJQK"; // Duck course: lowest wins, the ace is lowest
const SOUP_RANKS = "AKQJT98765432"; // Soup course: highest wins, the ace is highest

/**
 * The hand by suit, best card first for the course being played.
 * @param {CoursesView} view
 * @returns {(card: string) => number}
 */
export function courseSortKey(view) {
  const ranks = view.course === "soup" ? SOUP_RANKS : DUCK_RANKS;
  return (c) => SUIT_ORDER.indexOf(c[1]) * 20 + ranks.indexOf(c[0]);
}

/**
 * Each course's count, and the deal's score as their product, every factor named: per side
 * (`sides`: Doubleduck, cards stored) or per seat (Duck Soup, points).
 * @param {{sides: number[][] | null, legend: string}} how
 * @param {Scored} d
 * @param {Story} story
 * @param {Who} who
 */
export function coursesSummary({ sides, legend }, d, story, who) {
  const teams = sides ? sides.map((seats, i) => `Side ${i}: ${seats.map(who).join(" + ")}`) : d.score.map((_, seat) => who(seat));
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
    h("p.legend", {}, legend));
}
