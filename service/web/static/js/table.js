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
import { ApiError, answer, api, explain } from "./api.js";
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
/** @typedef {import("./stream.js").RematchOffer} RematchOffer */
/**
 * What the table itself tells the player, above the play (the log below may be out of sight):
 * a timeout, a resignation, a declined rematch. `partner`: a partner resigned, and the player
 * may resign too or play on.
 * @typedef {{text: string, kind: "warn" | "info", partner?: boolean}} TableNotice
 */
/** @typedef {Extract<Move, {card: string}>} CardMove a move that plays one card (with its call) */
/** @typedef {import("./main.js").PageContext} PageContext */
/** @typedef {import("./games/generic.js").MoveBuilt} MoveBuilt */
/** @typedef {import("./games/generic.js").GameDisplay} GameDisplay */

/** @type {Promise<Set<string>> | null} the games whose seats may resign (the catalog's `resign`) */
let resigning = null;

/** Which games offer resigning, as the catalog says: read once a page load. */
function resignOffered() {
  resigning ??= answer(api.GET("/catalog"))
    .then(({ games }) => new Set(games.filter((g) => g.resign.offered).map((g) => g.name)))
    .catch(() => { resigning = null; return new Set(); });
  return resigning;
}

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
  const read = await link.game();
  // An invited seat's holder has come: the table waited for them (no clock ran) until now.
  const seat = read.seat ?? null;
  const first = seat !== null && read.seats[seat]?.invited ? await link.takeInvited(seat) : read;
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
    this.view = h("div.table-root", {}); // what render() draws; the live region stays beside it
    /** the screen reader's polite news of the table: turns, timeouts, results */
    this.live = h("div#table-live.visually-hidden", { role: "status", "aria-live": "polite" });
    /** @type {TableNotice | null} */
    this.notice = null;
    this.confirming = false; // the Resign button asked "are you sure?"
    this.resignOffered = false; // the catalog says this game's seats may resign
    /** @type {RematchOffer | null} the finished game's rematch, as its stream told it */
    this.offer = null;
    this.started = false; // the events read at the start are history: told in the log only
    this.wasMyTurn = false;
    this.lastStatus = body.status;
  }

  // --- following the game (its requests: link.js) -------------------------------------------

  async run() {
    mount(this.main, this.view, this.live);
    // A timed game's clocks count down between answers (deadlines are in the server's time).
    everySecond(() => tickClocks(this.main, this.skew), this.signal);
    resignOffered().then((games) => {
      this.resignOffered = games.has(this.body.view.game);
      this.render();
    });
    const events = await this.link.eventsSince(this.last);
    // Opened between deals or after the end: the last deal's summary, as if just played.
    const { status } = this.body;
    if (status === "deal_pending" || status === "over") this.summaryOf = this.body.view.deal_no;
    this.take(this.body, events);
    this.started = true;
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
    // A seat's finished table goes on listening: another player may ask for a rematch.
    const onRematch = this.seat === null ? undefined : (/** @type {RematchOffer} */ offer) => this.rematchOffered(offer);
    await this.link.follow(this.last, async (events) => {
      this.addEvents(events);
      await this.catchUp();
    }, onRematch);
  }

  /**
   * Who asked for the rematch: the seats in it already (none: the host asked).
   * @param {RematchOffer} offer
   */
  asker(offer) {
    return offer.joined.length ? offer.joined.map(this.who).join(" and ") : "The host";
  }

  /**
   * The finished game's rematch, as its stream told it: offered to this seat (Accept or
   * Decline), or already declined.
   * @param {RematchOffer} offer
   */
  rematchOffered(offer) {
    this.offer = offer;
    if (offer.status === "abandoned") this.say("The rematch was declined.");
    else if (this.seat !== null && !offer.joined.includes(this.seat)) {
      this.say(`${this.asker(offer)} asked for a rematch: accept or decline it.`);
    }
    this.render();
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
    if (this.started) {
      const over = fresh.some((e) => e.type === "game_over");
      /** @type {TableNotice[]} */
      const told = [];
      for (const event of fresh) {
        const notice = this.tell(event, over);
        if (notice) told.push(notice);
      }
      if (told.length) { // one notice for the change: a timeout and the seat's going away
        const kind = told.some((n) => n.kind === "warn") ? "warn" : "info";
        this.notice = { text: told.map((n) => n.text).join(" "), kind, partner: told.some((n) => n.partner) };
      }
    }
    this.seen = Math.max(this.seen, ...fresh.map((e) => e.version)); // the view may be behind them
    const scored = fresh.some((e) => e.type === "deal_scored" || e.type === "game_over");
    if (scored || !this.score) this.refreshScore();
  }

  /**
   * What the table says of a new event beside the log: news for a screen reader, and the
   * notice to show above the play (null: none). `over`: the game ended in the same change.
   * @param {GameEvent} event
   * @param {boolean} over
   * @returns {TableNotice | null}
   */
  tell(event, over) {
    const mine = (/** @type {number} */ seat) => seat === this.seat;
    switch (event.type) {
      case "turn_timed_out": {
        const { seat, bot } = event.data;
        const text = mine(seat)
          ? `You ran out of time: the ${bot} bot played for you.`
          : `${this.who(seat)} ran out of time: the ${bot} bot played for them.`;
        this.say(text);
        return mine(seat) ? { text, kind: "warn" } : null;
      }
      case "seat_away":
        if (mine(event.data.seat) && event.data.by === "timeouts") {
          const text = "You timed out too often: a bot plays your seat until you return (“I'm back”).";
          this.say(text);
          return { text, kind: "warn" };
        }
        return null;
      case "resigned": {
        const { seat } = event.data;
        if (mine(seat)) return null;
        const partner = !over && this.partnerOf(seat);
        const text = partner
          ? `Your partner (${this.who(seat)}) resigned. Your side gives up only if you resign too.`
          : `${this.who(seat)} resigned.`;
        this.say(text);
        return { text, kind: "info", partner };
      }
      case "rematch_declined": // the banner says it
        this.say(`${this.who(event.data.seat)} declined the rematch.`);
        return null;
      case "deal_scored":
        if (!over) this.say(`Deal ${event.data.deal_no} is over.`);
        return null;
      default:
        return null;
    }
  }

  /**
   * Whether `seat` is this seat's partner (a game with sides: Doubleduck).
   * @param {number} seat
   */
  partnerOf(seat) {
    const { view } = this.body;
    if (this.seat === null || !("sides" in view)) return false;
    return view.sides.some((side) => side.includes(seat) && side.includes(/** @type {number} */ (this.seat)));
  }

  /**
   * News for a screen reader, in the table's polite live region (a line each: the region
   * keeps the last few).
   * @param {string} text
   */
  say(text) {
    this.live.append(h("p", {}, text));
    while (this.live.childElementCount > 3) this.live.firstElementChild?.remove();
  }

  /** Read the score again (not awaited: a page left meanwhile drops the answer). */
  async refreshScore() {
    try {
      this.score = await this.link.score();
    } catch (error) {
      if (this.signal.aborted) return;
      throw error;
    }
    this.render();
  }

  /** The finished game this table is the rematch of (null: not a rematch). */
  get rematchOf() {
    return this.body.rematch_of ?? null;
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
      if (this.notice?.kind === "warn") this.notice = null; // the player is back at the table
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

  /** Resign the seat (after the confirm step); the answer is the view after it. */
  async resign() {
    this.confirming = false;
    if (this.busy) return;
    this.busy = true;
    this.render();
    try {
      const answer = await this.link.resign(this.body.version);
      this.busy = false;
      this.notice = null;
      this.take(answer, answer.events);
      if (answer.status !== "over") {
        this.notice = { text: "You resigned. Your side gives up once your partner resigns too.", kind: "info" };
        this.say(this.notice.text);
      }
    } catch (error) {
      this.busy = false;
      if (!(error instanceof ApiError)) throw error;
      await this.refused(error);
    }
    await this.catchUp();
  }

  /**
   * Answer the rematch offered: accept (this seat's page moves to its seat of the new table)
   * or decline (whoever asked is told at once).
   * @param {boolean} accept
   */
  async answerRematch(accept) {
    if (this.busy) return;
    this.busy = true;
    this.render();
    try {
      if (accept) {
        const next = await this.link.rematch();
        location.hash = `#/play/${next.token}`;
        return;
      }
      await this.link.declineRematch();
      if (this.offer) this.offer = { ...this.offer, status: "abandoned" };
      this.notice = { text: "You declined the rematch.", kind: "info" };
      this.say(this.notice.text);
    } catch (error) {
      this.notify(explain(error), "error");
    } finally {
      this.busy = false;
    }
    this.render();
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
      this.view,
      h(`div.table-page.game-${game}`,
        { dataset: { version: this.body.version, status: this.body.status,
          turn: this.myTurn() && !this.busy && !summary ? "you" : "wait", summary: summary ? "open" : "closed" } },
        h("div.play-area", {},
          h("h1.table-title", {}, title, h("small", {}, ` · game ${this.gameId} · ${role}`)),
          panels.turnBanner(this),
          panels.tableNotice(this),
          panels.rematchOffer(this),
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
    this.news();
  }

  /** Tell a screen reader when the turn comes to this seat, and how the game ended. */
  news() {
    const mine = this.myTurn() && !this.busy && !this.inSummary();
    if (mine && !this.wasMyTurn) this.say(this.display.yourTurn(this.body.view));
    this.wasMyTurn = mine;
    const { status } = this.body;
    if (status !== this.lastStatus && this.ended()) this.say(panels.bannerText(this).text);
    this.lastStatus = status;
  }
}
