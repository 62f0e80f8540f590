"""Outside bots: players named by an app key, whose moves come from its owner's own process.

An app key registers a bot (`POST /api/v1/bots`): a public name, a description and the games
it plays. Its name is the service's for good: unique forever (a retired name is never given
again, so a rating or a match result never changes hands) and never a built-in bot's. The
owner retires it (`DELETE /api/v1/bots/{name}`); revoking the key retires all its bots.

The records live next to the app keys, on the keys' Redis (standalone, never the cluster:
`service.app_keys.init_app`), so registering is one script over every key it checks:

- `dp:bot:<name>`            hash: `owner` (key id), `description`, `games` (comma-separated),
                             `created` (ms), `retired` (ms, 0 while live). Never deleted.
- `dp:bots:live`             sorted set: the live bots' names, scored by `created`
- `dp:appkey:{<id>}:bots`    set: the live bots of one key (its limit, `MAX_LIVE`)

A bot whose key was revoked is retired even if its record says otherwise (a revocation cut off
before it retired the bots, or made by another path): reads check the owner's key.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

import redis

from bots import BOTS
from engine import GAMES
from service.core.errors import ServiceError
from service.storage.keys import BOTS_LIVE_KEY, app_key_record, bot_key, owned_key

JSON = dict[str, Any]


class Owner(Protocol):
    """Who registers or retires a bot: a verified app key (`service.access.app_keys.AppKey`)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


NAME = re.compile(r"^[a-z][a-z0-9_-]{2,31}$")
"""A bot's name: lower case, 3 to 32 characters, no `:` (which picks a built-in bot's level)."""
MAX_LIVE = 20
"""Live bots per app key."""
MAX_DESCRIPTION = 500
STRENGTH = (
    "An outside bot: its owner's program plays it; the service does not measure it (its "
    "rating is on the game's ladder)."
)
"""An outside bot's `strength` in listings (a built-in bot's says what was measured)."""

# KEYS[1] the bot's record, KEYS[2] the live index, KEYS[3] the owner's live set; ARGV[1] the
# name, ARGV[2] the owner, ARGV[3] description, ARGV[4] games, ARGV[5] now (ms), ARGV[6] limit.
# Returns "ok", "taken" (the name was ever used) or "full" (the owner's live bots).
REGISTER_SCRIPT = """
if redis.call("EXISTS", KEYS[1]) == 1 then return "taken" end
if redis.call("SCARD", KEYS[3]) >= tonumber(ARGV[6]) then return "full" end
redis.call("HSET", KEYS[1], "owner", ARGV[2], "description", ARGV[3], "games", ARGV[4],
           "created", ARGV[5], "retired", 0)
redis.call("ZADD", KEYS[2], ARGV[5], ARGV[1])
redis.call("SADD", KEYS[3], ARGV[1])
return "ok"
"""

# KEYS[1] the bot's record, KEYS[2] the live index, KEYS[3] the owner's live set; ARGV[1] the
# name, ARGV[2] now (ms). Retires once: a second call keeps the first time.
RETIRE_SCRIPT = """
if redis.call("HGET", KEYS[1], "retired") == "0" then
  redis.call("HSET", KEYS[1], "retired", ARGV[2])
end
redis.call("ZREM", KEYS[2], ARGV[1])
redis.call("SREM", KEYS[3], ARGV[1])
return 1
"""


@dataclass(frozen=True, slots=True)
class OutsideBot:
    """A registered bot as the service knows it. `owner` is the key id (meta, feeds, checks);
    only `owner_name` is ever shown to other callers."""

    name: str
    owner: str
    owner_name: str
    description: str
    games: tuple[str, ...]
    retired: bool
    created: int
    """When it was registered, ms since the epoch."""

    def to_json(self) -> JSON:
        """Its public form, as `GET /api/v1/bots` lists it next to the built-in bots."""
        return {
            "name": self.name,
            "kind": "outside",
            "owner": self.owner_name,
            "games": list(self.games),
            "description": self.description,
            "strength": STRENGTH,
            "retired": self.retired,
            "created": self.created,
        }


