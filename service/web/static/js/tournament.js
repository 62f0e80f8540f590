// A tournament: its standings (points, then the paired mean per deal with its 95% interval)
// and its crosstable (each pairing's head-to-head difference per deal), from one public read.
import { answer, api } from "./api.js";
import { h, mount, scrollBox } from "./dom.js";

/** @typedef {import("./api.js").Estimate} Estimate */
/** @typedef {import("./main.js").PageContext} PageContext */

/** @param {Estimate | null | undefined} e */
function paired(e) {
  if (!e || e.mean === null) return "–";
  const sign = e.mean > 0 ? "+" : "";
  return e.half_width === null ? `${sign}${e.mean.toFixed(1)}` : `${sign}${e.mean.toFixed(1)} ± ${e.half_width.toFixed(1)}`;
}

/** @param {number} p */
const pts = (p) => (Number.isInteger(p) ? String(p) : p.toFixed(1));

/**
 * `#/tournament/<id>`: read again every 3 s while it runs.
 * @param {HTMLElement} main
 * @param {PageContext & {id: string}} context
 */
export async function tournamentPage(main, { id, signal }) {
  mount(main, h("p.loading", {}, "Loading the tournament…"));
  for (;;) {
    const t = await answer(api.GET("/tournaments/{tournament_id}", { params: { path: { tournament_id: id } }, signal }));
    if (signal.aborted) return;
    /** @type {Map<string, Map<string, {diff: Estimate | null | undefined, points: number[] | null | undefined, reason: string | null | undefined}>>} */
    const cells = new Map(t.entrants.map((e) => [e, new Map()]));
    for (const c of t.crosstable) {
      const [a, b] = c.bots;
      const flip = c.deal_score_diff && c.deal_score_diff.mean !== null
        ? { ...c.deal_score_diff, mean: -c.deal_score_diff.mean } : c.deal_score_diff;
      cells.get(a)?.set(b, { diff: c.deal_score_diff, points: c.points, reason: c.reason });
      cells.get(b)?.set(a, { diff: flip, points: c.points ? [c.points[1], c.points[0]] : c.points, reason: c.reason });
    }
    const order = t.standings.map((s) => s.entrant);
    const status = t.status === "running" ? `round ${t.round} of ${t.rounds}` : t.status;
    mount(main, h("section.panel.tournament", { "aria-labelledby": "tournament-title" },
      h("h1#tournament-title", {}, `Tournament: ${t.format === "swiss" ? "Swiss" : "round robin"} of ${t.game}`),
      h("p#tournament-status", {}, `${t.entrants.length} entrants · ${t.games} games a pairing · ${status}`),
      h("h2", {}, "Standings"),
      scrollBox("Standings", h("table.standings", {},
        h("thead", {}, h("tr", {}, ["#", "Bot", "Points", "W-D-L", "Byes", "Paired mean per deal (95%)"].map((x) => h("th", { scope: "col" }, x)))),
        h("tbody", {}, t.standings.map((s, i) => h("tr", {},
          h("td", {}, String(i + 1)),
          h("th", { scope: "row" }, s.entrant, s.withdrawn ? h("small", {}, ` · withdrawn (${s.withdrawn})`) : ""),
          h("td", {}, pts(s.points)),
          h("td", {}, `${s.wins}-${s.draws}-${s.losses}`),
          h("td", {}, String(s.byes)),
          h("td", {}, paired(s.deal_score_diff))))))),
      h("h2", {}, "Crosstable"),
      scrollBox("Crosstable", h("table.crosstable", {},
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Row vs column"), order.map((e, i) => h("th", { scope: "col", title: e }, String(i + 1))))),
        h("tbody", {}, order.map((row, i) => h("tr", {},
          h("th", { scope: "row" }, `${i + 1}. ${row}`),
          order.map((col) => {
            if (col === row) return h("td.self", {}, "·");
            const cell = cells.get(row)?.get(col);
            if (!cell) return h("td", {}, "");
            if (!cell.points) return h("td", {}, "…");
            const won = cell.points[0] > cell.points[1] ? "win" : cell.points[0] < cell.points[1] ? "loss" : "draw";
            return h(`td.${won}`, {}, h("strong", {}, pts(cell.points[0])), h("br", {}),
              cell.reason ? h("small", {}, cell.reason) : h("small", {}, paired(cell.diff)));
          })))))),
      h("p.small", {}, "Each pairing is a duplicate match: both bots play the same deals from every seat. A cell is the row bot's points and its mean score per deal minus the column bot's over those deals, ± the 95% half-width.")));
    if (t.status !== "running" && t.status !== "created") return;
    await new Promise((done) => setTimeout(done, 3000));
    if (signal.aborted) return;
  }
}
