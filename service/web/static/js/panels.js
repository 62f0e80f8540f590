// What the table shows around the play: the turn banner, and the side panels (invites, the
// table's status, the summary of a scored deal, running counts, the deal's tricks to browse,
// the score and the log). What differs by game comes from the game's display (table.display).
import { explain } from "./api.js";
import { h, scrollBox } from "./dom.js";
import { dealCells } from "./games.js";
import { focusedCard } from "./hand.js";

/** @typedef {import("./table.js").Table} Table */
/** @typedef {import("./deal.js").Story} Story */
/** @typedef {import("./deal.js").Scored} Scored */

/**
 * What the turn banner says, and its kind (its colour).
 * @param {Table} table
 * @returns {{text: string, kind: string}}
 */
export function bannerText(table) {
  const { status, view } = table.body;
  let text;
  let kind = "wait";
  if (status === "over") {
    const { winners } = view;
    const others = winners.filter((s) => s !== table.seat).map(table.who).join(" and ");
    if (!winners.length) text = "Game over: a draw.";
    else if (table.seat === null || !winners.includes(table.seat)) text = `Game over: ${others} won.`;
    else text = `Game over: you won${others ? ` with ${others}` : ""}!`;
    kind = "over";
  } else if (status === "abandoned") {
    const declined = table.log.find((e) => e.type === "rematch_declined");
    text = declined?.type === "rematch_declined"
      ? `${table.who(declined.data.seat)} declined the rematch: it will not be played.`
      : "The host ended this game.";
    kind = "over";
  } else if (status === "waiting") {
    const open = table.body.seats.filter((s) => s.open).map((s) => s.seat);
    // A rematch's seats are its players' own: they take them by accepting, with no code.
    if (table.rematchOf) text = `Waiting for ${open.map(table.who).join(" and ")} to accept the rematch.`;
    else {
      // Invited seats wait for their link's holder as open seats wait for a code: no clock runs.
      const invited = table.body.seats.filter((s) => s.invited).map((s) => s.seat);
      const parts = [
        open.length ? `players to take the open seat${open.length === 1 ? "" : "s"} (${open.map((s) => `seat ${s}`).join(", ")})` : "",
        invited.length ? `${invited.map(table.who).join(" and ")} to open the invite link${invited.length === 1 ? "" : "s"}` : "",
      ].filter(Boolean);
      text = `Waiting for ${parts.join(", and for ")}. No clock runs until everyone is seated.`;
    }
  } else if (table.inSummary()) {
    text = `Deal ${table.summaryOf} is over: here is how it scored.`;
    kind = "over";
  } else if (status === "deal_pending") {
    text = table.seat === null ? "The deal is scored; waiting for the next deal." : "The deal is scored. Deal the next one when you are ready.";
    kind = "over";
  } else if (table.busy) {
    text = "Your move is on its way…";
  } else if (table.myTurn()) {
    text = table.display.yourTurn(view);
    kind = "you";
  } else {
    text = `Waiting for ${view.to_act.map(table.who).join(", ")}…`;
  }
  return { text, kind };
}

/**
 * The turn banner (a screen reader hears the table's changes from its live region instead:
 * table.say).
 * @param {Table} table
 */
export function turnBanner(table) {
  const { text, kind } = bannerText(table);
  return h(`p.turn.turn-${kind}`, { tabindex: -1 }, text); // holds a keyboard player's focus
}

/**
 * The table's own notice above the play: a timeout, a resignation, a declined rematch; a
 * partner's resignation asks to resign too or play on.
 * @param {Table} table
 */
export function tableNotice(table) {
  const { notice } = table;
  if (!notice) return null;
  const close = () => { table.notice = null; table.render(); };
  const partner = notice.partner && !table.ended();
  return h(`div.table-notice.notice-${notice.kind}`, {},
    h("p", {}, notice.text),
    partner
      ? h("p.choices", {},
        h("button.primary.resign-too", { type: "button", disabled: table.busy, onclick: () => { table.notice = null; table.resign(); } }, "Resign too"),
        " ",
        h("button.play-on", { type: "button", onclick: close }, "Play on"))
      : h("button.ghost.dismiss", { type: "button", "aria-label": "Dismiss", onclick: close }, "×"));
}

/**
 * A finished game's rematch as another player asked for it: Accept (this page moves to its
 * seat of the new table) or Decline (the asker is told).
 * @param {Table} table
 */
export function rematchOffer(table) {
  const { offer, seat } = table;
  if (!offer || seat === null || table.body.status !== "over") return null;
  let body;
  if (offer.status === "abandoned") {
    body = [h("p", {}, "The rematch was declined."), h("p", {}, h("a", { href: "#/" }, "Start a new table"))];
  } else if (offer.joined.includes(seat)) {
    body = [h("p", {}, "Your rematch is ready."),
      h("p.choices", {}, h("button.primary.accept", { type: "button", disabled: table.busy, onclick: () => table.answerRematch(true) }, "Go to the rematch"))];
  } else {
    body = [h("p", {}, `${table.asker(offer)} asked for a rematch: the same seats and options again.`),
      h("p.choices", {},
        h("button.primary.accept", { type: "button", disabled: table.busy, onclick: () => table.answerRematch(true) }, "Accept"),
        " ",
        h("button.decline", { type: "button", disabled: table.busy, onclick: () => table.answerRematch(false) }, "Decline"))];
  }
  return h("section.panel.rematch-offer", { "aria-labelledby": "rematch-title" },
    h("h2#rematch-title", {}, "Rematch"), body);
}

