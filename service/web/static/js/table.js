// A table: play a seat (its token from the link's fragment) or watch a game as a spectator.
//
// Every change comes over the game's event stream (stream.js): each batch of events is logged
// and the view it leads to is read once, so the page shows any move within a moment. A move
// or a deal answers at once with the view after it. No polling loop, no long poll.
import { api, ApiError, explain, retrying } from "./api.js";
import { cardBacks, cardFace, cardName, cardText, faceParts, sortHand } from "./cards.js";
import * as deals from "./deal.js";
import { h, mount } from "./dom.js";
import * as games from "./games.js";
import { followGame } from "./stream.js";

/** @typedef {import("./api.js").GameOut} GameOut */
/** @typedef {import("./api.js").ScoreOut} ScoreOut */
/** @typedef {import("./api.js").GameEvent} GameEvent */
/** @typedef {import("./api.js").Move} Move */
/** @typedef {Extract<Move, {card: string}>} CardMove a move that plays one card (with its call) */
/** @typedef {import("./api.js").ViewOf<"duck">} DuckView */
/** @typedef {import("./api.js").ApiPath} ApiPath */
/** @typedef {import("./main.js").PageContext} PageContext */
/**
 * @typedef {import("./api.js").Method<P>} Method
 * @template {ApiPath} P
 */
/**
 * @typedef {import("./api.js").Call<P, M>} Call
 * @template {ApiPath} P
 * @template {Method<P>} M
 */
/**
 * @typedef {import("./api.js").Answer<import("./api.js").Operation<P, M>>} Answer
 * @template {ApiPath} P
 * @template {Method<P>} M
 */
/** @typedef {NonNullable<import("./api.js").Call<"/games/{game_id}/moves", "post">["body"]>["move"]} MoveSent */
/**
 * A move as the page builds it, from a legal move or the cards a player picked: its card names
 * are strings here, each game's own in the spec (the server checks them: 409, 422).
 * @typedef {{type: string, card?: string, call?: string, cards?: string[], draw?: string}} MoveBuilt
 */

/** @type {Record<number, string[]>} where each seat sits, from the viewer's seat on (at the bottom) */
const PLACES = { 2: ["b", "t"], 3: ["b", "tl", "tr"], 4: ["b", "l", "t", "r"], 5: ["b", "l", "tl", "tr", "r"] };
/** @type {Record<string, string>} */
const TITLES = { doubleduck: "Doubleduck", ducksoup: "Duck Soup", duck: "Duck", doppelkopf: "Doppelkopf" };

/**
 * A seat's table (`token`: its game is the token's first part) or a spectator's (`gameId`).
 * @param {HTMLElement} main
 * @param {PageContext & {token?: string, gameId?: string}} context
 */
export async function tablePage(main, { token, gameId, signal, notify }) {
  mount(main, h("p.loading", {}, "Taking a seat at the table…"));
  const id = gameId ?? token?.split(".")[0];
  if (!id) throw new Error("no game to show");
  const request = requester(token, signal, notify);
  const first = await request("/games/{game_id}", { params: { game_id: id } });
  await new Table(main, { id, token, request, signal, notify }, first).run();
}

/**
 * Requests with this table's token that retry while the connection is lost, saying so.
 * @param {string | undefined} token
 * @param {AbortSignal} signal
 * @param {PageContext["notify"]} notify
 */
function requester(token, signal, notify) {
  /**
   * @template {ApiPath} P
   * @template {Method<P>} [M=Extract<Method<P>, "get">]
   * @param {P} path
   * @param {Call<P, M>} call
   * @returns {Promise<Answer<P, M>>}
   */
  function request(path, call) {
    return retrying(() => api(path, { ...call, token, signal }), {
      signal,
      onRetry: (s) => notify(`Lost the connection to the server. Trying again in ${s} s…`, "warn", true),
      onBack: () => notify("Connected again.", "ok"),
    });
  }
  return request;
}

/** @param {number} ms a seat's time left: "1:05" */
const clockText = (ms) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

