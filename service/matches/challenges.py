"""Challenges: a match that seats another app key's bot waits for that key's consent, as a
game on Lichess waits for the challenged player.

App key A posts a match body naming at least one bot of another key (`POST
/api/v1/challenges`); every key whose bot it names hears of it on its feed (`challenge`) and
accepts or declines. When the last one accepts, the match is created for A
(`Matches.create(..., accepted=True)`, with the match id and host token made with the
challenge, so a retry never makes a second one) and A hears `challenge_answered`. A decline
(or the expiry, `expires_seconds` after creation, seen by the first read or answer after it)
closes it with no match. The match's games count against A's quotas from the challenge's
creation; a declined or expired challenge gives them back.

Secrets: the challenge holds the match's host token as its sha256 only (A got the token once);
no answer or feed entry about a challenge carries a token or the match's seed (the service
draws the seed at acceptance: a challenger who chose it would choose every deal). Each key's
bots get their seat tokens from the match, on their own key's feed, bound to that key
(`service.games.callers.bound_to`).

Keys, on game data's Redis (one Redis or the cluster):

- `dp:{t}:<id>:challenge`            hash, in the challenge id's bucket: `from` (A's key id),
                                     `from_name`, `to` (JSON list of challenged key ids),
                                     `names` (JSON key id -> key name), `body` (the match body
                                     JSON), `match_id`, `host` (sha256 of the host token),
                                     `created`, `expires` (ms), `status`, `answer:<key id>`
                                     (`accept` | `decline`), `reason` (why a match could not be
                                     made after every acceptance). Kept `KEEP_SECONDS` past its
                                     expiry.
- `dp:{t}:outbox`                    the bucket's outbox (`service.streams.feed`): the `challenge`
and
                                     `challenge_answered` entries, written by the same scripts
                                     as the changes they tell.
- `dp:{k}:appkey:<id>:challenges`    sorted set in the key's feed bucket: the challenges the key
                                     made or got, scored by their creation (ms); pruned when
                                     listed (a record gone, or older than any record lives).
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from typing import Any, cast

from bots import BOTS, parse_bot
from bots.match import MatchError, MatchSpec, check
from engine import GAMES
from service.access.app_keys import AppKey, AppKeys
from service.access.bot_registry import BotRegistry
from service.core.codec import dumps_sorted, whole_numbers
from service.core.errors import ServiceError, status_of
from service.core.shards import DataClient, new_id, tag
from service.games import idempotency
from service.games.bodies import Answer
from service.games.callers import new_token, sha256
from service.matches.matches import Matches
from service.storage.keys import (
    challenge_key,
    challenges_index_key,
    create_pointer_key,
    outbox_key,
)
from service.storage.store import claim_pointer, pointer_held, release_pointer, valid_id
from service.streams.feed_relay import Feed

JSON = dict[str, Any]

CREATED, ACCEPTED, DECLINED, EXPIRED = "created", "accepted", "declined", "expired"
EXPIRES_SECONDS = (60, 86400)
DEFAULT_EXPIRES = 3600
KEEP_SECONDS = 86400
"""How long a challenge stays readable after its expiry (then it is gone: 404)."""
LISTED = 100
"""The most challenges `GET /api/v1/challenges` answers, newest first."""
BODY_FIELDS = ("game", "bots", "games", "options", "move_seconds", "concurrency")
"""The match body fields a challenge carries and shows (never a seed: the module docstring)."""

# KEYS[1] the challenge; KEYS[2] its bucket's outbox; KEYS[3] its Idempotency-Key's pointer
# (`service.storage.store.create_pointer_key`, in the same bucket), or KEYS[1] again without a key.
# ARGV[1] when the record goes (ms); ARGV[2] the sealed first answer ("" without a key);
# ARGV[3] the pointer's TTL (s); ARGV[4] the challenge id; ARGV[5] n, then n field/value
# pairs; then per challenged key: its id, its `challenge` entry. Returns 1, or 0 when the id
# is taken.
CREATE_SCRIPT = """
if redis.call("EXISTS", KEYS[1]) == 1 then return 0 end
local n = tonumber(ARGV[5])
local fields = {}
for i = 1, 2 * n do fields[i] = ARGV[5 + i] end
redis.call("HSET", KEYS[1], unpack(fields))
redis.call("PEXPIREAT", KEYS[1], tonumber(ARGV[1]))
if ARGV[2] ~= "" then
  redis.call("HSET", KEYS[1], "sealed", ARGV[2])
  redis.call("SET", KEYS[3], ARGV[4], "EX", tonumber(ARGV[3]))