class BotRegistry:
    """Register, read, resolve and retire outside bots; one per process, on the keys' Redis."""

    def __init__(self, client: redis.Redis) -> None:
        self.redis = client
        self._register = client.register_script(REGISTER_SCRIPT)
        self._retire = client.register_script(RETIRE_SCRIPT)

    def register(self, key: Owner, name: str, description: str, games: Sequence[str]) -> JSON:
        """A new bot of `key`: 409 `bot_name_taken` for a name ever used (or a built-in's),
        409 `too_many_bots` past `MAX_LIVE` live bots of the key."""
        if not NAME.match(name) or len(description) > MAX_DESCRIPTION:
            raise ServiceError(
                "validation_error", "a bot's name must match ^[a-z][a-z0-9_-]{2,31}$"
            )
        unknown = sorted(set(games) - set(GAMES))
        if not games or unknown:
            raise ServiceError("unknown_game", f"no game named {', '.join(unknown) or '(none)'}")
        if name in BOTS:
            raise ServiceError(
                "bot_name_taken", f"{name!r} is a built-in bot's name", name=name, yours=False
            )
        now = int(time.time() * 1000)
        played = sorted(set(games))
        outcome = self._register(
            keys=[bot_key(name), BOTS_LIVE_KEY, owned_key(key.id)],
            args=[name, key.id, description, ",".join(played), now, MAX_LIVE],
        )
        if outcome == b"taken":
            held = self.get(name)
            yours = held is not None and held.owner == key.id and not held.retired
            whose = "a live bot of this app key" if yours else "taken"
            raise ServiceError(
                "bot_name_taken",
                f"the name {name!r} is {whose} (names are never given twice, even once retired)",
                name=name,
                yours=yours,
            )
        if outcome == b"full":
            raise ServiceError(
                "too_many_bots",
                f"this app key has {MAX_LIVE} live bots, its limit: retire one first",
                limit=MAX_LIVE,
            )
        return OutsideBot(name, key.id, key.name, description, tuple(played), False, now).to_json()

    def get(self, name: str) -> OutsideBot | None:
        """The bot of this name, retired or not; None when no outside bot has it."""
        if not NAME.match(name):
            return None
        return next(iter(self._read([name])), None)

    def resolve(self, name: str, game: str) -> OutsideBot:
        """The live bot `name` that plays `game`, for a seat: 422 `unknown_bot` when none has
        that name (built-in names included: they are not outside bots) or it does not play
        `game`, 422 `retired_bot` when it was retired or its key revoked."""
        bot = self.get(name)
        if bot is None:
            raise ServiceError("unknown_bot", f"no bot named {name!r}", bot=name)
        if bot.retired:
            raise ServiceError("retired_bot", f"the bot {name!r} is retired", bot=name)
        if game not in bot.games:
            raise ServiceError("unknown_bot", f"the bot {name!r} does not play {game}", bot=name)
        return bot

    def retire(self, name: str, key: Owner) -> JSON:
        """Retire `name` for good (its owner only: 403 `not_your_bot`; 404 `no_such_bot`);
        again is the same answer. Its name stays taken."""
        bot = self.get(name)
        if bot is None:
            raise ServiceError("no_such_bot", f"no bot named {name!r}")
        if bot.owner != key.id:
            raise ServiceError("not_your_bot", f"the bot {name!r} belongs to another app key")
        self._retire_names(key.id, [name])
        retired = self.get(name)
        assert retired is not None, "records are never deleted"
        return retired.to_json()

    def retire_all(self, key_id: str) -> int:
        """Retire every live bot of a key (its revocation); the number retired."""
        names = [m.decode() for m in cast(set[bytes], self.redis.smembers(owned_key(key_id)))]
        self._retire_names(key_id, names)
        return len(names)

    def live(self) -> list[JSON]:
        """Every live outside bot's public form, by name."""
        names = [m.decode() for m in cast(list[bytes], self.redis.zrange(BOTS_LIVE_KEY, 0, -1))]
        return [
            b.to_json() for b in sorted(self._read(names), key=lambda b: b.name) if not b.retired
        ]

    def many(self, names: Sequence[str]) -> list[OutsideBot]:
        """The bots of these names that exist, retired ones too (two round trips)."""
        return self._read([n for n in names if NAME.match(n)])

    def of(self, key_id: str) -> list[OutsideBot]:
        """The live bots of one key, by name."""
        names = sorted(m.decode() for m in cast(set[bytes], self.redis.smembers(owned_key(key_id))))
        return [b for b in self._read(names) if not b.retired]

    # --- storage ----------------------------------------------------------------------------

    def _retire_names(self, key_id: str, names: Iterable[str]) -> None:
        now = int(time.time() * 1000)
        for name in names:
            self._retire(keys=[bot_key(name), BOTS_LIVE_KEY, owned_key(key_id)], args=[name, now])

    def _read(self, names: Sequence[str]) -> list[OutsideBot]:
        """The records of `names` that exist, with their owners' names; a bot whose key was
        revoked (or is gone) reads as retired. Two round trips, whatever the number."""
        with self.redis.pipeline(transaction=False) as pipe:
            for name in names:
                pipe.hgetall(bot_key(name))
            records = cast(list[dict[bytes, bytes]], pipe.execute())
        found = [(n, r) for n, r in zip(names, records, strict=True) if r]
        owners = sorted({r[b"owner"].decode() for _, r in found})
        with self.redis.pipeline(transaction=False) as pipe:
            for owner in owners:
                pipe.hmget(app_key_record(owner), "name", "revoked")
            keys = dict(zip(owners, cast(list[list[bytes | None]], pipe.execute()), strict=True))
        out = []
        for name, raw in found:
            owner = raw[b"owner"].decode()
            owner_name, revoked = keys[owner]
            gone = owner_name is None or int(revoked or b"0") != 0
            out.append(
                OutsideBot(
                    name=name,
                    owner=owner,
                    owner_name=(owner_name or b"").decode(),
                    description=raw.get(b"description", b"").decode(),
                    games=tuple(g for g in raw.get(b"games", b"").decode().split(",") if g),
                    retired=gone or int(raw.get(b"retired", b"0")) != 0,
                    created=int(raw.get(b"created", b"0")),
                )
            )
        return out
