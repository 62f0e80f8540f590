// A bot's page on a game's ladder (its rating over its games, its head-to-head record against
// each bot it met) and the game's crosstable. The ladder page links here (`botLink`,
// `crosstableLink`); the router sends `#/ladder/<game>/bots/<bot>` and
// `#/ladder/<game>/head-to-head` to `historyPage`.
import { ApiError, answer, api } from "./api.js";
import { h, mount, scrollBox, svg } from "./dom.js";
import { interval, niceTicks } from "./match.js";

/** @typedef {import("./api.js").Schemas["BotHistoryOut"]} BotHistory */
/** @typedef {import("./api.js").Schemas["HistoryPointOut"]} Point */
/** @typedef {import("./api.js").Estimate} Estimate */
/** @typedef {import("./api.js").CatalogGame} CatalogGame */
/** @typedef {import("./main.js").PageContext} PageContext */
/** @typedef {import("./api.js").Operation<"/ladder/{game}/head-to-head", "get">["parameters"]["path"]["game"]} GameName */

/**
 * The address of a bot's page on a game's ladder.
 * @param {string} game
 * @param {string} bot
 */
export const botHref = (game, bot) => `#/ladder/${game}/bots/${encodeURIComponent(bot)}`;

/**
 * A bot's name as a link to its page.
 * @param {string} game
 * @param {string} bot
 */
export const botLink = (game, bot) => h("a.bot-link", { href: botHref(game, bot) }, bot);

/** @param {string} game */
export const crosstableLink = (game) => h("a.crosstable-link", { href: `#/ladder/${game}/head-to-head` }, "Head to head: every pair");

/**
 * `#/ladder/<game>/bots/<bot>` (part "bots") or `#/ladder/<game>/head-to-head`.
 * @param {HTMLElement} main
 * @param {PageContext & {game: string, part: string, bot?: string | undefined}} context
 */
export async function historyPage(main, { game, part, bot, signal }) {
  mount(main, h("p.loading", {}, "Loading…"));
  const { games } = await answer(api.GET("/catalog", { signal }));
  const shown = games.find((g) => g.name === game);
  const name = bot ? decodeURIComponent(bot) : "";
  if (!shown || !((part === "bots" && name) || part === "head-to-head")) {
    mount(main, missing("No such page", `There is no ladder page at this address. The games' ladders:`, games));
    return;
  }
  const path = { game: /** @type {GameName} */ (shown.name) };
  if (part === "head-to-head") {
    const table = await answer(api.GET("/ladder/{game}/head-to-head", { params: { path, query: { limit: 20 } }, signal }));
    mount(main, crosstablePanel(shown, table));
    return;
  }
  try {
    const found = await answer(api.GET("/ladder/{game}/bots/{bot}", { params: { path: { ...path, bot: name } }, signal }));
    mount(main, botPanel(shown, found));
  } catch (error) {
    if (!(error instanceof ApiError) || error.reason !== "no_such_bot") throw error;
    mount(main, missing("No such bot on this ladder", `No bot called “${name}” has played a rated game of ${shown.title}. The ladders:`, games));
  }
}

/**
 * @param {string} title
 * @param {string} text
 * @param {CatalogGame[]} games
 */
function missing(title, text, games) {
  return h("section.panel.ladder.history", { "aria-labelledby": "history-title" },
    h("h1#history-title", {}, title),
    h("p", {}, text),
    h("ul.ladder-links", {}, games.map((g) => h("li", {}, h("a", { href: `#/ladder/${g.name}` }, `Ladder: ${g.title}`)))));
}

/** @param {number | null} ms */
const when = (ms) => (ms === null ? "–" : new Date(ms).toLocaleString([], { dateStyle: "short", timeStyle: "short" }));

/**
 * Whether a difference is told apart from 0 by its interval: "ahead", "behind", or null.
 * @param {Estimate} e
 */
function verdict(e) {
  if (!e.ci95) return null;
  if (e.ci95[0] > 0) return "ahead";
  if (e.ci95[1] < 0) return "behind";
  return null;
}

/**
 * @param {CatalogGame} game
 * @param {BotHistory} found
 */
