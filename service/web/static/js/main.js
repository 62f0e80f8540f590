// The router: everything after "#" (a page, a seat's token) stays in the browser.
//   #/             start a table          #/play/<seat token>   play that seat
//   #/watch        watch a game by id     #/watch/<game id>     watch it
//   #/matches      start a match          #/match/<match id>    a match's progress and results
//   #/ladder       the first game's ladder  #/ladder/<game>     that game's ladder
//   #/ladder/<game>/bots/<bot>  a bot's rating history and head-to-head  #/ladder/<game>/head-to-head  the crosstable
//   #/tournament/<tournament id>  its standings and crosstable
//   #/key/<app key>  keep this app key in the browser (then the lobby, the key out of the URL)
//   #/join/<game id>/<invite code>  take the lowest open seat of that table, then play it
import { ApiError, answer, api, appKey, explain } from "./api.js";
import { h, mount } from "./dom.js";
import { historyPage } from "./history.js";
import { ladderPage } from "./ladder.js";
import { lobbyPage, watchIndex } from "./lobby.js";
import { matchForm, matchPage } from "./match.js";
import { tablePage } from "./table.js";
import { tournamentPage } from "./tournament.js";

/**
 * Say something at the top of the page (null: clear); "sticky" notices stay until replaced.
 * @typedef {(text: string | null, kind?: "info" | "ok" | "warn" | "error", sticky?: boolean) => void} Notify
 */
/**
 * What every page gets: `signal` aborts when the route changes, `go(hash)` goes to a page.
 * @typedef {{signal: AbortSignal, go: (hash: string) => void, notify: Notify}} PageContext
 */

// index.html has both.
const main = /** @type {HTMLElement} */ (document.getElementById("main"));
const noticeBox = /** @type {HTMLElement} */ (document.getElementById("notice"));
/** @type {AbortController | null} */
let current = null; // the running page's AbortController
/** @type {ReturnType<typeof setTimeout> | undefined} */
let noticeTimer;

/** @type {Notify} */
function notify(text, kind = "info", sticky = false) {
  clearTimeout(noticeTimer);
  if (!text) {
    noticeBox.hidden = true;
    return;
  }
  mount(noticeBox, h(`div.notice-${kind}`, {}, text,
    h("button.ghost", { type: "button", "aria-label": "Dismiss", onclick: () => { noticeBox.hidden = true; } }, "×")));
  noticeBox.hidden = false;
  if (!sticky && kind !== "error") noticeTimer = setTimeout(() => { noticeBox.hidden = true; }, 6000);
}

/** @param {string} hash */
function go(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

async function route() {
  current?.abort();
  const controller = new AbortController();
  current = controller;
  const signal = controller.signal;
  notify(null);
  let [page, arg, code, more] = location.hash.replace(/^#\/?/, "").split("/");
  if (page === "key" && arg) {
    appKey.set(decodeURIComponent(arg));
    history.replaceState(null, "", "#/"); // out of the address bar and the history
    [page, arg] = ["", ""];
    notify("The app key is saved in this browser: you can start tables and matches.");
  }
  const context = { signal, go, notify };
  for (const link of document.querySelectorAll("nav a")) {
    link.toggleAttribute("aria-current", link.getAttribute("href") === `#/${page}`);
  }
  try {
    if (page === "play" && arg) await tablePage(main, { ...context, token: arg });
    else if (page === "watch" && arg) await tablePage(main, { ...context, gameId: arg });
    else if (page === "watch") await watchIndex(main, context);
    else if (page === "join" && arg && code) await joinPage(main, arg, decodeURIComponent(code), context);
    else if (page === "matches") await matchForm(main, context);
    else if (page === "match" && arg) await matchPage(main, { ...context, id: arg });
    else if (page === "ladder" && arg && code) await historyPage(main, { ...context, game: arg, part: code, bot: more });
    else if (page === "ladder") await ladderPage(main, { ...context, game: arg });
    else if (page === "tournament" && arg) await tournamentPage(main, { ...context, id: arg });
    else await lobbyPage(main, context);
  } catch (error) {
    if (signal.aborted) return;
    mount(main, h("section.panel.failed", {}, h("h1", {}, "This page could not be shown"),
      h("p", {}, explain(error)),
      h("p", {}, h("button", { type: "button", onclick: route }, "Try again"), " or ", h("a", { href: "#/" }, "start a new table"), ".")));
  }
}

/**
 * A join link: take the table's lowest open seat, then play it. The seat's own address takes
 * the link's place in the history (Back or a reload keep the seat; the code leaves the address
 * bar). A table with no seat left gets a page that says so, offers to watch it and leads back.
 * @param {HTMLElement} main
 * @param {string} id
 * @param {string} code
 * @param {PageContext} context
 */
async function joinPage(main, id, code, { signal }) {
  mount(main, h("p.loading", {}, "Taking a seat at the table…"));
  try {
    const taken = await answer(api.POST("/games/{game_id}/claim", {
      params: { path: { game_id: id }, header: { "Idempotency-Key": crypto.randomUUID() } },
      body: { invite_code: code }, signal }));
    if (signal.aborted) return;
    location.replace(`#/play/${taken.token}`); // a hashchange: the router shows the seat
  } catch (error) {
    if (signal.aborted || !(error instanceof ApiError)) throw error;
    history.replaceState(null, "", `#/join/${id}`); // the code out of the address bar
    const full = error.reason === "no_open_seat" || error.reason === "seat_taken";
    const ended = error.reason === "game_abandoned" || error.reason === "game_over";
    const title = full ? "This table is full" : ended ? "This table has ended" : "This link does not seat you";
    const text = full ? "Every seat of this table was taken before you came: the link seats nobody any more."
      : explain(error);
    const watchable = error.reason !== "no_such_game" && error.reason !== "bad_invite_code";
    mount(main, h("section.panel.join-refused", { "aria-labelledby": "join-title" },
      h("h1#join-title", {}, title),
      h("p", {}, text),
      h("p.after", {},
        watchable ? h("a.primary.watch", { href: `#/watch/${id}` }, full ? "Watch this table" : "See how it ended") : null,
        watchable ? " · " : null,
        h("a.lobby", { href: "#/" }, "Back to the lobby"))));
  }
}

// "Skip to the table" moves the focus to the page's main part; the address (the route) stays.
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[href='#main']") : null;
  if (!link) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView({ block: "start" });
});

window.addEventListener("hashchange", route);
route();
