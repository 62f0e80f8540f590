// Duck Soup: a trick game of two courses where a matched rank makes the leader concede the pair
// or play a third; tricks are stored in pairs (face down: 1 point, face up: 2).
import { count, frenchWords, rankName } from "../games.js";
import { courseSortKey, coursesSummary } from "./courses.js";
import { generic, playOrAct, tableRows } from "./generic.js";

/** @typedef {import("../api.js").ViewOf<"ducksoup">} DucksoupView */
/** @typedef {import("../api.js").Move} Move */

/** @param {Move} move */
const actionLabel = (move) => (move.type === "concede" ? "Concede the pair" : move.type);

/** @type {import("./generic.js").GameDisplay<DucksoupView>} */
export const ducksoup = {
  ...generic("ducksoup"),
  title: "Duck Soup",
  status(view) {
    const rows = tableRows(view);
    if (view.choice_pending) rows.push(["Rank matched", "the leader must choose"]);
    return rows;
  },
  yourTurn(view) {
    if (!view.choice_pending) return playOrAct(view, actionLabel);
    const rank = view.trick[0] ? rankName(view.trick[0].card) : "that rank";
    return (view.legal_moves ?? []).some((m) => "card" in m)
      ? `Your turn: your rank was matched. Concede the pair, or play a third ${rank}.`
      : `Your turn: your rank was matched and you hold no third ${rank}: concede the pair.`;
  },
  actionLabel,
  plainWords: frenchWords,
  sortKey: courseSortKey,
  runningCounts: (view, _story, who) => view.points.duck.map((duck, seat) => {
    const soup = view.points.soup[seat];
    return [who(seat), `Duck ${count(duck, "point")} · Soup ${count(soup, "point")}${view.course === "soup" ? ` · ${duck} × ${soup} = ${duck * soup}` : ""}`];
  }),
  summary: (_view, d, story, who) => coursesSummary({
    sides: null,
    legend: "A seat's deal score is its Duck-course points times its Soup-course points. Each trick is stored in pairs: a pair of one suit lies face down (1 point), a pair of two suits face up (2 points).",
  }, d, story, who),
  scoreLegend: "Each deal: Duck-course points × Soup-course points = the deal's score.",
};
