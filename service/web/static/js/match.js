// Matches: bots against bots over duplicate deals; progress, then results with 95% intervals.
import { answer, api, apiAs, appKey, explain, retrying, sleep } from "./api.js";
import { h, mount, scrollBox, svg } from "./dom.js";
import { botChoices, optionFields, seatCount } from "./lobby.js";
import { REFUSALS, gameTitle, waitWords } from "./words.js";

/** @typedef {import("./api.js").MatchOut} MatchOut */
/** @typedef {import("./api.js").MatchResults} MatchResults */
/** @typedef {import("./api.js").BotResult} BotResult */
/** @typedef {import("./api.js").Estimate} Estimate */
/** @typedef {import("./main.js").PageContext} PageContext */
/** @typedef {import("./api.js").Body<import("./api.js").Operation<"/matches", "post">>} NewMatch */

/**
 * @param {HTMLElement} main
 * @param {PageContext} context
 */
export async function matchForm(main, { signal, go, notify }) {
  mount(main, h("p.loading", {}, "Loading the games…"));
  const [{ games, max_match_games: most }, { bots }] = await Promise.all([answer(api.GET("/catalog", { signal })), answer(api.GET("/bots", { signal }))]);
  let game = games[0];
  let seats = game.min_seats;
  const form = h("form.panel.lobby");
  mount(main, form);
  function draw() {
    const choices = botChoices(bots, game, { outside: true });
    const picks = Array.from({ length: seats }, (_, s) => h("select", { id: `match-bot-${s}` }, choices.map((c, i) =>
      h("option", { value: c.value, selected: i === s % choices.length, title: c.title }, c.label))));
    const options = optionFields(game, { skip: ["auto_deal", "turn_seconds", "reserve_seconds", "away_after"], seats });
    // The server's limit (the catalog's); an app key's own quota may be lower (429, in words).
    const count = h("input", { id: "match-games", type: "number", min: 1, max: most, value: Math.min(20, most), required: true,
      inputmode: "numeric", "aria-describedby": "match-games-limit" });
    const seed = h("input", { id: "match-seed", type: "text", maxlength: 200, autocomplete: "off" });
    const submit = h("button.primary", { type: "submit" }, "Start the match");
    form.onsubmit = async (event) => {
      event.preventDefault();
      // Without a key the server can only refuse (401): say how to get one instead.
      if (!appKey.get()) return notify(REFUSALS.missing_app_key, "error");
      submit.disabled = true;
      // As in the lobby: the catalog says at run time which games, bots and options there are.
      const body = /** @type {NewMatch} */ ({ game: game.name, bots: picks.map((p) => p.value), games: Number(count.value),
        options: options.read() });
      /** @type {NewMatch} */
      const sent = seed.value.trim() ? { ...body, seed: seed.value.trim() } : body;
      try {
        const match = await answer(apiAs(appKey.get()).POST("/matches", { body: sent }));
        go(`#/match/${match.id}`);
      } catch (error) {
        notify(explain(error), "error");
        submit.disabled = false;
      }
    };
    const gameSelect = h("select", { id: "match-game", onchange: () => {
      game = games.find((g) => g.name === gameSelect.value) ?? game;
      seats = game.min_seats;
      draw();
    } }, games.map((g) => h("option", { value: g.name, selected: g === game }, g.title)));
    mount(form,
      h("h1", {}, "Run a match"),
      h("p", {}, "Bots play each other over duplicate deals: every game is dealt again with the bots rotated through the seats, so luck evens out."),
      h("label.field", {}, h("span", {}, "Game"), gameSelect),
      h("fieldset.seats", {}, h("legend", {}, "Bots"), seatCount(game, (n) => { seats = n; draw(); }),
        picks.map((p, s) => h("label.seat-choice", {}, h("span", {}, `Seat ${s}`), p))),
      h("label.field", {}, h("span", {}, `Games (1 to ${most}; each played in every rotation)`), count,
        h("small#match-games-limit", {}, `This server plays at most ${most} games in one match; an app key may be allowed fewer.`)),
      h("details.options", {}, h("summary", {}, "Options"), options.fields,
        h("label.field", {}, h("span", {}, "Seed (optional)"), seed)),
      submit);
  }
  draw();
}

/**
 * A match: progress while it runs (read every second: matches have no wait), then results.
 * @param {HTMLElement} main
 * @param {PageContext & {id: string}} context
 */
export async function matchPage(main, { id, signal, notify }) {
  mount(main, h("p.loading", {}, "Loading the match…"));
  for (;;) {
    const match = await retrying(() => answer(api.GET("/matches/{match_id}", { params: { path: { match_id: id } }, signal })), {
      signal,
      onRetry: (s, error) => notify(`${explain(error, { wait: false })} Trying again in ${waitWords(s)}…`, "warn", true),
      onBack: () => notify("Connected again.", "ok"),
    });
    render(main, match);
    if (match.status === "done") return;
    await sleep(1000, signal);
  }
}

/**
 * @param {HTMLElement} main
 * @param {MatchOut} match
 */
function render(main, match) {
  const { progress, results } = match;
  const done = match.status === "done";
  mount(main, h("div.match-page", {},
    h("h1", {}, `Match ${match.id}: ${gameTitle(match.game)}`),
    h("p", {}, `${match.bots.join(" vs ")} · ${match.games} games × ${match.rotations.length} rotations · seed “${match.seed}”`),
    h("section.panel", { "aria-labelledby": "progress-title" },
      h("h2#progress-title", {}, done ? "Finished" : "Running…"),
      h("progress", { max: progress.total, value: progress.done, "aria-label": "games played" }),
      h("p.match-status", { role: "status" }, `${progress.done} of ${progress.total} games played${progress.failed ? `, ${progress.failed} failed` : ""}.`)),
    results.bots.length ? resultsPanel(results) : null));
}

