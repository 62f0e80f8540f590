// The page's words for what the API says in its own: every refusal's reason as a sentence, a
// wait the server asked for (Retry-After), a game's name as people write it. The API speaks to
// programs (reasons, paths, backticks); a person at the table reads these instead.
import { displayOf } from "./games/index.js";

/** @typedef {import("./api.js").Reason} Reason */

/**
 * Every reason the server may answer (the spec's enum; `tsc` fails on one missing here, and
 * tests/service/http/test_web_words_e2e.py walks openapi/openapi.json against this page).
 * @type {Record<Reason, string>}
 */
export const REFUSALS = {
  // The request itself
  malformed_json: "The page sent something the server could not read. Reload the page and try again.",
  unsupported_json: "The page sent something the server could not read. Reload the page and try again.",
  bad_request: "The server could not understand the request. Reload the page and try again.",
  validation_error: "Something in the form is not what the server accepts.",
  body_too_large: "That is more than the server accepts at once.",
  uri_too_long: "That address is longer than the server reads.",
  headers_too_large: "The request was too large for the server: clearing this site's data may help.",
  unsupported_media_type: "The page sent something the server could not read. Reload the page and try again.",
  method_not_allowed: "The server does not do that here. Reload the page and try again.",
  not_found: "There is nothing at that address.",
  invalid_event_id: "The page asked for the table's news from a point that does not exist. Reload the page.",
  invalid_if_match: "The page sent a version of the table the server does not understand. Reload the page.",
  // Links, seats and keys
  missing_token: "This page needs a seat's link.",
  bad_token: "This link's seat token is not valid for the game.",
  token_of_another_game: "This link belongs to another game.",
  not_a_player: "The host's link watches the table: only a seat's link plays.",
  host_only: "Only the table's host may do that.",
  not_your_seat: "That is another player's seat.",
  app_key_required: "That seat belongs to a program's app key: this browser cannot play it.",
  seat_of_another_key: "That seat belongs to another app key.",
  missing_app_key: "Starting a table or a match needs an app key: open the link scripts/serve printed (…/#/key/…), or enter the key under “App key” on the start page.",
  bad_app_key: "This browser's app key is not a key of this server: enter a valid one under “App key” on the start page.",
  app_key_revoked: "This app key was revoked: ask the operator for a new one.",
  // Tables and seats
  no_such_game: "There is no game with this id (or it expired after its end).",
  no_such_seat: "The table has no seat of that number.",
  seat_taken: "Someone else took that seat first.",
  no_open_seat: "This table has no open seat left.",
  bad_invite_code: "That code is not this table's invite code.",
  seats_open: "The table waits until every open seat is taken.",
  game_abandoned: "The host ended this game: it takes no more moves.",
  game_not_over: "The game's full record is shown once the game is over.",
  no_rematch: "Nobody asked for a rematch of this game yet.",
  rematch_started: "Every player has joined the rematch: it is under way.",
  resign_not_offered: "This game has no resigning: play it out.",
  // Moves
  stale_version: "Another tab or window moved first.",
  future_version: "The page is ahead of the table: reload it.",
  not_your_turn: "It is not your turn.",
  game_over: "This game has ended.",
  deal_pending: "The deal is over; the next one must be dealt first.",
  no_deal_pending: "The current deal is still being played: there is nothing to deal yet.",
  illegal_move: "That move is against the rules.",
  illegal_call: "That call is not possible with this card now.",
  card_not_in_hand: "That card is not in your hand.",
  malformed_move: "The server did not understand that move.",
  move_of_another_game: "That move belongs to another game.",
  invalid_deal: "That deal is not exactly the game's cards.",
  deck_mismatch: "Those are not the cards this game deals now.",
  idempotency_in_progress: "The same request is still being worked on: wait a moment.",
  idempotency_key_reused: "The page reused a request's number for another request. Reload the page and try again.",
  // Starting tables and matches
  unknown_game: "There is no game of that name.",
  invalid_options: "An option is out of its limits.",
  invalid_seats: "That number of seats does not fit the game.",
  unknown_bot: "There is no bot of that name for this game.",
  retired_bot: "That bot was retired: pick another.",
  no_such_bot: "There is no bot of that name.",
  no_such_match: "There is no match with this id (or it expired after its end).",
  match_done: "The match is over: there is nothing to stop.",
  match_not_over: "This game's record is shown once its whole match is over.",
  too_many_games: "The match asks for more games than this server allows.",
  challenge_required: "The match seats another key's bot: it starts once that bot's owner accepts a challenge.",
  no_challenged_bot: "A challenge needs another key's bot in the match.",
  no_such_challenge: "There is no such challenge (or it expired).",
  challenge_closed: "The challenge was already answered, or it expired.",
  not_your_challenge: "That challenge is not this app key's.",
  invalid_entrants: "A tournament names 3 to 32 bots, each once.",
  no_such_tournament: "There is no such tournament (or it is gone, a week after its end).",
  tournament_closed: "The tournament has started, was declined, or expired.",
  not_your_tournament: "That tournament did not invite this app key's bots.",
  not_your_bot: "That bot belongs to another app key.",
  bot_name_taken: "That bot name is taken.",
  too_many_bots: "This app key has as many bots as it may: retire one first.",
  no_such_webhook: "There is no such webhook for this app key.",
  webhook_url_refused: "The server does not deliver to that address.",
  too_many_webhooks: "This app key has as many webhooks as it may.",
  feed_expired: "The page missed too much news: reload it.",
  // Quotas and rate limits
  quota_live_games: "Too many unfinished games for this app key: finish or end one first.",
  quota_creations: "Too many new games this minute for this app key.",
  quota_match_games: "Too many match games for this app key.",
  rate_limited: "The server asks this browser (or its app key) to slow down.",
  too_many_waits: "This address is watching as many tables as the server allows.",
  too_many_streams: "This address (or the table's app key) has as many live tables open as it may: close a tab.",
  // The server's own troubles
  internal_error: "Something went wrong on the server. Please tell the operator.",
  invalid_state: "The server could not read this game. Please tell the operator.",
  redis_unavailable: "The server cannot reach its game store just now.",
  redis_timeout: "The server's game store did not answer in time.",
  redis_loading: "The server's game store is starting up.",
  redis_read_only: "The server's game store is switching over.",
  redis_out_of_memory: "The server's game store is full.",
  redis_error: "The server's game store refused the request.",
  stream_slots_full: "The server has as many live tables open as it can take.",
  wait_slots_full: "The server is as busy as it can be.",
  no_worker: "No bot is playing just now: the server's bot worker is down.",
  turns_overdue: "The bots are behind: the server's bot worker is slow or stuck.",
};

