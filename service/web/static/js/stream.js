// A game's event stream (GET /api/v1/games/<id>/stream), read with fetch as NDJSON: an
// EventSource cannot send the Authorization header a seat's token travels in. A cut stream is
// opened again after the last event read (`?after=`), so no event is missed or seen twice.
import { ApiError, ConnectionLost, sleep } from "./api.js";

/**
 * @typedef {{ n: number, version: number, type: string, data: Object, visible_to?: number }} GameEvent
 * @typedef {{ id?: string, event?: string, data: any }} Frame
 */

/**
 * Follow a game's events numbered after `after` until the game ends (resolves) or `signal`
 * aborts. `onEvents(events)` gets the events of each read, awaited before the next;
 * `onLost(seconds)` says the connection is lost (and when it tries again), `onBack()` that it
 * works again. A refusal (404, 401...) rejects with its ApiError.
 * @param {string} gameId
 * @param {{ token?: string, after: number, signal: AbortSignal,
 *   onEvents: (events: GameEvent[]) => Promise<void> | void,
 *   onLost?: (seconds: number) => void, onBack?: () => void }} options
 * @returns {Promise<void>}
 */
export async function followGame(gameId, { token, after, signal, onEvents, onLost, onBack }) {
  let delay = 1000;
  let lost = false;
  while (!signal.aborted) {
    try {
      const ended = await readStream(gameId, token, after, signal, async (frames) => {
        if (lost) {
          lost = false;
          delay = 1000;
          onBack?.();
        }
        const events = frames.filter((f) => f.event === "event").map((f) => f.data);
        if (events.length) {
          after = events[events.length - 1].n;
          await onEvents(events);
        }
      });
      if (ended) return;
      // Closed without its end (the server restarted, or the stream's time was up): resume.
    } catch (error) {
      if (signal.aborted || error?.name === "AbortError") return;
      if (!(error instanceof ConnectionLost)) throw error;
      lost = true;
      onLost?.(Math.round(delay / 1000));
      await sleep(delay, signal).catch(() => {});
      delay = Math.min(delay * 2, 30000);
    }
  }
}

/**
 * One connection: `onFrames(frames)` for the frames of each read. True when the `end` frame
 * came, false when the connection closed before it.
 * @param {string} gameId
 * @param {string | undefined} token
 * @param {number} after
 * @param {AbortSignal} signal
 * @param {(frames: Frame[]) => Promise<void>} onFrames
 * @returns {Promise<boolean>}
 */
async function readStream(gameId, token, after, signal, onFrames) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/x-ndjson" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(`/api/v1/games/${gameId}/stream?after=${after}`, { headers, signal, cache: "no-store" });
  } catch (error) {
    if (error?.name === "AbortError") throw error;
    throw new ConnectionLost("no answer from the server");
  }
  if ([429, 502, 503, 504].includes(response.status)) throw new ConnectionLost(`HTTP ${response.status}`);
  if (!response.ok || !response.body) throw new ApiError(response.status, await response.json().catch(() => null));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let rest = "";
  for (;;) {
    let read;
    try {
      read = await reader.read();
    } catch (error) {
      if (error?.name === "AbortError") throw error;
      throw new ConnectionLost("the stream was cut");
    }
    if (read.done) return false;
    const lines = (rest + read.value).split("\n");
    rest = lines.pop() ?? "";
    const frames = lines.filter((line) => line.trim()).map((line) => JSON.parse(line));
    await onFrames(frames);
    if (frames.some((f) => f.event === "end")) {
      reader.cancel().catch(() => {});
      return true;
    }
  }
}