end
local i = 6 + 2 * n
while i < #ARGV do
  redis.call("XADD", KEYS[2], "*", "k", ARGV[i], "t1", "challenge", "d1", ARGV[i + 1])
  i = i + 2
end
return 1
"""

# An answer of key ARGV[1] at ARGV[2] (ms): ARGV[3] `accept`, `decline` or `look` (a read,
# ARGV[1] "": it only expires the challenge). KEYS[1] the challenge, KEYS[2] its outbox;
# ARGV[4] / ARGV[5] the challenger's `challenge_answered` entry when this call declines /
# expires it. Returns {status, 1 when this call closed it}: `complete` when every challenged
# key has accepted and the match is still to be made (`Challenges._finish`: such a challenge
# neither expires nor takes a decline), `not_yours` when ARGV[1] is not challenged, `missing`.
ANSWER_SCRIPT = """
if redis.call("EXISTS", KEYS[1]) == 0 then return {"missing", 0} end
local status = redis.call("HGET", KEYS[1], "status")
if status ~= "created" then return {status, 0} end
local mine, others = false, true
for _, k in ipairs(cjson.decode(redis.call("HGET", KEYS[1], "to"))) do
  if k == ARGV[1] then
    mine = true
  elseif redis.call("HGET", KEYS[1], "answer:" .. k) ~= "accept" then
    others = false
  end
end
if ARGV[3] ~= "look" and not mine then return {"not_yours", 0} end
local accepted = mine and redis.call("HGET", KEYS[1], "answer:" .. ARGV[1]) == "accept"
if others and (accepted or not mine) then return {"complete", 0} end
local from = redis.call("HGET", KEYS[1], "from")
if tonumber(ARGV[2]) >= tonumber(redis.call("HGET", KEYS[1], "expires")) then
  redis.call("HSET", KEYS[1], "status", "expired")
  redis.call("XADD", KEYS[2], "*", "k", from, "t1", "challenge_answered", "d1", ARGV[5])
  return {"expired", 1}
end
if ARGV[3] == "decline" then
  redis.call("HSET", KEYS[1], "answer:" .. ARGV[1], "decline", "status", "declined")
  redis.call("XADD", KEYS[2], "*", "k", from, "t1", "challenge_answered", "d1", ARGV[4])
  return {"declined", 1}
end
if ARGV[3] == "accept" then
  redis.call("HSET", KEYS[1], "answer:" .. ARGV[1], "accept")
  if others then return {"complete", 0} end