/**
 * How long a wait is, for a person: "7 seconds", "3 minutes", "5 hours".
 * @param {number} seconds
 */
export function waitWords(seconds) {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 90) return `${s} ${s === 1 ? "second" : "seconds"}`;
  if (s < 90 * 60) return `${Math.round(s / 60)} minutes`;
  return `${Math.round(s / 3600)} hours`;
}

/**
 * A Retry-After header's wait in seconds (it is seconds or an HTTP date), or null.
 * @param {string | null} header
 */
export function retryAfter(header) {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, (at - Date.now()) / 1000);
}

/**
 * A server's text without the API's marks: "the `on_timeout` bot" is "the on timeout bot",
 * "(POST .../deal)" and "GET /api/v1/bots" go.
 * @param {string} text
 */
export function plainWords(text) {
  return text
    .replace(/\s*\((?:with )?(?:GET|POST|PUT|DELETE)\b[^)]*\)/g, "")
    .replace(/,? ?(?:with|from|see) (?:GET|POST|PUT|DELETE) \S+/g, "")
    .replace(/`([^`]*)`/g, (_, name) => name.replaceAll("_", " "))
    .replace(/\s+([.,;:])/g, "$1");
}

/**
 * A game's name as people write it ("Duck Soup" for `ducksoup`): its display's title.
 * @param {string} game
 */
export const gameTitle = (game) => displayOf(game).title;
