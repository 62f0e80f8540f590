"""Redis key names, written once: what every other module asks for a key by.

A name with a `{...}` hash tag keeps its records on one Redis Cluster shard, so a script
over them is atomic there.
"""

from __future__ import annotations

from service.core.shards import ALPHABET, BUCKETS, TAGS, all_tags, key_bucket, tag

# --- app keys (on the queues' standalone Redis; `service.access.app_keys`) ---------------------

APP_KEYS_INDEX = "dp:appkeys"
"""Set of every app key id."""


def app_key_record(key_id: str) -> str:
    """Hash: `name`, `hash`, `created`, `revoked` and the key's quotas."""
    return f"dp:appkey:{{{key_id}}}"


def app_key_live(key_id: str) -> str:
    """Sorted set: the key's unfinished games (and pending creations), by when added."""
    return f"dp:appkey:{{{key_id}}}:live"


def app_key_minute(key_id: str, minute: int) -> str:
    """Creations in minute `minute` (expires after two minutes)."""
    return f"dp:appkey:{{{key_id}}}:min:{minute}"


def app_key_day(key_id: str, day: int) -> str:
    """Match games started on day `day`, UTC (expires after two days)."""
    return f"dp:appkey:{{{key_id}}}:day:{day}"


# --- an app key's records on game data's Redis (its feed, matches, challenges, webhooks) ------


BOTS_LIVE_KEY = "dp:bots:live"
"""Sorted set: the live outside bots' names, by when registered (`service.access.bot_registry`)."""


def bot_key(name: str) -> str:
    return f"dp:bot:{name}"


def owned_key(key_id: str) -> str:
    return f"dp:appkey:{{{key_id}}}:bots"


def key_tag(key_id: str) -> str:
    """The bucket of an app key's records on game data's Redis (its id is hex)."""
    try:
        value = int(key_id, 16)
    except ValueError:
        value = 0
    return TAGS[ALPHABET[value % BUCKETS]]


def app_key_part(key_id: str, what: str) -> str:
    """One of an app key's records on game data's Redis, in its bucket (`key_tag`)."""
    return f"dp:{{{key_tag(key_id)}}}:appkey:{key_id}:{what}"


# --- RQ job functions (`service.jobs`) ----------------------------------------------------------
# Enqueued by name, so the use cases need not import the entry point that runs them. A name is
# a contract with jobs already queued: rename one only with a shim that keeps the old name.

BOT_TURN_JOB = "service.jobs.bot_turn"
PLAY_MATCH_GAME_JOB = "service.jobs.play_match_game"
ADVANCE_MATCH_JOB = "service.jobs.advance_match"
ADVANCE_TOURNAMENT_JOB = "service.jobs.advance_tournament"
DELIVER_WEBHOOK_JOB = "service.jobs.deliver_webhook"


# --- games (`service.storage.store`) ------------------------------------------------------------

WORKERS_KEY = "dp:workers"
LEASE_KEY = "dp:watchdog:lease"
"""Sorted set on the queues' Redis: `<pool>:<worker name>` -> the ms of its last heartbeat."""
PROBE_KEY = "dp:readyz"
"""The key `/readyz` writes and reads back (`Store.probe`)."""


def changes_channel(bucket_tag: str) -> str:
    """A bucket's shard channel: each accepted change of its games is published there as
    `<id> <version> <status> <seats to act...>` (see `service.streams.waits`)."""
    return f"dp:{{{bucket_tag}}}:changes"


def change_channels() -> list[str]:
    """Every bucket's channel: what a listener subscribes to."""
    return [changes_channel(t) for t in all_tags()]


def outbox_key(bucket_tag: str) -> str:
    """A bucket's outbox of app-key feed entries (`service.storage.store`'s docstring)."""
    return f"dp:{{{bucket_tag}}}:outbox"


def due_key(bucket_tag: str) -> str:
    """A bucket's due-turn index (`service.storage.store`'s docstring)."""
    return f"dp:{{{bucket_tag}}}:bots:due"


