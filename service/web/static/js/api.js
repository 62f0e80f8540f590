// The public API, and its failures told the way a person understands them.
//
// Every request and answer is typed from the spec: types/openapi.d.ts is generated from
// openapi/openapi.json (scripts/openapi.py) and `tsc` checks this client against it in CI
// (tests/service/test_web_types.py), so a path, a parameter or a field the API does not have
// fails the build, not the page.

export const BASE = "/api/v1";

/** @typedef {import("../../types/openapi").paths} Paths */
/** @typedef {import("../../types/openapi").components["schemas"]} Schemas */

// The answers the page reads, by the spec's schema names (`import("./api.js").GameOut`).
/** @typedef {Schemas["GameOut"]} GameOut a game as its caller may see it */
/** @typedef {Schemas["ScoreOut"]} ScoreOut */
/** @typedef {Schemas["CatalogGameOut"]} CatalogGame */
/** @typedef {Schemas["BotOut"]} Bot */
/** @typedef {Schemas["MatchOut"]} MatchOut */
/** @typedef {Schemas["ResultsOut"]} MatchResults */
/** @typedef {Schemas["BotResultOut"]} BotResult */
/** @typedef {Schemas["EstimateOut"]} Estimate */
/** @typedef {Schemas["LadderEntryOut"]} LadderEntry */
/** @typedef {Schemas["ErrorOut"]} ErrorOut */
/** @typedef {ErrorOut["errors"]["reason"]} Reason every reason code the server may answer */

// What the games share, told apart by `game` (views) and `type` (moves, events).
/** @typedef {GameOut["view"]} View one of the four games' views */
/** @typedef {Extract<View, {game: G}>} ViewOf @template {View["game"]} G */
/** @typedef {NonNullable<View["legal_moves"]>[number]} Move a legal move of any game */
/** @typedef {Schemas["EventsOut"]["events"][number]} GameEvent an event of any game */
/** @typedef {Extract<GameEvent, {type: T}>} EventOf @template {GameEvent["type"]} T */
/** @typedef {ScoreOut["deals"][number]} DealRecord a scored deal of any game */

// --- the spec's operations, as this client calls them ------------------------------------

/**
 * A spec path as the client writes it, under BASE: "/games/{game_id}/moves".
 * @typedef {keyof Paths extends infer K ? K extends `${typeof BASE}${infer P}` ? P : never : never} ApiPath
 */
/** @typedef {Paths[`${typeof BASE}${P}`]} PathItem @template {ApiPath} P */
/**
 * The methods the spec has at a path.
 * @typedef {{[M in "get" | "post"]: PathItem<P>[M] extends undefined ? never : M}["get" | "post"]} Method
 * @template {ApiPath} P
 */
/**
 * The spec's operation at a path and method.
 * @typedef {NonNullable<PathItem<P>[M]>} Operation
 * @template {ApiPath} P
 * @template {Method<P>} M
 */
/**
 * What an operation answers on success (its 2xx JSON body).
 * @typedef {Op extends {responses: infer R}
 *   ? R[keyof R & (200 | 201 | 202)] extends {content: {"application/json": infer B}} ? B : never
 *   : never} Answer
 * @template Op
 */
/**
 * How a call names an operation's inputs: `params` fills the path's `{names}`, `query` and
 * `headers` are the spec's parameters of those places, `body` its JSON request body; `params`
 * and `body` are required where the spec requires them, and refused where it has none.
 * @typedef {{
 *   method?: M,
 *   query?: Operation<P, M>["parameters"]["query"] | undefined,
 *   headers?: Omit<NonNullable<Operation<P, M>["parameters"]["header"]>, "Authorization">,
 *   token?: string | undefined,
 *   signal?: AbortSignal | undefined,
 * } & ParamsOf<Operation<P, M>> & BodyOf<Operation<P, M>>} Call
 * @template {ApiPath} P
 * @template {Method<P>} M
 */
/**
 * @typedef {Op extends {parameters: {path: infer T}} ? {params: T} : {params?: undefined}} ParamsOf
 * @template Op
 */
/**
 * @typedef {Op extends {requestBody: {content: {"application/json": infer B}}} ? {body: B}
 *   : OptionalBody<NonNullable<Op extends {requestBody?: infer R} ? R : never>>} BodyOf
 * @template Op
 */
/**
 * @typedef {[R] extends [never] ? {body?: undefined}
 *   : R extends {content: {"application/json": infer B}} ? {body?: B} : {body?: undefined}} OptionalBody
 * @template R
 */