/**
 * Resign, where the game offers it (the catalog), with a confirm step.
 * @param {Table} table
 */
export function resignControl(table) {
  const { status, view } = table.body;
  if (!table.resignOffered || table.seat === null || (status !== "playing" && status !== "deal_pending")) return null;
  if ("resigned" in view && view.resigned.includes(table.seat)) return null;
  if (!table.confirming) {
    return h("p.resign", {}, h("button.ghost.resign", { type: "button", disabled: table.busy,
      onclick: () => { table.confirming = true; table.render(); /** @type {HTMLElement | null} */ (table.main.querySelector("button.resign-yes"))?.focus(); } }, "Resign…"));
  }
  return h("div.resign-confirm", { role: "group", "aria-labelledby": "resign-ask" },
    h("p#resign-ask", {}, "Resign this game? The other side wins; it cannot be undone."),
    h("p.choices", {},
      h("button.danger.resign-yes", { type: "button", disabled: table.busy, onclick: () => table.resign() }, "Resign"),
      " ",
      h("button.resign-no", { type: "button", onclick: () => { table.confirming = false; table.render(); } }, "Keep playing")));
}

/**
 * Copy `text` and say so in words (or how to copy by hand where the browser refuses).
 * @param {Table} table
 * @param {string} text
 * @param {string} done
 */
async function copy(table, text, done) {
  try {
    await navigator.clipboard.writeText(text);
    table.notify(done, "ok");
  } catch {
    table.notify("Copying is not allowed here: right-click the link and copy it.", "warn");
  }
}

/** @param {Table} table */
export function invitePanel(table) {
  const open = table.body.status === "waiting" && table.code;
  if ((!table.invites.length && !open) || table.ended()) return null;
  const join = open ? `${location.origin}/#/join/${table.gameId}/${encodeURIComponent(table.code ?? "")}` : "";
  return h("section.panel.invites", { "aria-labelledby": "invites-title" },
    h("h2#invites-title", {}, "Invite players"),
    open ? h("p.open-seats", {}, "Open seats: anyone with this link takes the next one (or with the game id ",
      h("strong.game-id", {}, table.gameId), " and the code ", h("code", {}, table.code), ", under “Join a table” on the start page). ",
      h("a.join", { href: join, target: "_blank", rel: "noreferrer" }, "Join link"), " ",
      h("button.ghost.copy-join", { type: "button", onclick: () => copy(table, join, "The join link is copied: send it to the players you want.") },
        "Copy the join link")) : null,
    table.invites.length ? h("p", {}, "Send each friend their seat's link. Anyone with a link plays that seat.") : null,
    table.invites.length === 0 ? null : h("ul", {}, table.invites.map(({ seat, link }) => h("li", {},
      h("a.invite", { href: link, target: "_blank", rel: "noreferrer", dataset: { seat } }, `Seat ${seat}`),
      h("button.ghost", { type: "button", onclick: async () => {
        try {
          await navigator.clipboard.writeText(link);
          table.notify(`Seat ${seat}'s link is copied.`, "ok");
        } catch {
          table.notify("Copying is not allowed here: right-click the link and copy it.", "warn");
        }
      } }, "Copy link")))));
}

/** @param {Table} table */
export function statusPanel(table) {
  const rows = table.display.status(table.body.view);
  return h("section.panel.status", { "aria-labelledby": "status-title" },
    h("h2#status-title", {}, "Table"),
    h("dl", {}, rows.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])),
    resignControl(table),
    table.ended() ? h("p.after", {}, rematchButton(table), " ", h("a", { href: "#/" }, "Start a new table")) : null);
}

/**
 * A finished game's seat asks for a rematch (or joins the one asked): its new seat's token.
 * @param {Table} table
 */
export function rematchButton(table) {
  if (table.body.status !== "over" || table.seat === null || table.offer?.status === "abandoned") return null;
  const offered = table.offer !== null; // another player asked: this button accepts
  return h("button.primary.rematch", { type: "button", disabled: table.busy, onclick: async () => {
    table.busy = true;
    try {
      const next = await table.link.rematch();
      table.offer = null;
      location.hash = `#/play/${next.token}`;
    } catch (error) {
      table.notify(explain(error), "error");
    } finally {
      table.busy = false;
    }
  } }, offered ? "Accept the rematch" : "Rematch");
}

/**
 * The scored deal, as the player goes over it before the next: waits for "Continue".
 * @param {Table} table
 */
