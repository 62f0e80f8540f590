// A table's link to its game on the server: the requests it makes (with the seat's token, tried
// again while the connection is lost, saying so), the events feed read page by page, and the
// game's stream followed to its end. What the answers mean for the page is the table's business
// (table.js).
import { answer, apiAs, explain, retrying } from "./api.js";
import { followGame } from "./stream.js";
import { waitWords } from "./words.js";

/** @typedef {import("./api.js").GameEvent} GameEvent */
/** @typedef {import("./stream.js").RematchOffer} RematchOffer */
/** @typedef {import("./main.js").PageContext} PageContext */
/** @typedef {import("./games/generic.js").MoveBuilt} MoveBuilt */
/** @typedef {import("./api.js").Body<import("./api.js").Operation<"/games/{game_id}/moves", "post">>["move"]} MoveSent */
/**
 * @typedef {import("./api.js").Fetched<D>} Fetched
 * @template D
 */

export class GameLink {
  /**
   * @param {string} gameId
   * @param {string | undefined} token the seat's (none: a spectator)
   * @param {AbortSignal} signal
   * @param {PageContext["notify"]} notify
   */
  constructor(gameId, token, signal, notify) {
    this.gameId = gameId;
    this.token = token;
    this.signal = signal;
    this.notify = notify;
    /** The API as this table's seat (or spectator), its requests aborted with the page. */
    this.api = apiAs(token, signal);
  }

  /**
   * A call of this table's client (`send(api)`: the seat's token, the page's signal) that
   * retries while the connection is lost, saying so; its answer, or its refusal thrown.
   * @template D
   * @param {(api: import("./api.js").Api) => Promise<Fetched<D>>} send
   * @returns {Promise<D>}
   */
  request(send) {
    const { signal, notify } = this;
    return retrying(() => answer(send(this.api)), {
      signal,
      onRetry: (s, error) => notify(`${explain(error, { wait: false })} Trying again in ${waitWords(s)}…`, "warn", true),
      onBack: () => notify("Connected again.", "ok"),
    });
  }

  /** The game as this caller may see it now (its view and all). */
  game() {
    return this.request((api) => api.GET("/games/{game_id}", { params: { path: { game_id: this.gameId } } }));
  }

  /** The game's score, deal by deal. */
  score() {
    return this.request((api) => api.GET("/games/{game_id}/score", { params: { path: { game_id: this.gameId } } }));
  }

  /**
   * Every event after `after`, page by page (the feed is paged: `has_more`, `next_after`).
   * @param {number} after
   */
  async eventsSince(after) {
    /** @type {GameEvent[]} */
    const events = [];
    for (let page = 0; page < 100; page += 1) {
      const feed = await this.request((api) => api.GET("/games/{game_id}/events", { params: { path: { game_id: this.gameId }, query: { after, limit: 1000 } } }));
      events.push(...feed.events);
      if (!feed.has_more) break;
      after = feed.next_after;
    }
    return events;
  }

  /**
   * Follow the game's stream to its end, from event `after` on: each batch of events. With
   * `onRematch`, a finished game's stream goes on until someone asks for its rematch.
   * @param {number} after
   * @param {(events: GameEvent[]) => Promise<void>} onEvents
   * @param {((offer: RematchOffer) => void)} [onRematch]
   */
  follow(after, onEvents, onRematch) {
    return followGame(this.gameId, {
      token: this.token,
      after,
      signal: this.signal,
      onEvents,
      onRematch,
      onLost: (s, error) => this.notify(`${explain(error, { wait: false })} Trying again in ${waitWords(s)}…`, "warn", true),
      onBack: () => this.notify("Connected again.", "ok"),
    });
  }

  /**
   * Send a move, at the version the page shows; its answer is the view after it.
   * @param {MoveBuilt} move
   * @param {number} version
   */
  move(move, version) {
    const key = crypto.randomUUID(); // a retry after a lost answer cannot play twice
    return this.request((api) => api.POST("/games/{game_id}/moves", {
      params: { path: { game_id: this.gameId }, header: { "Idempotency-Key": key } },
      body: { move: /** @type {MoveSent} */ (move), expected_version: version },
    }));
  }

  /**
   * Deal the next deal, at the version the page shows.
   * @param {number} version
   */
  deal(version) {
    return this.request((api) => api.POST("/games/{game_id}/deal", { params: { path: { game_id: this.gameId } }, body: { expected_version: version } }));
  }

  /**
   * Hand the seat to its bot (`away`) or take it back (`return`).
   * @param {"away" | "return"} what
   * @param {number} seat
   */
  presence(what, seat) {
    return this.request((api) => what === "away"
      ? api.POST("/games/{game_id}/seats/{seat}/away", { params: { path: { game_id: this.gameId, seat: String(seat) } }, body: {} })
      : api.POST("/games/{game_id}/seats/{seat}/return", { params: { path: { game_id: this.gameId, seat: String(seat) } }, body: {} }));
  }

  /**
   * Take this invited seat (the token's holder has come): the table waited for it, no clock
   * running, and starts once every invited and open seat is taken.
   * @param {number} seat
   */
  takeInvited(seat) {
    return this.request((api) => api.POST("/games/{game_id}/seats/{seat}/claim", { params: { path: { game_id: this.gameId, seat: String(seat) } }, body: {} }));
  }

  /** A finished game's rematch (asked, or joined): the new seat's token. */
  rematch() {
    return this.request((api) => api.POST("/games/{game_id}/rematch", { params: { path: { game_id: this.gameId } }, body: {} }));
  }

  /** Decline the rematch someone asked for (its asker's table is told at once). */
  declineRematch() {
    return this.request((api) => api.POST("/games/{game_id}/rematch/decline", { params: { path: { game_id: this.gameId } }, body: {} }));
  }

  /**
   * Resign the seat, at the version the page shows; the answer is the view after it.
   * @param {number} version
   */
  resign(version) {
    const key = crypto.randomUUID();
    return this.request((api) => api.POST("/games/{game_id}/resign", {
      params: { path: { game_id: this.gameId }, header: { "Idempotency-Key": key } }, body: { expected_version: version } }));
  }
}