function botPanel(game, found) {
  const { entry, history, head_to_head: rows } = found;
  const owner = entry.kind === "outside" ? `outside bot${entry.owner ? ` of ${entry.owner}` : ""}` : "built-in bot";
  return h("section.panel.ladder.history", { "aria-labelledby": "history-title" },
    h("p.crumbs", {}, h("a", { href: `#/ladder/${game.name}` }, `Ladder: ${game.title}`), " · ", crosstableLink(game.name)),
    h("h1#history-title", {}, `${entry.bot} in ${game.title}`),
    h("p.standing", {}, `#${entry.rank} on the ladder, ${owner}: ordinal ${entry.ordinal.toFixed(2)}, skill μ ${entry.mu.toFixed(2)} ± σ ${entry.sigma.toFixed(2)}, ${entry.games} rated games, last ${when(entry.last_played)}${entry.provisional ? "; still provisional" : ""}.`),
    h("h2", {}, "Rating over its games"),
    history.length ? ratingChart(entry.bot, history) : h("p", {}, "No rated game is recorded in its history yet."),
    h("h2", {}, "Head to head"),
    rows.length ? scrollBox(`Head to head of ${entry.bot}`, h("table.head-to-head", {},
      h("thead", {}, h("tr", {}, ["Opponent", "Games", "Per deal: own − opponent's", "Verdict"].map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, rows.map((r) => {
        const said = verdict(r.deal_score_diff);
        return h("tr", {},
          h("th", { scope: "row" }, botLink(game.name, r.opponent), h("small", {}, r.kind === "outside" ? " · outside" : " · built-in")),
          h("td", {}, String(r.deal_score_diff.n)),
          h("td", {}, interval(r.deal_score_diff)),
          h(`td.verdict${said ? `.${said}` : ""}`, {}, said === "ahead" ? "better" : said === "behind" ? "worse" : r.deal_score_diff.ci95 ? "not told apart" : "too few games"));
      }))))
      : h("p", {}, "It has not met another bot in a rated game."),
    h("p.small", {}, "Each match game it played against a bot on the other team gives one figure: its mean score per deal minus the opponent's, over the same duplicate deals. "
      + "The table shows their mean with a 95% interval (from 2 games on); “better” or “worse” when the interval leaves out 0. "
      + "A Doubleduck seat scores its side's points; in Doppelkopf every two bots at the table are compared, as parties change each deal."));
}

/**
 * The rating after each rated game: the ordinal (the ladder's order) as a line, μ as a dashed
 * line, and the band μ ± 3σ around it; across, the bot's rated games (inline SVG).
 * @param {string} bot
 * @param {Point[]} points
 */
function ratingChart(bot, points) {
  const width = 600;
  const height = 260;
  const [left, right, top, bottom] = [48, 14, 12, 34];
  const lows = points.map((p) => p.mu - 3 * p.sigma);
  const highs = points.map((p) => p.mu + 3 * p.sigma);
  let lo = Math.min(...lows);
  let hi = Math.max(...highs);
  // No height at all (σ is never 0, so only in theory): a tenth of the value either way, at any scale.
  if (!(hi - lo > 0)) [lo, hi] = [lo - (Math.abs(lo) || 1) / 10, hi + (Math.abs(hi) || 1) / 10];
  // Out to the round numbers on either side, so that the band lies between two ticks.
  const round = niceTicks(lo, hi);
  const step = round.length > 1 ? round[1] - round[0] : hi - lo;
  if (round.length && round[0] > lo) lo = round[0] - step;
  if (round.length && round[round.length - 1] < hi) hi = round[round.length - 1] + step;
  const first = points[0].games;
  const last = points[points.length - 1].games;
  const x0 = points.length > 1 ? first : first - 1;
  const x1 = Math.max(last, x0 + 1);
  /** @param {number} g */
  const x = (g) => left + ((g - x0) / (x1 - x0)) * (width - left - right);
  /** @param {number} v */
  const y = (v) => top + ((hi - v) / (hi - lo)) * (height - top - bottom);
  /** @param {(p: Point) => number} value */
  const line = (value) => points.map((p, i) => `${i ? "L" : "M"}${x(p.games).toFixed(1)},${y(value(p)).toFixed(1)}`).join(" ");
  const band = `${line((p) => p.mu + 3 * p.sigma)} ${points.slice().reverse().map((p) => `L${x(p.games).toFixed(1)},${y(p.mu - 3 * p.sigma).toFixed(1)}`).join(" ")} Z`;
  const end = points[points.length - 1];
  const label = `Rating of ${bot} over ${last} rated games: ordinal from ${points[0].ordinal.toFixed(1)} to ${end.ordinal.toFixed(1)}, skill μ from ${points[0].mu.toFixed(1)} to ${end.mu.toFixed(1)}`;
  return h("figure.chart.rating-chart", {},
    svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label },
      niceTicks(lo, hi).map((t) => [
        svg("line", { x1: left, x2: width - right, y1: y(t), y2: y(t), class: "axis" }),
        svg("text", { x: left - 6, y: y(t) + 4, "text-anchor": "end", class: "tick" }, String(t)),
      ]),
      niceTicks(x0, x1).filter((t) => Number.isInteger(t)).map((t) =>
        svg("text", { x: x(t), y: height - 12, "text-anchor": "middle", class: "tick" }, String(t))),
      svg("path", { d: band, class: "band" }),
      svg("path", { d: line((p) => p.mu), class: "mu" }),
      svg("path", { d: line((p) => p.ordinal), class: "ordinal" }),
      points.length <= 60 ? points.map((p) => svg("circle", { cx: x(p.games), cy: y(p.ordinal), r: 3, class: "ordinal" },
        svg("title", {}, `${p.games} games, ${when(p.time)}: ordinal ${p.ordinal.toFixed(2)}, μ ${p.mu.toFixed(2)} ± ${p.sigma.toFixed(2)}`))) : null),
    h("figcaption", {},
      h("span.key", {}, h("span.swatch.ordinal", { "aria-hidden": "true" }), "ordinal (μ − 3σ), the ladder's order"),
      h("span.key", {}, h("span.swatch.mu", { "aria-hidden": "true" }), "skill μ"),
      h("span.key", {}, h("span.swatch.band", { "aria-hidden": "true" }), "μ ± 3σ"),
      h("br"), `Across: its rated games (${points.length} points, ${when(points[0].time)} to ${when(end.time)}). `
        + "A point is its rating as a game it played left it; every rated game fits the whole ladder again, so its rating now may have moved a little since."));
}