/** @param {number | null} x */
const fmt = (x) => (x === null ? "–" : Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2));
/** @param {Estimate} e */
export const interval = (e) => (e.ci95 ? `${fmt(e.mean)} ± ${fmt(e.half_width)}` : fmt(e.mean));

/**
 * How the results are counted, in words (the API's `method` says it in formulas, for programs).
 */
const METHOD = "Score per deal is each bot's mean score over the deals it played (a side's score counts for each of its seats); "
  + "game points are its mean per game. Each ± is a 95% interval: the true mean lies within it 19 times in 20, "
  + "counting each match game once (its rotations together). With fewer than 2 games there is no interval yet. "
  + "The differences between two bots compare them on the very same deals.";

/** @param {MatchResults} results */
function resultsPanel(results) {
  return h("section.panel.results", { "aria-labelledby": "results-title" },
    h("h2#results-title", {}, `Results over ${results.games} games`),
    chart(results.bots, "deal_score", "Mean score per deal, with its 95% interval"),
    chart(results.bots, "game_points", "Mean game points per game, with its 95% interval"),
    scrollBox("Results by bot", h("table", {},
      h("thead", {}, h("tr", {}, ["Bot", "Seat games", "Wins", "Win rate", "Score per deal", "Game points"].map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, results.bots.map((b) => h("tr", {},
        h("th", { scope: "row" }, b.bot), h("td", {}, String(b.seat_games)), h("td", {}, String(b.wins)),
        h("td", {}, b.win_rate === null ? "–" : `${(b.win_rate * 100).toFixed(1)}%`),
        h("td", {}, interval(b.deal_score)), h("td", {}, interval(b.game_points))))))),
    results.comparisons.length ? h("ul.comparisons", {}, results.comparisons.map((c) => h("li", {},
      `${c.bots[0]} − ${c.bots[1]}: ${interval(c.deal_score_diff)} per deal, ${interval(c.game_points_diff)} game points (paired by deal).`))) : null,
    h("p.small.method", {}, METHOD));
}

/**
 * Each bot's mean as a dot on a line of its 95% interval, on one shared axis (inline SVG).
 * @param {BotResult[]} bots
 * @param {"deal_score" | "game_points"} key
 * @param {string} title
 */
function chart(bots, key, title) {
  // Only estimates with a mean are drawn (null: no game counted yet).
  const rows = bots.flatMap((b) => {
    const { mean, ci95 } = b[key];
    return mean === null ? [] : [{ bot: b.bot, estimate: b[key], mean, ci95, low: ci95 ? ci95[0] : mean, high: ci95 ? ci95[1] : mean }];
  });
  const lows = rows.map((r) => r.low);
  const highs = rows.map((r) => r.high);
  let lo = Math.min(0, ...lows);
  let hi = Math.max(0, ...highs);
  if (hi === lo) hi = lo + 1;
  const pad = (hi - lo) * 0.05;
  lo -= pad;
  hi += pad;
  const width = 600;
  const left = 110;
  const row = 34;
  const height = rows.length * row + 40;
  /** @param {number} v */
  const x = (v) => left + ((v - lo) / (hi - lo)) * (width - left - 20);
  const ticks = niceTicks(lo, hi);
  return h("figure.chart", {},
    svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": `${title}: ${rows.map((r) => `${r.bot} ${interval(r.estimate)}`).join("; ")}` },
      ticks.map((t) => [
        svg("line", { x1: x(t), x2: x(t), y1: 10, y2: height - 24, class: t === 0 ? "axis zero" : "axis" }),
        svg("text", { x: x(t), y: height - 8, "text-anchor": "middle", class: "tick" }, String(t)),
      ]),
      rows.map((r, i) => {
        const y = 26 + i * row;
        return svg("g", { class: `bot bot-${i % 4}` },
          svg("text", { x: left - 10, y: y + 5, "text-anchor": "end", class: "label" }, r.bot),
          r.ci95 ? svg("line", { x1: x(r.low), x2: x(r.high), y1: y, y2: y, class: "ci" }) : null,
          r.ci95 ? svg("line", { x1: x(r.low), x2: x(r.low), y1: y - 7, y2: y + 7, class: "ci" }) : null,
          r.ci95 ? svg("line", { x1: x(r.high), x2: x(r.high), y1: y - 7, y2: y + 7, class: "ci" }) : null,
          svg("circle", { cx: x(r.mean), cy: y, r: 6, class: "mean" }));
      })),
    h("figcaption", {}, title));
}

/**
 * Round numbers for an axis from `lo` to `hi`: about five, at steps of 1, 2 or 5 times a power of ten.
 * @param {number} lo
 * @param {number} hi
 */
export function niceTicks(lo, hi) {
  const raw = (hi - lo) / 5;
  const step = [1, 2, 5, 10].map((m) => m * 10 ** Math.floor(Math.log10(raw))).find((s) => s >= raw) ?? raw;
  const ticks = [];
  const digits = Math.max(0, -Math.floor(Math.log10(step)));
  for (let t = Math.ceil(lo / step) * step; t <= hi; t += step) ticks.push(Number(t.toFixed(digits)));
  return ticks;
}