/**
 * Resolves after `ms`, or rejects when `signal` aborts first.
 * @param {number} ms
 * @param {AbortSignal} [signal]
 * @returns {Promise<void>}
 */
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
  /**
   * @param {number} status
   * @param {ErrorOut | null} body null when the answer was not JSON
   */
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    /** @type {Reason | "unknown"} */
    this.reason = body?.errors?.reason || "unknown";
  }
}

/** No answer at all (network down, server restarting): worth retrying. */
export class ConnectionLost extends Error {}

/**
 * One request to the spec's operation at `path` (under BASE) and `method` (default "get"),
 * answered as the spec says. `token` goes in the Authorization header, never in a URL.
 * @template {ApiPath} P
 * @template {Method<P>} [M=Extract<Method<P>, "get">]
 * @param {P} path
 * @param {Call<P, M>} call
 * @returns {Promise<Answer<Operation<P, M>>>}
 */
export async function api(path, { method, params, query, token, body, headers, signal }) {
  /** @type {Record<string, string>} */
  const sent = { Accept: "application/json", ...headers };
  if (token) sent.Authorization = `Bearer ${token}`;
  /** @type {RequestInit} */
  const init = { method: (method ?? "get").toUpperCase(), headers: sent, signal: signal ?? null, cache: "no-store" };
  if (body !== undefined) {
    sent["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(BASE + url(path, params, query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ConnectionLost("no answer from the server");
  }
  if (response.status === 502 || response.status === 503 || response.status === 504) {
    throw new ConnectionLost(`the server is unavailable (HTTP ${response.status})`);
  }
  if (response.status === 429) {
    // Too many waits (or requests) from this address: back off, as Retry-After asks.
    throw new ConnectionLost("the server asks this address to slow down (HTTP 429)");
  }
  // Here the answer is taken to be what the spec says it is (the service's contract tests hold
  // the server to the spec); a body that is not JSON at all is null.
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

/**
 * "/games/{game_id}/events" with {game_id: "g1"} and {after: 3}: "/games/g1/events?after=3".
 * @param {string} path
 * @param {Record<string, string> | undefined} params
 * @param {Record<string, string | number | boolean | undefined> | undefined} query
 */
export function url(path, params, query) {
  const filled = path.replace(/\{(\w+)\}/g, (_, name) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path} needs ${name}`);
    return encodeURIComponent(value);
  });
  const pairs = Object.entries(query ?? {}).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]);
  return pairs.length ? `${filled}?${new URLSearchParams(pairs)}` : filled;
}

const KEY_STORE = "duckpond.appKey";

/**
 * The app key this browser creates with (games, matches): the operator's, handed over once by
 * a `#/key/<app key>` link (scripts/serve prints one) or typed in the lobby; kept in
 * localStorage, sent only as an Authorization header on creations, never put in a URL again.
 */
export const appKey = {
  /** The key (a creation's `token`), if this browser has one. */
  get: () => localStorage.getItem(KEY_STORE) || undefined,
  set: (/** @type {string} */ key) => localStorage.setItem(KEY_STORE, key.trim()),
  clear: () => localStorage.removeItem(KEY_STORE),
};

/**
 * `call()` until it answers, waiting 1, 2, 4 ... 30 s between tries while the connection is
 * lost; `onRetry(seconds)` says so, `onBack()` once it works again. Other errors go through.
 * @template T
 * @param {() => Promise<T>} call
 * @param {{onRetry?: (seconds: number, error: ConnectionLost) => void, onBack?: () => void, signal?: AbortSignal}} [how]
 * @returns {Promise<T>}
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

/** @type {Partial<Record<Reason, string>>} */
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
  seat_taken: "Someone else took that seat first.",
  no_open_seat: "This table has no open seat left.",
  bad_invite_code: "That code is not this table's invite code.",
  seats_open: "The table waits until every open seat is taken.",
  no_rematch: "Nobody asked for a rematch of this game yet.",
  rematch_started: "Every player has joined the rematch: it is under way.",
};

/**
 * "That move is against the rules: seat 1 must follow suit."
 * @param {unknown} error anything a page's code threw
 */
export function explain(error) {
  if (error instanceof ConnectionLost) return "Lost the connection to the server.";
  if (!(error instanceof ApiError)) return `Something went wrong: ${error instanceof Error ? error.message : error}`;
  const what = error.reason === "unknown" ? undefined : EXPLAINED[error.reason];
  const detail = error.message ? error.message.replace(/^./, (c) => c.toUpperCase()) : "";
  if (!what) return detail || `The server refused (HTTP ${error.status}).`;
  return detail && detail.toLowerCase() !== what.toLowerCase().replace(/\.$/, "")
    ? `${what} ${detail}${/[.!?]$/.test(detail) ? "" : "."}`
    : what;
}
