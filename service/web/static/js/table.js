// A table: play a seat (its token from the link's fragment) or watch a game as a spectator.
//
// Every change comes over the game's event stream (stream.js): each batch of events is logged
// and the view it leads to is read once, so the page shows any move within a moment. A move
// or a deal answers at once with the view after it. No polling loop, no long poll.
//
// The table keeps the game's state and what happens to it; its requests go through link.js; what
// it draws is in felt.js (the seats and the centre), hand.js (the hand and the moves),
// panels.js (the banner and the side panels) and clock.js; what differs by game comes from the
// game's display (games/index.js).
import { ApiError, explain } from "./api.js";
import { everySecond, tickClocks } from "./clock.js";
import * as deals from "./deal.js";
import { h, mount } from "./dom.js";
import { felt } from "./felt.js";
import { displayOf } from "./games/index.js";
import { actions, focusedCard, hand } from "./hand.js";
import { GameLink } from "./link.js";
import * as panels from "./panels.js";

/** @typedef {import("./api.js").GameOut} GameOut */
/** @typedef {import("./api.js").ScoreOut} ScoreOut */
/** @typedef {import("./api.js").GameEvent} GameEvent */
/** @typedef {import("./api.js").Move} Move */
/** @typedef {Extract<Move, {card: string}>} CardMove a move that plays one card (with its call) */
/** @typedef {import("./main.js").PageContext} PageContext */
/** @typedef {import("./games/generic.js").MoveBuilt} MoveBuilt */
/** @typedef {import("./games/generic.js").GameDisplay} GameDisplay */

/**
 * A seat's table (`token`: its game is the token's first part) or a spectator's (`gameId`).
 * @param {HTMLElement} main
 * @param {PageContext & {token?: string, gameId?: string}} context
 */
export async function tablePage(main, { token, gameId, signal, notify }) {
  mount(main, h("p.loading", {}, "Taking a seat at the table…"));
  const id = gameId ?? token?.split(".")[0];
  if (!id) throw new Error("no game to show");
  const link = new GameLink(id, token, signal, notify);
  const first = await link.game();
  await new Table(main, { link, signal, notify }, first).run();
}

export class Table {
  /**
   * @param {HTMLElement} main
   * @param {{link: GameLink, signal: AbortSignal, notify: PageContext["notify"]}} context
   * @param {GameOut} body the game as first read
   */
  constructor(main, { link, signal, notify }, body) {
    this.main = main;
    this.link = link; // the requests, the events feed and the stream (with the seat's token)
    this.gameId = link.gameId;
    this.signal = signal;
    this.notify = notify;
    this.body = body; // the last game answer (view and all)
    /** @type {GameEvent[]} */
    this.log = []; // events, in order
    this.last = 0; // the last event number seen
    this.seen = body.version; // the latest version an event showed
    /** @type {ScoreOut | null} */
    this.score = null;
    this.busy = false; // a move is on its way
    /** @type {number[]} */
    this.picked = []; // Duck: the cards picked for a play, in laying order (hand indexes)
    /** @type {CardMove[] | null} */
    this.choices = null; // a card with several legal moves (calls): those moves
    this.focus = 0; // the hand card that has the keyboard focus
    /** @type {number | null} the scored deal whose summary waits for the player (null: none) */
    this.summaryOf = null;
    /** @type {number | null} the trick (Duck: turn) of the deal browsed, by index; null: the latest */
    this.browsed = null;
    /** @type {Map<number, deals.Story>} the deals as the log tells them, as of event `storiesAt` */
    this.stories = new Map();
    this.storiesAt = -1;
    /** @type {{seat: number, link: string}[]} the lobby's invite links for the other human seats */
    this.invites = JSON.parse(sessionStorage.getItem(`invites:${this.gameId}`) || "[]");
    /** the table's invite code for its open seats (the creator's browser keeps it) */
    this.code = sessionStorage.getItem(`code:${this.gameId}`);
    this.skew = 0; // ms: the server's clock minus this browser's, from the last timed answer
  }

  // --- following the game (its requests: link.js) -------------------------------------------

  async run() {
    // A timed game's clocks count down between answers (deadlines are in the server's time).
    everySecond(() => tickClocks(this.main, this.skew), this.signal);
    const events = await this.link.eventsSince(this.last);
    // Opened between deals or after the end: the last deal's summary, as if just played.
    const { status } = this.body;
    if (status === "deal_pending" || status === "over") this.summaryOf = this.body.view.deal_no;
    this.take(this.body, events);
    await this.catchUp();
    await this.watch();
  }

  /** The view now, then the events it brought (and the view again, if they went past it). */
  async read() {
    const body = await this.link.game();
    this.take(body, await this.link.eventsSince(this.last));
    await this.catchUp();
  }

  /** Follow the game's stream to its end: each batch of events, then the view after them. */
  async watch() {
    await this.link.follow(this.last, async (events) => {
      this.addEvents(events);
      await this.catchUp();
    });
  }

  /**
   * Read the view when an event showed a later version than the page has (not while a move
   * of ours is on its way: its answer brings the view, then this runs again).
   */
  async catchUp() {
    if (this.busy || this.body.version >= this.seen) {
      this.render();
      return;
    }
    this.take(await this.link.game(), []);
  }

  /**
   * A new state of the game, with the events that came with it; drawn once.
   * @param {GameOut} body
   * @param {GameEvent[]} events
   */
  take(body, events) {
    if (body.clock) this.skew = body.clock.now - Date.now(); // the server's clock minus ours
    if (body.version >= this.body.version) { // answers may cross: keep the latest
      this.body = body;
      this.picked = [];
      this.choices = null;
    }
    this.addEvents(events);
    this.render();
  }