/**
 * The crosstable: a row and a column per bot, best first; a cell is the row's bot minus the
 * column's, per deal, paired.
 * @param {CatalogGame} game
 * @param {import("./api.js").Schemas["CrosstableOut"]} table
 */
function crosstablePanel(game, table) {
  const { bots, pairs, left_out: leftOut } = table;
  /** @type {Map<string, Estimate>} */
  const cells = new Map();
  for (const p of pairs) {
    const e = p.deal_score_diff;
    cells.set(`${p.bots[0]}\n${p.bots[1]}`, e);
    cells.set(`${p.bots[1]}\n${p.bots[0]}`, { ...e, mean: e.mean === null ? null : -e.mean, ci95: e.ci95 ? [-e.ci95[1], -e.ci95[0]] : null });
  }
  return h("section.panel.ladder.crosstable", { "aria-labelledby": "history-title" },
    h("p.crumbs", {}, h("a", { href: `#/ladder/${game.name}` }, `Ladder: ${game.title}`)),
    h("h1#history-title", {}, `Head to head: ${game.title}`),
    bots.length < 2 ? h("p", {}, "Fewer than two bots are on this ladder yet: there is no pair to show.")
      : scrollBox(`Crosstable of ${game.title}`, h("table.crosstable-grid", {},
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Bot"),
          bots.map((b, i) => h("th", { scope: "col", title: b }, h("abbr", { title: b }, String(i + 1)))))),
        h("tbody", {}, bots.map((a, i) => h("tr", {},
          h("th", { scope: "row" }, `${i + 1}. `, botLink(game.name, a)),
          bots.map((b) => {
            if (a === b) return h("td.self", {}, "—");
            const e = cells.get(`${a}\n${b}`);
            if (!e) return h("td.unmet", { title: `${a} and ${b} have not met` }, "·");
            const said = verdict(e);
            return h(`td${said ? `.${said}` : ""}`, { title: `${a} − ${b}: ${interval(e)} per deal over ${e.n} games` },
              interval(e), h("small", {}, ` (${e.n})`));
          })))))),
    leftOut ? h("p", {}, `The ${bots.length} best bots of the ladder; ${leftOut} more below them are left out.`) : null,
    h("p.small", {}, "A cell is the row's bot minus the column's bot: its mean score per deal over the same duplicate deals, one figure per match game they met in (their number in brackets), ± its 95% interval. "
      + "Green: the row's bot is better, red: worse, with 0 outside the interval; “·”: they have not met."));
}