class Table {
  /**
   * @param {HTMLElement} main
   * @param {{id: string, token: string | undefined, request: ReturnType<typeof requester>, signal: AbortSignal, notify: PageContext["notify"]}} context
   * @param {GameOut} body the game as first read
   */
  constructor(main, { id, token, request, signal, notify }, body) {
    this.main = main;
    this.gameId = id;
    this.token = token; // the seat's, for the stream (requests carry it through `request`)
    this.request = request;
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

  // --- talking to the server ---------------------------------------------------------------

  async run() {
    // A timed game's clocks count down between answers (deadlines are in the server's time).
    const ticker = setInterval(() => this.tickClocks(), 1000);
    this.signal.addEventListener("abort", () => clearInterval(ticker));
    const events = await this.eventsSince(this.last);
    // Opened between deals or after the end: the last deal's summary, as if just played.
    const { status } = this.body;
    if (status === "deal_pending" || status === "over") this.summaryOf = this.body.view.deal_no;
    this.take(this.body, events);
    await this.catchUp();
    await this.watch();
  }

  /** The view now, then the events it brought (and the view again, if they went past it). */
  async read() {
    const body = await this.request("/games/{game_id}", { params: { game_id: this.gameId } });
    this.take(body, await this.eventsSince(this.last));
    await this.catchUp();
  }

  /** Follow the game's stream to its end: each batch of events, then the view after them. */
  async watch() {
    await followGame(this.gameId, {
      token: this.token,
      after: this.last,
      signal: this.signal,
      onEvents: async (events) => {
        this.addEvents(events);
        await this.catchUp();
      },
      onLost: (s) => this.notify(`Lost the connection to the server. Trying again in ${s} s…`, "warn", true),
      onBack: () => this.notify("Connected again.", "ok"),
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
    this.take(await this.request("/games/{game_id}", { params: { game_id: this.gameId } }), []);
  }

  /**
   * Every event after `after`, page by page (the feed is paged: `has_more`, `next_after`).
   * @param {number} after
   */
  async eventsSince(after) {
    /** @type {GameEvent[]} */
    const events = [];
    for (let page = 0; page < 100; page += 1) {
      const feed = await this.request("/games/{game_id}/events", { params: { game_id: this.gameId }, query: { after, limit: 1000 } });
      events.push(...feed.events);
      if (!feed.has_more) break;
      after = feed.next_after;
    }
    return events;
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
    this.score = await this.request("/games/{game_id}/score", { params: { game_id: this.gameId } });
    this.render();
  }

  get seat() {
    return this.body.seat;
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
    const key = crypto.randomUUID(); // a retry after a lost answer cannot play twice
    try {
      const answer = await this.request("/games/{game_id}/moves", {
        method: "post",
        params: { game_id: this.gameId },
        body: { move: /** @type {MoveSent} */ (move), expected_version: this.body.version },
        headers: { "Idempotency-Key": key },
      });
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
    error.message = games.plainWords(error.message, this.body.view.game);
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
      const answer = await this.request("/games/{game_id}/deal", {
        method: "post", params: { game_id: this.gameId }, body: { expected_version: this.body.version } });
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

  /** Each seat's clock, counted down to its deadline by the server's time. */
  tickClocks() {
    for (const span of this.main.querySelectorAll(".seat .clock")) {
      const deadline = Number(span instanceof HTMLElement ? span.dataset.deadline : "");
      if (deadline) span.textContent = ` · ${clockText(deadline - (Date.now() + this.skew))} left`;
    }
  }

  /**
   * Hand the seat to its bot (`away`) or take it back (`return`).
   * @param {"away" | "return"} what
   */
  async presence(what) {
    if (this.seat === null) return;
    this.busy = true;
    try {
      const path = what === "away" ? "/games/{game_id}/seats/{seat}/away" : "/games/{game_id}/seats/{seat}/return";
      await this.request(path, { method: "post", params: { game_id: this.gameId, seat: String(this.seat) }, body: {} });
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
    const hadFocus = document.activeElement && this.main.contains(document.activeElement) && document.activeElement.closest(".hand");
    const { game } = this.body;
    const role = this.seat === null ? "Watching" : `You are seat ${this.seat}`;
    const summary = this.inSummary();
    mount(
      this.main,
      h(`div.table-page.game-${game}`,
        { dataset: { version: this.body.version, status: this.body.status,
          turn: this.myTurn() && !this.busy && !summary ? "you" : "wait", summary: summary ? "open" : "closed" } },
        h("div.play-area", {},
          h("h1.table-title", {}, TITLES[game] ?? game, h("small", {}, ` · game ${this.gameId} · ${role}`)),
          this.turnBanner(),
          summary ? this.summaryPanel() : [
            this.felt(),
            this.actions(),
            this.seat !== null && this.body.view.hand?.length ? this.hand() : null]),
        h("aside.side", { "aria-label": "Game information" },
          this.invitePanel(),
          this.statusPanel(),
          this.countsPanel(),
          this.tricksPanel(),
          this.scorePanel(),
          this.logPanel())),
    );
    if (hadFocus) this.focusedCard()?.focus();
    const logList = this.main.querySelector(".log ol");
    if (logList) logList.scrollTop = logList.scrollHeight;
    document.title = `${this.myTurn() ? "▶ Your turn · " : ""}${TITLES[game] ?? game} · duckpond`;
  }

  turnBanner() {
    const { status, view } = this.body;
    let text;
    let kind = "wait";
    if (status === "over") {
      const { winners } = view;
      const others = winners.filter((s) => s !== this.seat).map(this.who).join(" and ");
      if (!winners.length) text = "Game over: a draw.";
      else if (this.seat === null || !winners.includes(this.seat)) text = `Game over: ${others} won.`;
      else text = `Game over: you won${others ? ` with ${others}` : ""}!`;
      kind = "over";
    } else if (status === "abandoned") {
      text = "The host ended this game.";
      kind = "over";
    } else if (status === "waiting") {
      const open = this.body.seats.filter((s) => s.open).map((s) => s.seat);
      text = `Waiting for players to take the open seat${open.length === 1 ? "" : "s"} (${open.map((s) => `seat ${s}`).join(", ")}).`;
    } else if (this.inSummary()) {
      text = `Deal ${this.summaryOf} is over: here is how it scored.`;
      kind = "over";
    } else if (status === "deal_pending") {
      text = this.seat === null ? "The deal is scored; waiting for the next deal." : "The deal is scored. Deal the next one when you are ready.";
      kind = "over";
    } else if (this.busy) {
      text = "Your move is on its way…";
    } else if (this.myTurn()) {
      text = games.yourTurn(view);
      kind = "you";
    } else {
      text = `Waiting for ${view.to_act.map(this.who).join(", ")}…`;
    }
    return h(`p.turn.turn-${kind}`, { role: "status", "aria-live": "polite" }, text);
  }

  felt() {
    const { view } = this.body;
    const n = view.hand_sizes.length;
    const me = this.seat ?? 0;
    const seats = [];
    for (let seat = 0; seat < n; seat++) {
      const place = PLACES[n][(seat - me + n) % n];
      const acting = view.to_act.includes(seat) && this.body.status === "playing";
      const info = this.body.seats[seat];
      const tags = [info.kind === "bot" ? `bot: ${info.bot}${info.level ? ` (${info.level})` : ""}` : "human", ...games.seatTags(view, seat)];
      if (info.away) tags.push(`away: ${info.stand_in ?? "a bot"} plays`);
      const clock = info.clock?.remaining_ms ?? null;
      const pile = view.game === "duck" ? view.piles[seat] : null;
      seats.push(h(`div.seat.place-${place}${acting ? ".acting" : ""}${seat === this.seat ? ".me" : ""}`,
        { "aria-label": `${this.who(seat)}${acting ? ", to play" : ""}` },
        h("div.seat-name", {}, acting ? h("span.dot", { "aria-hidden": "true" }, "▶ ") : null, this.who(seat),
          clock !== null ? h("span.clock", { dataset: { deadline: info.clock?.deadline ?? "" }, title: "time left for this move (its reserve included)" },
            ` · ${clockText(clock)} left`) : null),
        h("div.seat-info", {},
          cardBacks(view.hand_sizes[seat], `${games.count(view.hand_sizes[seat], "card")} in hand`),
          pile ? h("span.pile", {}, pile.top ? cardFace(pile.top, { small: true }) : h("span.card.small.empty", { role: "img", "aria-label": "empty pile" }),
            h("small", {}, `pile ${pile.size}`)) : null,
          tags.map((t) => h("span.tag", {}, t))),
        acting ? h("span.acting-label", {}, "to play") : null));
    }
    return h(`section.felt.seats-${n}`, { "aria-label": "The table" }, seats, h("div.center", {}, this.center()));
  }

  center() {
    const { view } = this.body;
    if (view.game === "duck") {
      return h("div.duck-center", {},
        h("div.stock", {}, cardBacks(view.stock_count, `draw pile, ${view.stock_count} cards`), h("small", {}, "draw pile")),
        view.lifebelt !== null ? h("div.lifebelt", { role: "img", "aria-label": `lifebelt worth ${view.lifebelt}` },
          h("span", { "aria-hidden": "true" }, String(view.lifebelt))) : null);
    }
    const { trick } = view;
    const stock = "stock_count" in view && view.stock_count > 0
      ? h("div.stock", {}, cardBacks(view.stock_count, `stock, ${view.stock_count} cards`), h("small", {}, "stock")) : null;
    return h("div.trick-area", {},
      stock,
      h("ol.trick", { "aria-label": trick.length ? "The trick on the table" : "No card on the table yet" },
        trick.length ? trick.map((play) => h("li", {}, cardFace(play.card),
          h("small", {}, this.who(play.seat)),
          play.spoken ? h("span.call", {}, play.spoken) : null))
          : h("li.empty", {}, view.leader !== null ? `${this.who(view.leader)} to lead` : "")));
  }

  /** The moves that are not a card: concede, announce, duck, deal; and a card's calls. */
  actions() {
    const { view, status } = this.body;
    const buttons = [];
    const mine = this.seat === null ? null : this.body.seats[this.seat];
    if (mine?.clock && !this.ended()) {
      const away = mine.away === true;
      buttons.push(h(`button.presence${away ? ".primary" : ".ghost"}`, { type: "button", disabled: this.busy,
        onclick: () => this.presence(away ? "return" : "away") }, away ? "Take my seat back" : "Step away (a bot plays for me)"));
    }
    if (status === "deal_pending" && this.seat !== null) {
      buttons.push(h("button.primary", { type: "button", disabled: this.busy, onclick: () => this.deal() }, "Deal the next deal"));
    }
    if (this.myTurn()) {
      for (const move of view.legal_moves ?? []) {
        if ("card" in move || "cards" in move) continue;
        buttons.push(h("button.action", { type: "button", disabled: this.busy, onclick: () => this.send(move) },
          games.actionLabel(move, view)));
      }
      if (this.choices) {
        for (const move of this.choices) {
          buttons.push(h(`button.call${"call" in move && move.call ? ".with-call" : ""}`, { type: "button", disabled: this.busy,
            onclick: () => this.send(move) }, games.callLabel(move, view)));
        }
        buttons.push(h("button.ghost", { type: "button", onclick: () => { this.choices = null; this.render(); } }, "Cancel"));
      }
      if (view.game === "duck") buttons.push(...this.duckDraws(view));
    }
    if (!buttons.length) return null;
    return h("div.actions", { role: "group", "aria-label": "Your moves" }, buttons);
  }

  /**
   * Duck: the picked cards in order, and a button per place to draw from.
   * @param {DuckView} view
   */
  duckDraws(view) {
    const hand = this.sortedHand();
    const cards = this.picked.map((i) => hand[i]);
    const matches = (view.legal_moves ?? []).flatMap((m) => (m.type === "play" && m.cards.join() === cards.join() ? [m] : []));
    const out = [];
    if (!cards.length) {
      out.push(h("span.hint", {}, "Pick cards for a set (one number) or a run (one colour, in order)."));
      return out;
    }
    const valid = matches.length > 0;
    out.push(h(`span.hint${valid ? ".ok" : ".bad"}`, {},
      `Laying ${cards.map(cardText).join(" ")} (the last on top): ${valid ? "a legal play" : "not a set or a run in this order"}.`));
    /** @param {number | undefined} seat @param {string} side */
    const pile = (seat, side) => {
      const top = seat === undefined ? null : view.piles[seat]?.top ?? null;
      return /** @type {const} */ ([`Take ${top ? cardText(top) : "—"} from ${seat === undefined ? "nobody" : this.who(seat)} (${side})`, top !== null]);
    };
    /** @type {["stock" | "left" | "right", string, boolean][]} */
    const sources = [
      ["stock", `Draw from the pile (${view.stock_count})`, view.stock_count > 0],
      ["left", ...pile(view.left, "left")],
      ["right", ...pile(view.right, "right")],
    ];
    const noDraw = valid
      ? matches.some((m) => !m.draw)
      : !sources.some(([, , open]) => open) || cards.length === hand.length;
    if (noDraw) {
      out.push(h("button.primary", { type: "button", disabled: this.busy, onclick: () => this.send({ type: "play", cards }) },
        "Lay them (no draw)"));
    } else {
      for (const [draw, label, open] of sources) {
        if (!open) continue;
        out.push(h("button.primary", { type: "button", disabled: this.busy, dataset: { draw },
          onclick: () => this.send({ type: "play", cards, draw }) }, label));
      }
    }
    out.push(h("button.ghost", { type: "button", onclick: () => { this.picked = []; this.render(); } }, "Clear"));
    return out;
  }

  sortedHand() {
    return sortHand(this.body.view, this.body.view.hand ?? []);
  }

  hand() {
    const { view } = this.body;
    const hand = this.sortedHand();
    const legal = new Set((view.legal_moves ?? []).flatMap((m) => ("cards" in m ? m.cards : "card" in m ? [m.card] : [])));
    const yourTurn = this.myTurn() && !this.busy;
    const cards = hand.map((card, index) => {
      const picked = this.picked.indexOf(index);
      const isLegal = yourTurn && legal.has(card);
      const label = `${cardName(card)}${isLegal ? ", playable" : ""}${picked >= 0 ? `, picked ${picked + 1}` : ""}`;
      return h(`button.card${isLegal ? ".legal" : ""}${picked >= 0 ? ".picked" : ""}`,
        { type: "button", "aria-label": label, tabindex: index === this.focus ? 0 : -1, disabled: !yourTurn,
          dataset: { index, card }, onclick: () => this.activate(index),
          onfocus: () => { this.focus = index; } },
        faceParts(card),
        picked >= 0 ? h("span.order", { "aria-hidden": "true" }, String(picked + 1)) : null);
    });
    const hint = view.game === "duck" ? "Arrow keys move, Enter picks, Escape clears" : "Arrow keys move, Enter plays";
    return h("section.hand-area", { "aria-label": "Your hand" },
      h("h2.visually-hidden", {}, "Your hand"),
      h("div.hand", { role: "group", "aria-label": `Your hand, ${hand.length} cards. ${hint}.`,
        onkeydown: (/** @type {KeyboardEvent} */ e) => this.key(e, hand.length) }, cards),
      h("p.keys", { "aria-hidden": "true" }, `${hint}.`));
  }

  /** The hand's card button that has the keyboard focus. */
  focusedCard() {
    return /** @type {HTMLButtonElement | null} */ (this.main.querySelector(`.hand button[data-index="${this.focus}"]`));
  }

  /**
   * @param {KeyboardEvent} event
   * @param {number} size the hand's size
   */
  key(event, size) {
    /** @type {Record<string, number>} */
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (event.key in moves) {
      this.focus = (this.focus + moves[event.key] + size) % size;
    } else if (event.key === "Home") {
      this.focus = 0;
    } else if (event.key === "End") {
      this.focus = size - 1;
    } else if (event.key === "Escape") {
      this.picked = [];
      this.choices = null;
      this.render();
      this.focusedCard()?.focus();
      return;
    } else {
      return;
    }
    event.preventDefault();
    this.main.querySelectorAll(".hand button").forEach((b) => {
      if (b instanceof HTMLElement) b.tabIndex = Number(b.dataset.index) === this.focus ? 0 : -1;
    });
    this.focusedCard()?.focus();
  }

  /**
   * A card was clicked (or Enter): play it, offer its calls, or (Duck) pick it.
   * @param {number} index in the sorted hand
   */
  activate(index) {
    const { view } = this.body;
    this.focus = index;
    if (view.game === "duck") {
      const at = this.picked.indexOf(index);
      if (at >= 0) this.picked.splice(at, 1);
      else this.picked.push(index);
      this.render();
      return;
    }
    const card = this.sortedHand()[index];
    const moves = (view.legal_moves ?? []).flatMap((m) => ("card" in m && m.card === card ? [m] : []));
    if (moves.length > 1) {
      this.choices = moves;
      this.render();
      /** @type {HTMLButtonElement | null} */ (this.main.querySelector(".actions button.call"))?.focus();
      return;
    }
    // A card the rules do not allow goes to the server all the same: its refusal says why.
    this.send(moves[0] ?? { type: "play", card });
  }

  // --- the side panels ---------------------------------------------------------------------

  invitePanel() {
    const open = this.body.status === "waiting" && this.code;
    if ((!this.invites.length && !open) || this.ended()) return null;
    const join = open ? `${location.origin}/#/join/${this.gameId}/${encodeURIComponent(this.code ?? "")}` : "";
    return h("section.panel.invites", { "aria-labelledby": "invites-title" },
      h("h2#invites-title", {}, "Invite players"),
      open ? h("p.open-seats", {}, "Open seats: anyone with this link (or the table's code ",
        h("code", {}, this.code), ") takes the next one. ", h("a.join", { href: join, target: "_blank", rel: "noreferrer" }, "Join link")) : null,
      this.invites.length ? h("p", {}, "Send each friend their seat's link. Anyone with a link plays that seat.") : null,
      this.invites.length === 0 ? null : h("ul", {}, this.invites.map(({ seat, link }) => h("li", {},
        h("a.invite", { href: link, target: "_blank", rel: "noreferrer", dataset: { seat } }, `Seat ${seat}`),
        h("button.ghost", { type: "button", onclick: async () => {
          try {
            await navigator.clipboard.writeText(link);
            this.notify(`Seat ${seat}'s link is copied.`, "ok");
          } catch {
            this.notify("Copying is not allowed here: right-click the link and copy it.", "warn");
          }
        } }, "Copy link")))));
  }

  statusPanel() {
    const rows = games.status(this.body.view);
    return h("section.panel.status", { "aria-labelledby": "status-title" },
      h("h2#status-title", {}, "Table"),
      h("dl", {}, rows.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])),
      this.ended() ? h("p.after", {}, this.rematchButton(), " ", h("a", { href: "#/" }, "Start a new table")) : null);
  }

  /** A finished game's seat asks for a rematch (or joins the one asked): its new seat's token. */
  rematchButton() {
    if (this.body.status !== "over" || this.seat === null) return null;
    return h("button.primary.rematch", { type: "button", disabled: this.busy, onclick: async () => {
      this.busy = true;
      try {
        const next = await this.request("/games/{game_id}/rematch", { method: "post", params: { game_id: this.gameId }, body: {} });
        location.hash = `#/play/${next.token}`;
      } catch (error) {
        this.notify(explain(error), "error");
      } finally {
        this.busy = false;
      }
    } }, "Rematch");
  }

  /** The scored deal, as the player goes over it before the next: waits for "Continue". */
  summaryPanel() {
    const dealNo = /** @type {number} */ (this.summaryOf);
    const story = /** @type {deals.Story} */ (this.story(dealNo));
    const scored = /** @type {deals.Scored} */ (story.scored);
    const { status, view } = this.body;
    const last = "max_deals" in view ? view.max_deals : "max_deals" in view.options ? view.options.max_deals : null;
    let button;
    if (status === "deal_pending" && this.seat !== null) {
      button = h("button.primary.next", { type: "button", disabled: this.busy, onclick: () => this.deal() }, "Next deal");
    } else {
      const ended = this.ended(); // then a rematch is the primary button
      button = h(`button.next${ended ? "" : ".primary"}`, { type: "button", onclick: () => { this.summaryOf = null; this.render(); } }, ended ? "Close" : "Continue");
    }
    const waiting = status === "deal_pending" && this.seat === null ? h("p.legend", {}, "Waiting for a player to deal the next deal.") : null;
    return h("section.panel.summary", { "aria-labelledby": "summary-title" },
      h("h2#summary-title", {}, `Deal ${dealNo}${last ? ` of ${last}` : ""} is over`),
      deals.summary(view, scored, story, this.who),
      waiting,
      h("div.summary-actions", {}, this.rematchButton(), button));
  }

  /** What each seat or side has taken so far this deal. */
  countsPanel() {
    const { view } = this.body;
    if (!view.deal_no || this.inSummary()) return null; // the summary has the deal's final counts
    const rows = deals.runningCounts(view, this.story(view.deal_no), this.who);
    return h("section.panel.counts", { "aria-labelledby": "counts-title" },
      h("h2#counts-title", {}, view.game === "duck" ? "Banked so far" : "Taken this deal"),
      h("dl", {}, rows.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])));
  }

  /** The deal's earlier tricks (Duck: turns), one at a time: the latest unless browsed back. */
  tricksPanel() {
    const dealNo = this.inSummary() ? /** @type {number} */ (this.summaryOf) : this.body.view.deal_no;
    const story = this.story(dealNo);
    if (!story) return null;
    const duck = this.body.game === "duck";
    const items = duck ? story.turns : story.tricks;
    if (!items.length) return null;
    const at = this.browsed === null ? items.length - 1 : Math.min(this.browsed, items.length - 1);
    const noun = duck ? "turn" : "trick";
    /** @param {number} to */
    const go = (to) => () => { this.browsed = to >= items.length - 1 ? null : to; this.render(); };
    const shown = duck ? deals.turnShown(story.turns[at]) : deals.trickShown(story.tricks[at], this.who);
    return h("section.panel.last-trick", { "aria-labelledby": "tricks-title" },
      h("h2#tricks-title", {}, at === items.length - 1 ? `Last ${noun} (${at + 1})` : `${duck ? "Turn" : "Trick"} ${at + 1} (of ${items.length})`,
        h("small", {}, ` · deal ${dealNo}`)),
      shown,
      h("div.browse", { role: "group", "aria-label": `Browse the ${noun}s of this deal` },
        h("button.ghost.earlier", { type: "button", disabled: at === 0, onclick: go(at - 1), "aria-label": `Earlier ${noun}` }, "◀ Earlier"),
        h("button.ghost.later", { type: "button", disabled: at === items.length - 1, onclick: go(at + 1), "aria-label": `Later ${noun}` }, "Later ▶"),
        this.browsed !== null ? h("button.ghost.latest", { type: "button", onclick: go(items.length - 1) }, "Latest") : null));
  }

  scorePanel() {
    if (!this.score) return null;
    const heads = games.columns(this.body, this.who);
    const { deals, totals, game_points: points } = this.score;
    return h("section.panel.score", { "aria-labelledby": "score-title" },
      h("h2#score-title", {}, "Score"),
      h("div.scroll", {}, h("table", {},
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Deal"),
          heads.map((x) => h("th", { scope: "col" }, x)))),
        h("tbody", {}, deals.map((deal) => h("tr", {}, h("th", { scope: "row" }, String(deal.deal_no)),
          games.dealCells(deal).map((c) => h("td", {}, c))))),
        h("tfoot", {},
          h("tr", {}, h("th", { scope: "row" }, "Total"), totals.map((t) => h("td", {}, String(t)))),
          points && points.join() !== totals.join()
            ? h("tr", {}, h("th", { scope: "row" }, "Game points"), points.map((t) => h("td", {}, String(t)))) : null))),
      games.scoreLegend(this.body.view.game) ? h("p.legend", {}, games.scoreLegend(this.body.view.game)) : null);
  }

  logPanel() {
    const lines = this.log.map((e) => ({ n: e.n, text: games.describe(e, this.who) }));
    return h("section.panel.log", { "aria-labelledby": "log-title" },
      h("h2#log-title", {}, "What happened"),
      h("ol", { role: "log", tabindex: 0 }, lines.slice(-200).map((l) => h("li", { dataset: { n: l.n } }, l.text))));
  }
}