def attempts_key(bucket_tag: str) -> str:
    return f"dp:{{{bucket_tag}}}:bots:attempts"


def clocks_key(bucket_tag: str) -> str:
    """A bucket's index of timed human turns, by deadline (`service.storage.store`'s docstring)."""
    return f"dp:{{{bucket_tag}}}:clocks"


def due_key_of(member: str) -> str:
    """The index bucket of a due member `<id>:<seat>:<version>` (its game's bucket)."""
    return due_key(tag(member))


def attempts_key_of(member: str) -> str:
    return attempts_key(tag(member))


def game_key(gid: str) -> str:
    return f"dp:{{{tag(gid)}}}:{gid}:game"


def events_key(gid: str) -> str:
    return f"dp:{{{tag(gid)}}}:{gid}:events"


def actions_key(gid: str) -> str:
    return f"dp:{{{tag(gid)}}}:{gid}:actions"


def idem_key(gid: str) -> str:
    return f"dp:{{{tag(gid)}}}:{gid}:idem"


def create_pointer_key(key_hash: str) -> str:
    """In the bucket the key's hash names, where `service.core.shards.new_id` draws its game."""
    return f"dp:{{{TAGS[key_bucket(key_hash)]}}}:idem:create:{key_hash}"


def game_keys(gid: str) -> list[str]:
    """Every key of one game."""
    return [game_key(gid), events_key(gid), actions_key(gid), idem_key(gid)]


# --- matches (`service.storage.match_store`, `service.matches`) -------------------------------


def match_key(mid: str) -> str:
    return f"dp:{{{tag(mid)}}}:{mid}:match"


def results_key(mid: str) -> str:
    return f"dp:{{{tag(mid)}}}:{mid}:results"


def games_key(mid: str) -> str:
    return f"dp:{{{tag(mid)}}}:{mid}:games"


def seats_key(mid: str) -> str:
    return f"dp:{{{tag(mid)}}}:{mid}:seats"


def key_matches_key(key_id: str) -> str:
    """The outside matches where app key `key_id`'s bots sit, on its feed's bucket."""
    return app_key_part(key_id, "matches")


def ratings_key(game: str) -> str:
    return f"dp:{{ladder:{game}}}:ratings"


def fit_key(game: str) -> str:
    """A ladder's version and spread (`service.matches.ratings`)."""
    return f"dp:{{ladder:{game}}}:fit"


def rated_key(game: str) -> str:
    return f"dp:{{ladder:{game}}}:rated"


def history_key(game: str, bot: str) -> str:
    """A bot's rating after each of its rated games (`service.matches.history`)."""
    return f"dp:{{ladder:{game}}}:history:{bot}"


def h2h_key(game: str, bot: str) -> str:
    """A bot's head-to-head sums against each opponent (`service.matches.history`)."""
    return f"dp:{{ladder:{game}}}:h2h:{bot}"


def keeper_key(what: str) -> str:
    """The anchor keeper's keys (`service.matches.keeper`): `lease`, `next`, `inflight`, one
    hash tag, so its scripts run on one Redis or a Cluster."""
    return f"dp:{{keeper}}:{what}"


def challenge_key(cid: str) -> str:
    return f"dp:{{{tag(cid)}}}:{cid}:challenge"


def challenges_index_key(key_id: str) -> str:
    """The challenges a key made or got, in its feed's bucket (`key_tag`)."""
    return app_key_part(key_id, "challenges")


def tournament_key(tid: str) -> str:
    """A tournament's hash, in its id's bucket (`service.storage.tournament_store`)."""
    return f"dp:{{{tag(tid)}}}:{tid}:tournament"


def tournament_of_key(mid: str) -> str:
    """Which tournament a pairing's match belongs to (its id is in the tournament's bucket)."""
    return f"dp:{{{tag(mid)}}}:{mid}:tournament_of"


