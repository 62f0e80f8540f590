// The public API, and its failures told the way a person understands them.
//
// Every request and answer is typed from the spec: types/openapi.d.ts is generated from
// openapi/openapi.json (scripts/openapi.py), the requests go through openapi-fetch's client
// typed by its `paths` (vendored as ../vendor/openapi-fetch.js: nothing here is built), and
// `tsc` checks the page against them in CI (tests/service/http/test_web_types.py), so a path, a
// parameter, a body's field or an answer's field the API does not have fails the build, not
// the page. What the wrappers add is only what the spec cannot say: the credential, the
// refusals as errors in the page's words, and which failures a retry may cure.
import createClient from "../vendor/openapi-fetch.js";
import { REFUSALS, plainWords, retryAfter, waitWords } from "./words.js";

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
 * The spec's paths as the client writes them, under BASE: "/games/{game_id}/moves" is the
 * spec's "/api/v1/games/{game_id}/moves". openapi-fetch types each call by them.
 * @typedef {{[K in keyof Paths as K extends `${typeof BASE}${infer P}` ? P : never]:
 *   Paths[K]}} ApiPaths
 */
/** @typedef {import("../vendor/openapi-fetch.js").Client<ApiPaths>} Client openapi-fetch's client of the spec */
/**
 * The typed client as the page calls it: openapi-fetch's own, with each call's options (its
 * `params`, `body`, `parseAs`...) typed by the operation alone. openapi-fetch's methods infer
 * the options' type from the call itself, so a query parameter or an optional body field the
 * spec does not have (renamed there) would pass unseen; here tsc refuses it, field by field.
 * @typedef {{GET: Method<"get">, POST: Method<"post">}} Api
 */
/**
 * A method of the Api: a call answered in JSON (its `data` the 2xx body), or with
 * `parseAs: "stream"` the answer's body as it comes (a game's stream).
 * @typedef {{
 *   <P extends PathOf<M>>(path: P, ...init: InitOf<ApiPaths[P][M]>):
 *     Promise<import("../vendor/openapi-fetch.js").FetchResponse<Operation<P, M>, {}, Media>>,
 *   <P extends PathOf<M>>(path: P, init: Options<ApiPaths[P][M]> & {parseAs: "stream"}):
 *     Promise<import("../vendor/openapi-fetch.js").FetchResponse<Operation<P, M>, {parseAs: "stream"}, Media>>,
 * }} Method
 * @template {"get" | "post"} M
 */
/**
 * @typedef {import("../vendor/openapi-fetch.js").ClientPathsWithMethod<Client, M>} PathOf
 * @template {"get" | "post"} M
 */
/** @typedef {`${string}/${string}`} Media */
/**
 * @typedef {import("../vendor/openapi-fetch.js").FetchOptions<Op>} Options
 * @template Op
 */
/**
 * @typedef {Options<Op> & {parseAs?: "json"}} Json
 * @template Op
 */
/**
 * The options argument of a call answered in JSON, optional when the operation needs none.
 * @typedef {{} extends Options<Op> ? [init?: Json<Op>] : [init: Json<Op>]} InitOf
 * @template Op
 */
/**
 * The spec's operation at a path and method.
 * @typedef {NonNullable<ApiPaths[P][M]>} Operation
 * @template {keyof ApiPaths} P
 * @template {"get" | "post"} M
 */
/**
 * An operation's JSON request body.
 * @typedef {Op extends {requestBody?: {content: {"application/json": infer B}}} ? B : never} Body
 * @template Op
 */
// A call's params and body are written as literals in the call, so that tsc checks each of
// their fields against the spec's (an object made beforehand need only share one field).

/**
 * What a call of the typed client resolves to: the answer (`data`) or the refusal (`error`).
 * @typedef {{data?: D, error?: unknown, response: Response}} Fetched
 * @template D
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
   * @param {number | null} [wait] seconds the server asked to wait (Retry-After)
   */
  constructor(status, body, wait = null) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    /** @type {Reason | "unknown"} */
    this.reason = body?.errors?.reason || "unknown";
    this.retryAfter = wait;
    /** With `validation_error`: the messages by location and field. */
    this.fields = body?.errors?.fields ?? null;
  }
}

/**
 * No answer, or an answer that says "not now" (a 502-504, a rate limit): worth retrying.
 * `refusal` is the server's answer when there was one, its reason and its wait.
 */
export class ConnectionLost extends Error {
  /**
   * @param {string} message
   * @param {ApiError} [refusal]
   */
  constructor(message, refusal) {
    super(message);
    this.refusal = refusal;
  }
}

/** 429s that pass by themselves (a retry later works); a quota's 429 is the key's limit. */
/** @type {Set<string>} */
const PASSING = new Set(["rate_limited", "too_many_waits", "too_many_streams"]);

/**
 * fetch() itself failed (no answer: offline, the server down, a cut connection): worth
 * retrying. An abort is the caller's own doing and goes through as it is.
 * @type {import("../vendor/openapi-fetch.js").Middleware}
 */
