// The ladder: every rated bot of one game, best ordinal first (a least-squares fit of every paired
// margin of its rated match games: skills in points a deal above the ladder's average bot).
import { answer, api } from "./api.js";
import { h, mount, scrollBox } from "./dom.js";
import { botLink, crosstableLink } from "./history.js";

/** @typedef {import("./api.js").LadderEntry} LadderEntry */
/** @typedef {import("./main.js").PageContext} PageContext */
/** @typedef {import("./api.js").Operation<"/ladder/{game}", "get">["parameters"]["path"]["game"]} GameName */

/**
 * `#/ladder` (the catalog's first game) or `#/ladder/<game>`.
 * @param {HTMLElement} main
 * @param {PageContext & {game?: string}} context
 */
export async function ladderPage(main, { game, signal, go }) {
  mount(main, h("p.loading", {}, "Loading the ladder…"));
  const { games } = await answer(api.GET("/catalog", { signal }));
  const shown = game ? games.find((g) => g.name === game) : games[0];
  if (!shown) {
    // A mistyped or old address: say so, and offer the ladders there are.
    mount(main, h("section.panel.ladder", { "aria-labelledby": "ladder-title" },
      h("h1#ladder-title", {}, "No such game"),
      h("p", {}, `There is no game called “${game}” on this server, so it has no ladder. The games' ladders:`),
      h("ul.ladder-links", {}, games.map((g) => h("li", {}, h("a", { href: `#/ladder/${g.name}` }, `Ladder: ${g.title}`))))));
    return;
  }
  const { entries, spread } = await answer(api.GET("/ladder/{game}", { params: { path: { game: /** @type {GameName} */ (shown.name) } }, signal }));
  const picker = h("select", { id: "ladder-game", onchange: () => go(`#/ladder/${picker.value}`) },
    games.map((g) => h("option", { value: g.name, selected: g === shown }, g.title)));
  mount(main, h("section.panel.ladder", { "aria-labelledby": "ladder-title" },
    h("h1#ladder-title", {}, `Ladder: ${shown.title}`),
    h("label.field", {}, h("span", {}, "Game"), picker),
    entries.length ? h("p.spread", {}, `Skills are in points a deal above the ladder's average bot. Spread (how much one match game's margin between two bots varies): ${spread.toFixed(2)} points a deal.`) : null,
    entries.length ? scrollBox(`Ladder of ${shown.title}`, h("table", {},
      h("thead", {}, h("tr", {}, ["#", "Bot", "Ordinal", "Skill (μ ± σ)", "95% interval", "Games", "Last played"].map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, entries.map((e, i) => h("tr", e.provisional ? { class: "provisional" } : {},
        h("td", {}, String(i + 1)),
        h("th", { scope: "row" }, botLink(shown.name, e.bot), h("small", {}, e.kind === "outside" ? ` · outside${e.owner ? `, by ${e.owner}` : ""}` : " · built-in"),
          ...(e.provisional ? [" ", h("span.tag.provisional-tag", { title: `Still uncertain: σ is above half the spread (${(spread / 2).toFixed(2)}), so a few more games may move it past its neighbours.` }, "provisional")] : [])),
        h("td", {}, e.ordinal.toFixed(2)),
        h("td", {}, `${e.mu.toFixed(2)} ± ${e.sigma.toFixed(2)}`),
        h("td", {}, `${e.mu_low.toFixed(2)} – ${e.mu_high.toFixed(2)}`),
        h("td", {}, String(e.games)),
        h("td", {}, e.last_played === null ? "–" : new Date(e.last_played).toLocaleString([], { dateStyle: "short", timeStyle: "short" })))))))
      : h("p", {}, "No match of this game has been rated yet. The built-in bots play their first games here by themselves, within minutes of the service's start."),
    entries.length > 1 ? h("p", {}, crosstableLink(shown.name)) : null,
    h("p.small", {}, "Every rated match game deals the same cards to every rotation, so it measures by how much one bot outscored another: for each two bots on opposite teams, one's mean score per deal minus the other's (Doubleduck's sides are teams; in Doppelkopf every two bots at the table, as its parties change each deal). "
      + "The ladder is the least-squares fit of all these margins at once, made again after every rated game: μ is a bot's skill in points a deal above the ladder's average bot (so it may be below 0), σ how uncertain it is. "
      + "A bot's rating may move a little when others play: the fit learns more about the bots it met. Ordinal = μ − 3σ: a bot climbs by playing, not by one lucky game. "
      + "The numbers are in this game's own points, so ladders of different games do not compare."),
    h("p.small", {}, "How firm a rating is: its skill lies in the 95% interval (μ ± 1.96σ) with 95% confidence. The spread says how much one match game's margin between two bots varies; "
      + "a rating is provisional while σ is above half the spread (about a bot's first four match games against rated bots): a few more games may still move it past its neighbours. "
      + "The built-in bots (random, heuristic, search:fast, search:strong) play here by themselves to put the scale in place.")));
}
