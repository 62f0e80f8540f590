// A game's event stream (GET /api/v1/games/<id>/stream), read with fetch as NDJSON: an
// EventSource cannot send the Authorization header a seat's token travels in. A cut stream is
// opened again after the last event read (`?after=`), so no event is missed or seen twice.
import { ConnectionLost, answer, apiAs, sleep } from "./api.js";

/** @typedef {import("./api.js").GameEvent} GameEvent */
/** @typedef {import("./api.js").GameOut} GameOut */
/**
 * A line of the stream (keep-alives, empty lines, are skipped).
 * @typedef {{id: string, event: "event", data: GameEvent}
 *   | {id: string, event: "snapshot", data: GameOut}
 *   | {event: "end", data: {id: string, version: number, status: GameOut["status"]}}
 *   | {event: "rematch", data: RematchOffer}
 *   | {id: string, event: "closing", data: {reason: "server_restart", resume_after: number}}} Frame
 * A `closing` frame (the server stops) is the last: the stream is then opened again after the
 * last event read, on whichever process answers.
 */
/**
 * A finished game's rematch as its stream tells it (`?rematch=true`): its id and status, the
 * human seats that took their seat in it and those it waits for.
 * @typedef {{id: string, rematch_of: string, status: GameOut["status"], joined: number[], open_seats: number[]}} RematchOffer
 */

/**
 * Follow a game's events numbered after `after` until the game ends (resolves) or `signal`
 * aborts. `onEvents(events)` gets the events of each read, awaited before the next;
 * `onLost(seconds)` says the connection is lost (and when it tries again), `onBack()` that it
 * works again. A refusal (404, 401...) rejects with its ApiError. With `onRematch`, a game
 * that ends `over` is followed on until its rematch is asked for: `onRematch(offer)`, then it
 * resolves.
 * @param {string} gameId
 * @param {{token: string | undefined, after: number, signal: AbortSignal,
 *   onEvents: (events: GameEvent[]) => Promise<void>,
 *   onRematch?: ((offer: RematchOffer) => void) | undefined,
 *   onLost: (seconds: number, error: ConnectionLost) => void, onBack: () => void}} options
 * @returns {Promise<void>}
 */
export async function followGame(gameId, { token, after, signal, onEvents, onRematch, onLost, onBack }) {
  const api = apiAs(token, signal);
  let delay = 1000;
  let lost = false;
  while (!signal.aborted) {
    try {
      const ended = await readStream(api, gameId, after, onRematch, async (frames) => {
        if (lost) {
          lost = false;
          delay = 1000;
          onBack();
        }
        /** @type {GameEvent[]} */
        const events = [];
        for (const frame of frames) if (frame.event === "event") events.push(frame.data);
        const newest = events[events.length - 1];
        if (newest) {
          after = newest.n;
          await onEvents(events);
        }
      });
      if (ended) return;
      // Closed before its end (the server restarted, or the stream's time was up): resume.
    } catch (error) {
      if (signal.aborted || (error instanceof DOMException && error.name === "AbortError")) return;
      if (!(error instanceof ConnectionLost)) throw error;
      lost = true;
      delay = Math.max(delay, (error.refusal?.retryAfter ?? 0) * 1000); // as the server asked
      onLost(Math.round(delay / 1000), error);
      await sleep(delay, signal).catch(() => {});
      delay = Math.min(delay * 2, 30000);
    }
  }
}

/**
 * One connection: `onFrames(frames)` for the frames of each read. True when the `end` frame
 * came (with `onRematch` and a finished game: the `rematch` frame after it), false when the
 * connection closed before it. Refusals as every call's (answer): a 429 too_many_streams or a
 * 503 is a ConnectionLost with the server's reason and wait, a 404 or 401 an ApiError.
 * @param {import("./api.js").Api} api the client as the table's seat (or spectator)
 * @param {string} gameId
 * @param {number} after
 * @param {((offer: RematchOffer) => void) | undefined} onRematch
 * @param {(frames: Frame[]) => Promise<void>} onFrames
 * @returns {Promise<boolean>}
 */
async function readStream(api, gameId, after, onRematch, onFrames) {
  const body = await answer(api.GET("/games/{game_id}/stream", {
    params: { path: { game_id: gameId }, query: onRematch ? { after: String(after), rematch: true } : { after: String(after) } },
    headers: { Accept: "application/x-ndjson" }, parseAs: "stream" }));
  if (!body) throw new ConnectionLost("the stream was cut"); // a 200 with nothing in it
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let rest = "";
  for (;;) {
    let read;
    try {
      read = await reader.read();
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      throw new ConnectionLost("the stream was cut");
    }
    if (read.done) return false;
    const lines = (rest + read.value).split("\n");
    rest = lines.pop() ?? "";
    /** @type {Frame[]} */
    const frames = lines.filter((line) => line.trim()).map((line) => JSON.parse(line));
    await onFrames(frames);
    const offer = frames.find((frame) => frame.event === "rematch");
    if (offer && onRematch) onRematch(/** @type {RematchOffer} */ (offer.data));
    const end = frames.find((frame) => frame.event === "end");
    const waits = onRematch && end?.event === "end" && end.data.status === "over"; // the rematch frame follows
    if (offer || (end && !waits)) {
      reader.cancel().catch(() => {});
      return true;
    }
  }
}
