// The public API, and its failures told the way a person understands them.

const BASE = "/api/v1";

/** Resolves after `ms`, or rejects when `signal` aborts first. */
export const sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** The server refused (4xx/5xx with the service's error payload). */
export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.reason = body?.errors?.reason || "unknown";
    this.errors = body?.errors || {};
  }
}

/** No answer at all (network down, server restarting): worth retrying. */
export class ConnectionLost extends Error {}

/** One request. `token` goes in the Authorization header, never in a URL. */
export async function api(path, { method = "GET", token, body, headers = {}, signal } = {}) {
  const init = { method, headers: { Accept: "application/json", ...headers }, signal, cache: "no-store" };
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(BASE + path, init);
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ConnectionLost("no answer from the server");
  }
  if (response.status === 502 || response.status === 503 || response.status === 504) {
    throw new ConnectionLost(`the server is unavailable (HTTP ${response.status})`);
  }
  if (response.status === 429) {
    // Too many waits (or requests) from this address: back off, as Retry-After asks.
    throw new ConnectionLost("the server asks this address to slow down (HTTP 429)");
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

const KEY_STORE = "duckpond.appKey";

/**
 * The app key this browser creates with (games, matches): the operator's, handed over once by
 * a `#/key/<app key>` link (scripts/serve prints one) or typed in the lobby; kept in
 * localStorage, sent only as an Authorization header on creations, never put in a URL again.
 */
export const appKey = {
  get: () => localStorage.getItem(KEY_STORE) || "",
  set: (key) => localStorage.setItem(KEY_STORE, key.trim()),
  clear: () => localStorage.removeItem(KEY_STORE),
};

/** A creation (`/games`, `/matches`) with this browser's app key. */
export function create(path, body) {
  return api(path, { method: "POST", body, token: appKey.get() || undefined });
}

/**
 * `call()` until it answers, waiting 1, 2, 4 ... 30 s between tries while the connection is
 * lost; `onRetry(seconds)` says so, `onBack()` once it works again. Other errors go through.
 */
export async function retrying(call, { onRetry, onBack, signal } = {}) {
  let delay = 1000;
  let failed = false;
  for (;;) {
    try {
      const answer = await call();
      if (failed) onBack?.();
      return answer;
    } catch (error) {
      if (!(error instanceof ConnectionLost)) throw error;
      failed = true;
      onRetry?.(Math.round(delay / 1000), error);
      await sleep(delay, signal);
      delay = Math.min(delay * 2, 30000);
    }
  }
}

const EXPLAINED = {
  stale_version: "Another tab or window moved first.",
  not_your_turn: "It is not your turn.",
  game_over: "This game has ended.",
  deal_pending: "The deal is over; the next one must be dealt first.",
  no_such_game: "There is no game with this id (or it expired after its end).",
  bad_token: "This link's seat token is not valid for the game.",
  missing_token: "This page needs a seat's link.",
  token_of_another_game: "This link belongs to another game.",
  illegal_move: "That move is against the rules.",
  illegal_call: "That call is not possible with this card now.",
  card_not_in_hand: "That card is not in your hand.",
  malformed_move: "The server did not understand that move.",
  invalid_options: "An option is out of its limits.",
  invalid_seats: "That number of seats does not fit the game.",
  no_such_match: "There is no match with this id.",
  missing_app_key: "Starting a table or a match needs an app key: open the link scripts/serve printed (…/#/key/…), or enter the key under “App key” below.",
  bad_app_key: "This browser's app key is not a key of this server: enter a valid one under “App key” below.",
  app_key_revoked: "This app key was revoked: ask the operator for a new one.",
  quota_live_games: "This app key has as many unfinished games as it may: finish one first.",
  quota_creations: "This app key started as many games as it may this minute: wait a moment.",
  quota_match_games: "This app key may not start that many match games.",
  rate_limited: "Too many requests: wait a moment and try again.",
};

/** "That move is against the rules: seat 1 must follow suit." */
export function explain(error) {
  if (error instanceof ConnectionLost) return "Lost the connection to the server.";
  if (!(error instanceof ApiError)) return `Something went wrong: ${error.message}`;
  const what = EXPLAINED[error.reason];
  const detail = error.message ? error.message.replace(/^./, (c) => c.toUpperCase()) : "";
  if (!what) return detail || `The server refused (HTTP ${error.status}).`;
  return detail && detail.toLowerCase() !== what.toLowerCase().replace(/\.$/, "")
    ? `${what} ${detail}${/[.!?]$/.test(detail) ? "" : "."}`
    : what;
}
