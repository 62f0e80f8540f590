"""Redis key names, written once: what every other module asks for a key by.

A name with a `{...}` hash tag keeps its records on one Redis Cluster shard, so a script
over them is atomic there.
"""

from __future__ import annotations

from service.core.shards import ALPHABET, BUCKETS, TAGS

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
DELIVER_WEBHOOK_JOB = "service.jobs.deliver_webhook"


# --- games (`service.storage.store`) ------------------------------------------------------------


# --- matches (`service.storage.match_store`, `service.matches`) -------------------------------


# --- streams, feeds and webhooks (`service.streams`) --------------------------------------------


# --- tables: the lobby, invites, rematches (`service.tables`) ----------------------------------