end
return {"created", 0}
"""

# Close a challenge whose every key accepted: KEYS[1] the challenge, KEYS[2] the outbox;
# ARGV[1] the status (`accepted`, or `declined` when the match could not be made), ARGV[2]
# the challenger's `challenge_answered` entry, ARGV[3] the reason ("" for none).
# Returns 1 when this call closed it, 0 when it was closed before (or is gone).
FINISH_SCRIPT = """
if redis.call("HGET", KEYS[1], "status") ~= "created" then return 0 end
redis.call("HSET", KEYS[1], "status", ARGV[1])
if ARGV[3] ~= "" then redis.call("HSET", KEYS[1], "reason", ARGV[3]) end
local from = redis.call("HGET", KEYS[1], "from")
redis.call("XADD", KEYS[2], "*", "k", from, "t1", "challenge_answered", "d1", ARGV[2])
return 1
"""


def now_ms() -> int:
    return int(time.time() * 1000)


class Challenges:
    """Create, list, read and answer challenges; one per process (`service.wiring`)."""

    def __init__(
        self,
        client: DataClient,
        matches: Matches,
        registry: BotRegistry,
        keys: AppKeys,
        feed: Feed | None = None,
    ) -> None:
        self.redis = client
        self.matches = matches
        self.registry = registry
        self.keys = keys
        self.feed = feed
        self._create = client.register_script(CREATE_SCRIPT)
        self._answer = client.register_script(ANSWER_SCRIPT)
        self._finish_script = client.register_script(FINISH_SCRIPT)

    # --- creating -----------------------------------------------------------------------

    def create(
        self,
        key: AppKey,
        request: Mapping[str, Any],
        idempotency_key: str | None = None,
        scope: str = "",
    ) -> Answer:
        """A new challenge from `key` (a match body plus `expires_seconds`): the answer holds
        the match's host token, once. 422 when the body names no other key's bot (a match of
        one's own bots needs no challenge) or could not be played; the quotas of match games
        are the API's (`service.api.challenges`). With an Idempotency-Key (the caller's own,
        `scope` as for games and matches) a retry gets the first answer back, token
        included, and no second challenge."""
        body = {f: request[f] for f in BODY_FIELDS if request.get(f) is not None}
        body.setdefault("options", {})
        expires_in = int(request.get("expires_seconds") or DEFAULT_EXPIRES)
        if not EXPIRES_SECONDS[0] <= expires_in <= EXPIRES_SECONDS[1]:
            raise ServiceError("validation_error", f"expires_seconds must be in {EXPIRES_SECONDS}")
        names = self._challenged(key, body)
        fp = idempotency.fingerprint("challenge", dict(request))
        key_hash = "" if idempotency_key is None else self._key_hash(idempotency_key, scope)
        cid, mid = new_id(key_hash), new_id()  # the challenge in its key's bucket, if any
        reservation = self.matches.reservation_ttl
        if key_hash:
            held = claim_pointer(self.redis, key_hash, cid, reservation)
            if held != cid:
                prior = self.redis.hget(challenge_key(held), "sealed")
                text = None if prior is None else cast(bytes, prior).decode()
                first = idempotency.first_creation(text, str(idempotency_key), fp, reservation)
                return Answer(first, replayed=True)
        try:
            return Answer(self._write(key, body, names, expires_in, cid, mid, key_hash, fp,
                                      idempotency_key))  # fmt: skip
        except BaseException:
            if key_hash:
                release_pointer(self.redis, key_hash, cid)
            raise

    def is_retry(self, idempotency_key: str | None, scope: str = "") -> bool:
        """Whether a creation with this key (of this caller) was made or is under way: its
        retry is answered from the first, and counts against no quota."""
        if idempotency_key is None:
            return False
        return pointer_held(self.redis, self._key_hash(idempotency_key, scope))

    @staticmethod
    def _key_hash(idempotency_key: str, scope: str) -> str:
        return idempotency.create_key_hash(idempotency_key, scope, kind="challenge")

    def _write(
        self,
        key: AppKey,
        body: JSON,
        names: Mapping[str, str],
        expires_in: int,
        cid: str,
        mid: str,
        key_hash: str,
        fp: str,
        idempotency_key: str | None,
    ) -> JSON:
        """Store the challenge and tell each challenged key, in one script; its answer."""
        created = now_ms()
        expires = created + expires_in * 1000
        host = new_token(mid)
        record: JSON = {
            "from": key.id,
            "from_name": key.name,
            "to": json.dumps(sorted(names)),
            "names": json.dumps({key.id: key.name, **names}),
            "body": json.dumps(body),
            "match_id": mid,
            "host": sha256(host),
            "created": created,
            "expires": expires,
            "status": CREATED,
        }
        out = {**self._body(cid, record, key.id), "host_token": host}
        sealed = ""
        if idempotency_key is not None:
            sealed = idempotency.seal(idempotency_key, json.dumps({"fp": fp, "body": out}))
        entry = {
            "type": "challenge",
            "challenge_id": cid,
            "from": key.name,
            "expires": expires,
            **{f: body[f] for f in ("game", "bots", "games")},
        }
        pairs: list[Any] = [item for field in record.items() for item in field]
        told: list[Any] = [item for k in sorted(names) for item in (k, dumps_sorted(entry))]
        gone = expires + KEEP_SECONDS * 1000
        pointer = create_pointer_key(key_hash) if key_hash else challenge_key(cid)
        made = self._create(
            keys=[challenge_key(cid), outbox_key(tag(cid)), pointer],
            args=[gone, sealed, self.matches.idempotency_ttl, cid, len(record), *pairs, *told],
        )
        if not int(cast(int, made)):  # a 72-bit random id taken: vanishingly rare, never silent
            raise ServiceError("idempotency_in_progress", "could not allocate an id; retry")
        for key_id in [key.id, *names]:
            self.redis.zadd(challenges_index_key(key_id), {cid: created})
        self._tell(cid)
        return out

    def _challenged(self, key: AppKey, body: Mapping[str, Any]) -> dict[str, str]:
        """The keys whose bots the body names, other than `key` (id -> name), once the body
        is known to make a match: 422 otherwise (an unknown or retired bot, a bad seat count,
        no other key's bot)."""
        game = str(body["game"])
        if game not in GAMES:
            raise ServiceError("unknown_game", f"no game is named {game!r}; see the catalog")
        outside = [b for b in dict.fromkeys(body["bots"]) if parse_bot(str(b))[0] not in BOTS]
        found = [self.registry.resolve(str(name), game) for name in outside]
        spec = MatchSpec(
            game=game,
            bots=tuple(body["bots"]),
            games=int(body["games"]),
            seed="",  # drawn at acceptance
            options=whole_numbers(dict(body.get("options") or {})),
        )
        try:
            check(spec, outside)  # an engine SetupError (seats, options) passes through as 422
        except MatchError as exc:
            raise ServiceError(exc.reason, exc.message) from exc
        if spec.games > self.matches.max_games:
            raise ServiceError(
                "too_many_games",
                f"a match may have at most {self.matches.max_games} games, not {spec.games}",
                maximum=self.matches.max_games,
            )
        names = {bot.owner: bot.owner_name for bot in found if bot.owner != key.id}
        if not names:
            raise ServiceError(
                "no_challenged_bot",
                "a challenge seats another app key's bot; a match of your own and built-in "
                "bots needs none: POST /api/v1/matches",
            )
        return names

    # --- reading ------------------------------------------------------------------------

    def get(self, cid: str, key: AppKey) -> JSON:
        """The challenge as `key` (its challenger or a challenged key) sees it; others 403."""
        raw = self._load(cid)
        if key.id != raw["from"] and key.id not in json.loads(raw["to"]):
            raise ServiceError("not_your_challenge", "this challenge is not your app key's")
        return self._settled(cid, raw, key.id)

    def list(self, key: AppKey) -> JSON:
        """The key's challenges, made and got, newest first (at most `LISTED`)."""
        index = challenges_index_key(key.id)
        oldest = now_ms() - (EXPIRES_SECONDS[1] + KEEP_SECONDS) * 1000  # every record is gone
        self.redis.zremrangebyscore(index, "-inf", oldest)
        ids = [m.decode() for m in cast(list[bytes], self.redis.zrevrange(index, 0, LISTED - 1))]
        with self.redis.pipeline(transaction=False) as pipe:
            for cid in ids:
                pipe.hgetall(challenge_key(cid))
            records = cast(list[dict[bytes, bytes]], pipe.execute())
        gone = [cid for cid, fields in zip(ids, records, strict=True) if not fields]
        if gone:
            self.redis.zrem(index, *gone)
        return {
            "challenges": [
                self._settled(cid, _decoded(fields), key.id)
                for cid, fields in zip(ids, records, strict=True)
                if fields
            ]
        }

    def _settled(self, cid: str, raw: Mapping[str, Any], viewer: str) -> JSON:
        """The challenge's body once its expiry (or a match left to make) is seen to: a
        script runs only for an open challenge past its expiry or answered by every key."""
        to = json.loads(raw["to"])
        if raw["status"] == CREATED and (
            now_ms() >= int(raw["expires"]) or all(raw.get(f"answer:{k}") == "accept" for k in to)
        ):
            status, _ = self._step(cid, raw, "", "look")
            if status == "complete":
                self._finish(cid, raw)
            raw = self._load(cid)
        return self._body(cid, raw, viewer)

    # --- answering ----------------------------------------------------------------------

    def answer(self, cid: str, key: AppKey, *, accept: bool) -> JSON:
        """Accept or decline as a challenged key (others 403). Answering again as before is
        the same answer; answering a closed challenge otherwise is 409 `challenge_closed`.
        The last acceptance makes the match."""
        raw = self._load(cid)
        if key.id not in json.loads(raw["to"]):
            raise ServiceError(
                "not_your_challenge", "only a challenged app key may accept or decline"
            )
        status, _ = self._step(cid, raw, key.id, "accept" if accept else "decline")
        if status == "complete":  # this acceptance was the last: its answer tells the outcome
            self._finish(cid, raw)
            return self._body(cid, self._load(cid), key.id)
        now = self._load(cid)
        fine = (CREATED, ACCEPTED) if accept else (DECLINED,)
        if now["status"] not in fine or (not accept and now.get(f"answer:{key.id}") != "decline"):
            raise ServiceError(
                "challenge_closed",
                f"the challenge is {now['status']}: it takes no more answers",
                challenge_status=now["status"],
            )
        return self._body(cid, now, key.id)

    def _step(self, cid: str, raw: Mapping[str, Any], key_id: str, what: str) -> tuple[str, int]:
        """Run `ANSWER_SCRIPT`; a call that closes the challenge gives A's games back."""
        declined = self._answered(cid, raw, DECLINED, by=raw["names_map"].get(key_id))
        expired = self._answered(cid, raw, EXPIRED)
        reply = cast(
            list[bytes],
            self._answer(
                keys=[challenge_key(cid), outbox_key(tag(cid))],
                args=[key_id, now_ms(), what, declined, expired],
            ),
        )
        status, closed = reply[0].decode(), int(reply[1])
        if status == "missing":
            raise ServiceError("no_such_challenge", f"no challenge {cid!r}")
        if status == "not_yours":
            raise ServiceError(
                "not_your_challenge", "only a challenged app key may accept or decline"
            )
        if closed:
            self._refund(raw)
            self._tell(cid)
        return status, closed

    def _finish(self, cid: str, raw: Mapping[str, Any]) -> None:
        """Every challenged key accepted: make the match (again after a crash: the match id
        is the challenge's, so it is made once), then close the challenge as accepted. A
        match the service refuses now (a bot retired meanwhile, the challenger's key
        revoked) closes it as declined, with that reason, and gives A's games back."""
        body = json.loads(raw["body"])
        try:
            challenger = self.keys.of(raw["from"]) if self.keys.required else None
            if self.keys.required and challenger is None:
                raise ServiceError("app_key_revoked", "the challenger's app key is gone")
            self.matches.create(
                body,
                owner=raw["from"],
                accepted=True,
                mid=raw["match_id"],
                host_hash=raw["host"],
                live_games=challenger.quotas["live_games"] if challenger else None,
            )
        except ServiceError as exc:
            if status_of(exc.reason) >= 500:
                raise
            entry = self._answered(cid, raw, DECLINED, reason=exc.reason)
            if self._close(cid, DECLINED, entry, exc.reason):
                self._refund(raw)
            return
        self._close(cid, ACCEPTED, self._answered(cid, raw, ACCEPTED), "")

    def _close(self, cid: str, status: str, entry: str, reason: str) -> bool:
        closed = self._finish_script(
            keys=[challenge_key(cid), outbox_key(tag(cid))], args=[status, entry, reason]
        )
        self._tell(cid)
        return bool(int(cast(int, closed)))

    def _refund(self, raw: Mapping[str, Any]) -> None:
        """A challenge closed without a match gives its games back to the challenger."""
        if self.keys.required:
            games = int(json.loads(raw["body"])["games"])
            self.keys.refund_match(AppKey(str(raw["from"]), "", {}), games)

    # --- records and bodies -------------------------------------------------------------

    def _read(self, cid: str) -> JSON | None:
        if not valid_id(cid):
            return None
        fields = cast(dict[bytes, bytes], self.redis.hgetall(challenge_key(cid)))
        return _decoded(fields) if fields else None

    def _load(self, cid: str) -> JSON:
        raw = self._read(cid)
        if raw is None:
            raise ServiceError("no_such_challenge", f"no challenge {cid!r}")
        return raw

    def _answered(
        self, cid: str, raw: Mapping[str, Any], status: str, *, by: str | None = None,
        reason: str = "",
    ) -> str:  # fmt: skip
        """The challenger's `challenge_answered` entry for this outcome."""
        entry: JSON = {
            "type": "challenge_answered",
            "challenge_id": cid,
            "status": status,
            "match_id": raw["match_id"],
        }
        if by is not None:
            entry["by"] = by
        if reason:
            entry["reason"] = reason
        return dumps_sorted(entry).decode()

    @staticmethod
    def _body(cid: str, raw: Mapping[str, Any], viewer: str) -> JSON:
        """What the challenger and the challenged keys see: never a token, never a key id."""
        names = raw["names_map"] if "names_map" in raw else json.loads(raw["names"])
        to = json.loads(raw["to"])
        body = json.loads(raw["body"])
        out: JSON = {
            "id": cid,
            "status": raw["status"],
            "role": "challenger" if viewer == raw["from"] else "challenged",
            "match_id": raw["match_id"],
            "from": raw["from_name"],
            "to": [names[k] for k in to],
            "answers": [
                {"key": names[k], "answer": _answer_word(raw.get(f"answer:{k}"))} for k in to
            ],
            **body,
            "created": int(raw["created"]),
            "expires": int(raw["expires"]),
        }
        if raw.get("reason"):
            out["reason"] = raw["reason"]
        return out

    def _tell(self, cid: str) -> None:
        """Relay the feed entries a script just wrote to the challenge's bucket's outbox."""
        if self.feed is not None:
            self.feed.relay_head(tag(cid))


def _decoded(fields: Mapping[bytes, bytes]) -> JSON:
    """A challenge's record as stored, its names decoded once (`names_map`)."""
    raw: JSON = {k.decode(): v.decode() for k, v in fields.items()}
    raw["names_map"] = json.loads(raw["names"])
    return raw


def _answer_word(answer: str | None) -> str | None:
    return {"accept": ACCEPTED, "decline": DECLINED}.get(answer or "")