  /** @param {GameEvent[]} events */
  addEvents(events) {
    const fresh = events.filter((e) => e.n > this.last);
    if (!fresh.length) return;
    this.log.push(...fresh);
    this.last = fresh[fresh.length - 1].n;
    for (const event of fresh) {
      if (event.type !== "deal_scored") continue;
      this.summaryOf = event.data.deal_no; // waits for the player's "Continue"
      this.browsed = null;
    }
    this.seen = Math.max(this.seen, ...fresh.map((e) => e.version)); // the view may be behind them
    const scored = fresh.some((e) => e.type === "deal_scored" || e.type === "game_over");
    if (scored || !this.score) this.refreshScore();
  }

  async refreshScore() {
    this.score = await this.link.score();
    this.render();
  }

  get seat() {
    return this.body.seat;
  }

  /** @returns {GameDisplay} what this game draws its own way (games/index.js) */
  get display() {
    return displayOf(this.body.view.game);
  }

  /** Over or abandoned: nothing more will happen at this table. */
  ended() {
    return this.body.status === "over" || this.body.status === "abandoned";
  }

  myTurn() {
    return this.seat !== null && this.body.status === "playing" && this.body.view.to_act.includes(this.seat);
  }

  /** The scored deal's summary is open: the table waits for the player to close it. */
  inSummary() {
    return this.summaryOf !== null && this.story(this.summaryOf)?.scored != null;
  }

  /**
   * A deal as the events this caller saw tell it.
   * @param {number} dealNo
   */
  story(dealNo) {
    if (this.storiesAt !== this.last) {
      this.stories = deals.stories(this.log, this.who);
      this.storiesAt = this.last;
    }
    return this.stories.get(dealNo);
  }

  /**
   * Send a move; its answer is the view after it (the stream brings what follows).
   * @param {MoveBuilt} move
   */
  async send(move) {
    if (this.busy) return;
    this.busy = true;
    this.render();
    try {
      const answer = await this.link.move(move, this.body.version);
      this.busy = false;
      this.notify(null);
      this.take(answer, answer.events);
    } catch (error) {
      this.busy = false;
      if (!(error instanceof ApiError)) throw error;
      await this.refused(error);
    }
    await this.catchUp();
  }

  /** @param {ApiError} error */
  async refused(error) {
    error.message = this.display.plainWords(error.message);
    /** @type {(typeof error.reason)[]} */
    const reload = ["stale_version", "not_your_turn", "deal_pending", "game_over", "game_abandoned"];
    if (reload.includes(error.reason)) {
      const extra = error.reason === "game_over" || error.reason === "game_abandoned" ? "" : " The table has been reloaded.";
      this.notify(explain(error) + extra, "warn");
      await this.read();
      return;
    }
    this.notify(explain(error), "error");
    this.render();
  }

  async deal() {
    this.summaryOf = null;
    this.busy = true;
    this.render();
    try {
      const answer = await this.link.deal(this.body.version);
      this.busy = false;
      this.take(answer, answer.events);
    } catch (error) {
      this.busy = false;
      if (!(error instanceof ApiError)) throw error;
      if (error.reason !== "no_deal_pending") this.notify(explain(error), "warn");
      await this.read();
    }
    await this.catchUp();
  }

  /**
   * Hand the seat to its bot (`away`) or take it back (`return`).
   * @param {"away" | "return"} what
   */
  async presence(what) {
    if (this.seat === null) return;
    this.busy = true;
    try {
      await this.link.presence(what, this.seat);
    } catch (error) {
      this.notify(explain(error), "error");
    }
    this.busy = false;
    await this.read();
  }

  // --- names -------------------------------------------------------------------------------

  /** @param {number} seat */
  who = (seat) => (seat === this.seat ? "You" : `Seat ${seat}`);

  // --- drawing the page --------------------------------------------------------------------

  render() {
    if (this.signal.aborted) return;
    // A keyboard player's focus in the hand (or where it went when the hand emptied) survives the redraw.
    const hadFocus = document.activeElement && this.main.contains(document.activeElement) && document.activeElement.closest(".hand, .turn, #summary-title");
    const { game } = this.body;
    const title = this.display.title;
    const role = this.seat === null ? "Watching" : `You are seat ${this.seat}`;
    const summary = this.inSummary();
    mount(
      this.main,
      h(`div.table-page.game-${game}`,
        { dataset: { version: this.body.version, status: this.body.status,
          turn: this.myTurn() && !this.busy && !summary ? "you" : "wait", summary: summary ? "open" : "closed" } },
        h("div.play-area", {},
          h("h1.table-title", {}, title, h("small", {}, ` · game ${this.gameId} · ${role}`)),
          panels.turnBanner(this),
          summary ? panels.summaryPanel(this) : [
            felt(this),
            actions(this),
            this.seat !== null && this.body.view.hand?.length ? hand(this) : null]),
        h("aside.side", { "aria-label": "Game information" },
          panels.invitePanel(this),
          panels.statusPanel(this),
          panels.countsPanel(this),
          panels.tricksPanel(this),
          panels.scorePanel(this),
          panels.logPanel(this))),
    );
    // The hand's focus stays in the hand; when the hand gives way to a deal's summary, the
    // summary's heading takes it (read out, and the summary's buttons are the next Tab stops);
    // while the hand is empty and the others play, the turn banner holds it.
    if (hadFocus) (focusedCard(this) ?? this.main.querySelector("#summary-title") ?? this.main.querySelector(".turn"))?.focus();
    const logList = this.main.querySelector(".log ol");
    if (logList) logList.scrollTop = logList.scrollHeight;
    document.title = `${this.myTurn() ? "▶ Your turn · " : ""}${title} · duckpond`;
  }
}