export function summaryPanel(table) {
  const dealNo = /** @type {number} */ (table.summaryOf);
  const story = /** @type {Story} */ (table.story(dealNo));
  const scored = /** @type {Scored} */ (story.scored);
  const { status, view } = table.body;
  const last = "max_deals" in view ? view.max_deals : "max_deals" in view.options ? view.options.max_deals : null;
  let button;
  if (status === "deal_pending" && table.seat !== null) {
    button = h("button.primary.next", { type: "button", disabled: table.busy, onclick: () => table.deal() }, "Next deal");
  } else {
    const ended = table.ended(); // then a rematch is the primary button
    button = h(`button.next${ended ? "" : ".primary"}`, { type: "button", onclick: () => {
      table.summaryOf = null;
      table.render();
      (focusedCard(table) ?? table.main.querySelector(".turn"))?.focus(); // the focus goes on, not to the page's top
    } }, ended ? "Close" : "Continue");
  }
  const waiting = status === "deal_pending" && table.seat === null ? h("p.legend", {}, "Waiting for a player to deal the next deal.") : null;
  return h("section.panel.summary", { "aria-labelledby": "summary-title" },
    h("h2#summary-title", { tabindex: -1 }, `Deal ${dealNo}${last ? ` of ${last}` : ""} is over`),
    table.display.summary(view, scored, story, table.who),
    waiting,
    h("div.summary-actions", {}, rematchButton(table), button));
}

/**
 * What each seat or side has taken so far this deal.
 * @param {Table} table
 */
export function countsPanel(table) {
  const { view } = table.body;
  if (!view.deal_no || table.inSummary()) return null; // the summary has the deal's final counts
  const rows = table.display.runningCounts(view, table.story(view.deal_no), table.who);
  if (!rows.length) return null; // a game whose display counts nothing
  return h("section.panel.counts", { "aria-labelledby": "counts-title" },
    h("h2#counts-title", {}, table.display.countsTitle),
    h("dl", {}, rows.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])));
}

/**
 * The deal's earlier tricks (Duck: turns), one at a time: the latest unless browsed back.
 * @param {Table} table
 */
export function tricksPanel(table) {
  const dealNo = table.inSummary() ? /** @type {number} */ (table.summaryOf) : table.body.view.deal_no;
  const story = table.story(dealNo);
  if (!story) return null;
  const { noun, count, shown: show } = table.display.history;
  const size = count(story);
  if (!size) return null;
  const at = table.browsed === null ? size - 1 : Math.min(table.browsed, size - 1);
  /** @param {number} to */
  const go = (to) => () => { table.browsed = to >= size - 1 ? null : to; table.render(); };
  const shown = show(story, at, table.who);
  return h("section.panel.last-trick", { "aria-labelledby": "tricks-title" },
    h("h2#tricks-title", {}, at === size - 1 ? `Last ${noun} (${at + 1})` : `${noun[0].toUpperCase()}${noun.slice(1)} ${at + 1} (of ${size})`,
      h("small", {}, ` · deal ${dealNo}`)),
    shown,
    h("div.browse", { role: "group", "aria-label": `Browse the ${noun}s of this deal` },
      h("button.ghost.earlier", { type: "button", disabled: at === 0, onclick: go(at - 1), "aria-label": `Earlier ${noun}` }, "◀ Earlier"),
      h("button.ghost.later", { type: "button", disabled: at === size - 1, onclick: go(at + 1), "aria-label": `Later ${noun}` }, "Later ▶"),
      table.browsed !== null ? h("button.ghost.latest", { type: "button", onclick: go(size - 1) }, "Latest") : null));
}

/** @param {Table} table */
export function scorePanel(table) {
  if (!table.score) return null;
  const heads = table.display.columns(table.body.view, table.body.seats.map((s) => s.seat), table.who);
  const { deals, totals, game_points: points } = table.score;
  return h("section.panel.score", { "aria-labelledby": "score-title" },
    h("h2#score-title", {}, "Score"),
    scrollBox("Score by deal", h("table", {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Deal"),
        heads.map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, deals.map((deal) => h("tr", {}, h("th", { scope: "row" }, String(deal.deal_no)),
        dealCells(deal).map((c) => h("td", {}, c))))),
      h("tfoot", {},
        h("tr", {}, h("th", { scope: "row" }, "Total"), totals.map((t) => h("td", {}, String(t)))),
        points && points.join() !== totals.join()
          ? h("tr", {}, h("th", { scope: "row" }, "Game points"), points.map((t) => h("td", {}, String(t)))) : null))),
    table.display.scoreLegend ? h("p.legend", {}, table.display.scoreLegend) : null);
}

/** @param {Table} table */
export function logPanel(table) {
  // A turn's start is not news: the seat's clock shows it (it was logged on every turn).
  const lines = table.log.filter((e) => e.type !== "turn_started")
    .map((e) => ({ n: e.n, text: table.display.describe(e, table.who) }));
  return h("section.panel.log", { "aria-labelledby": "log-title" },
    h("h2#log-title", {}, "What happened"),
    // The list is a list (its items are list items); the region around it is the log.
    h("div", { role: "log", "aria-labelledby": "log-title" },
      h("ol", { tabindex: 0, "aria-label": "Events, latest last" },
        lines.filter((l) => l.text).slice(-200).map((l) => h("li", { dataset: { n: l.n } }, l.text)))));
}