def tournaments_index_key(key_id: str) -> str:
    """The tournaments a key made or was invited to, in its feed's bucket (`key_tag`)."""
    return app_key_part(key_id, "tournaments")


# --- streams, feeds and webhooks (`service.streams`) --------------------------------------------

# An app key's feed, in the key's bucket (`key_tag`; `service.streams.feed`):


def feed_key(key_id: str) -> str:
    """Stream: the feed's entries; fields `t` (type) and `d` (the JSON object). Its id
    `<ms>-<seq>` is the entry's number `ms * 1000 + seq`, the SSE `id` clients resume after."""
    return app_key_part(key_id, "feed")


def relayed_key(key_id: str) -> str:
    """Hash: bucket tag -> the last outbox id moved from it; `last` -> the newest entry
    number; `trimmed` -> the newest entry number trimmed away; the relay's notes
    (`service.streams.feed`)."""
    return app_key_part(key_id, "relayed")


HOOKS_NOTE = "hooks"
"""The relayed hash's note of whether the key has webhooks ("1"/"0"), written by the relay
(`RELAY_LUA`); a change of the key's webhooks deletes it, in the same step."""


def news_channel(tag: str) -> str:
    """A bucket's shard channel: `<key id> <newest number>` after each relay into a feed."""
    return f"dp:{{{tag}}}:feednews"


# An app key's webhooks, in the key's bucket (`service.streams.webhooks`):

WEBHOOK_KEYS_INDEX = "dp:webhooks:keys"
"""Set: key ids with endpoints (the recovery loop's)."""


def hooks_key(key_id: str) -> str:
    """Set: the key's webhook endpoint ids."""
    return app_key_part(key_id, "webhooks")


def pending_key(key_id: str) -> str:
    """Sorted set: feed numbers not yet handed to the key's webhook deliveries."""
    return app_key_part(key_id, "webhooks:pending")


def endpoint_key(key_id: str, eid: str) -> str:
    """Hash: one webhook endpoint (`url`, `events`, `secret`, ...)."""
    return app_key_part(key_id, f"webhook:{eid}")


def key_slots_key(key_id: str) -> str:
    """Sorted set: the key's deliveries in flight (job id -> ms their slot expires)."""
    return app_key_part(key_id, "webhooks:inflight")


def endpoint_slots_key(key_id: str, eid: str) -> str:
    """Sorted set: an endpoint's deliveries in flight (job id -> ms their slot expires)."""
    return endpoint_key(key_id, eid) + ":inflight"


def waiting_key(key_id: str, eid: str) -> str:
    """Sorted set: an endpoint's deliveries deferred for want of a slot (job id -> ms)."""
    return endpoint_key(key_id, eid) + ":waiting"


def log_key(key_id: str, eid: str) -> str:
    """Hash: an endpoint's deliveries, webhook-id -> its delivery (JSON)."""
    return endpoint_key(key_id, eid) + ":log"


def order_key(key_id: str, eid: str) -> str:
    """Sorted set: an endpoint's webhook-ids by creation ms."""
    return endpoint_key(key_id, eid) + ":order"


# --- tables: the lobby, invites, rematches (`service.tables`) ----------------------------------


def lobby_key(scope: str, game: str) -> str:
    return f"dp:lobby:{{{scope}}}:{game}"


# --- the arena (`service.matches.arena`) --------------------------------------------------------

ARENA_TAG = TAGS[ALPHABET[0]]
"""The arena's records share one bucket's hash tag, so a script over them (a pairing planned
under the pairer's lease; a pause with its feed entry in that bucket's outbox) is atomic on a
Redis Cluster too."""


def arena_key(what: str) -> str:
    """One of the arena's records: `lease`, `in`, `bot:<name>`, `open`, `pairing:<match id>`,
    `spent:<name>`, `last` (`service.matches.arena`'s docstring)."""
    return f"dp:{{{ARENA_TAG}}}:arena:{what}"