const noAnswer = {
  onError: ({ error }) => (error instanceof DOMException && error.name === "AbortError" ? undefined : new ConnectionLost("no answer from the server")),
};

/**
 * The API as one caller: `token` (a seat's, the host's, an app key) in the Authorization
 * header of each request, never in a URL; `signal` aborts them all (a page left).
 * @param {string | undefined} [token]
 * @param {AbortSignal} [signal]
 * @returns {Api}
 */
export function apiAs(token, signal) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  /** @type {import("../vendor/openapi-fetch.js").ClientOptions} */
  const options = { baseUrl: BASE, headers, cache: "no-store" };
  if (signal) options.signal = signal;
  /** @type {Client} */
  const client = createClient(options);
  client.use(noAnswer);
  return client;
}

/** The API with no credential (the catalog, a game's public view, a join link). */
export const api = apiAs();

/**
 * A call's answer, or what went wrong thrown: an ApiError with the refusal's reason (words.js
 * says it) and Retry-After, or ConnectionLost for what a retry may cure (a 502-504, a 429 that
 * passes by itself, no answer at all).
 * @template D
 * @param {Promise<Fetched<D>>} call the typed client's call: `answer(api.GET("/catalog"))`
 * @returns {Promise<D>}
 */
export async function answer(call) {
  const { data, error, response } = await call;
  if (response.ok) return /** @type {D} */ (data);
  // Here a refusal is taken to be what the spec says it is (the service's contract tests hold
  // the server to the spec); a body that is not JSON at all is null.
  const body = error && typeof error === "object" ? /** @type {ErrorOut} */ (error) : null;
  const refusal = new ApiError(response.status, body, retryAfter(response.headers.get("Retry-After")));
  if ([502, 503, 504].includes(response.status)) {
    throw new ConnectionLost(`the server is unavailable (HTTP ${response.status})`, body ? refusal : undefined);
  }
  if (response.status === 429 && (refusal.reason === "unknown" || PASSING.has(refusal.reason))) {
    // Too many waits (or requests, or streams) from this address: back off, as Retry-After asks.
    throw new ConnectionLost("the server asks this address to slow down (HTTP 429)", refusal);
  }
  throw refusal;
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
      // A server that said how long to wait (Retry-After) is not asked again sooner.
      delay = Math.max(delay, (error.refusal?.retryAfter ?? 0) * 1000);
      onRetry?.(Math.round(delay / 1000), error);
      await sleep(delay, signal);
      delay = Math.min(delay * 2, 30000);
    }
  }
}

/**
 * A schema refusal's fields as words: {json: {games: ["Must be at least 1."]}} is
 * "games: must be at least 1".
 * @param {Record<string, unknown>} fields
 */
function fieldWords(fields) {
  /** @type {string[]} */
  const said = [];
  /** @param {unknown} value @param {string[]} path */
  const walk = (value, path) => {
    if (typeof value === "string") said.push(`${path.join(" ")}: ${value.replace(/^./, (c) => c.toLowerCase()).replace(/\.$/, "")}`);
    else if (Array.isArray(value)) value.forEach((v) => walk(v, path));
    else if (value && typeof value === "object") Object.entries(value).forEach(([k, v]) => walk(v, [...path, k.replaceAll("_", " ")]));
  };
  Object.values(fields).forEach((v) => walk(v, [])); // "json", "query": where, not what
  return plainWords(said.join("; "));
}

/**
 * "That move is against the rules. Seat 1 must follow suit." A refusal in the page's words
 * (words.js), the server's own message after it, and the wait it asked for.
 * @param {unknown} error anything a page's code threw
 * @param {{wait?: boolean}} [how] `wait: false` leaves the wait out (a retry loop says its own)
 * @returns {string}
 */
export function explain(error, { wait: withWait = true } = {}) {
  if (error instanceof ConnectionLost) return error.refusal ? explain(error.refusal, { wait: withWait }) : "Lost the connection to the server.";
  if (!(error instanceof ApiError)) return `Something went wrong: ${error instanceof Error ? error.message : error}`;
  const what = error.reason === "unknown" ? undefined : REFUSALS[error.reason];
  // A 5xx's message is for programs (retry with the same Idempotency-Key): the words say it.
  const said = error.message && error.status < 500 && error.message !== `HTTP ${error.status}` ? plainWords(error.message) : "";
  // A schema's refusal names its fields (the message itself is a generic one).
  const detail = (error.fields ? fieldWords(error.fields) : said).replace(/^./, (c) => c.toUpperCase());
  const wait = withWait && error.retryAfter ? ` Try again in ${waitWords(error.retryAfter)}.` : "";
  if (!what) return (detail || `The server refused (HTTP ${error.status}).`) + wait;
  const both = detail && detail.toLowerCase() !== what.toLowerCase().replace(/\.$/, "")
    ? `${what} ${detail}${/[.!?]$/.test(detail) ? "" : "."}`
    : what;
  return both + wait;
}
