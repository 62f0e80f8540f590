"""The driver of outside matches: a match that seats bots playing from outside the service
(registered by an app key: `service.access.bot_registry`) is played as real service games.

Game i of the match, rotation r, is one game (`Tables.create`), dealt from
`bots.match.game_seed(seed, i)` with the match's options, created under the Idempotency-Key
`{mid}.{i}.{r}` in the scope `match:{mid}`, so a driver that runs twice creates it once. Its
built-in bots sit as bot seats; each outside bot sits as a human seat bound to its owner's app
key (`bound`), on a turn clock of `move_seconds` (no reserve), whose move, when it does not come
in time, the random bot plays (`on_timeout`); after 3 timeouts in a row the seat is away and
the random bot plays it at once until the bot moves again (`service.games.clocks`).

Each bound seat is told to its owner: a `match_seat` feed entry (with its token, useless
without the owner's app key) written to the match's bucket's outbox in the same script that
notes the game (`MatchStore.add_game`, HSETNX: told once), and kept in the match's seats hash
for `GET /api/v1/feed/seats` until the game is recorded.

`advance` is the one step, run by an RQ job on the live bot queue (`service.jobs.advance_match`)
when the match is created, when one of its games ends (`Tables.match_game_ended`) and when it
is read: it records every index whose rotations are all over (`MatchStore.record`, HSETNX: once),
then creates the next games (k = index * rotations + rotation, in order) while fewer than
`concurrency` are live. Two drivers at once agree: game k is created under its own key (the
second gets the first's answer), noted with HSETNX, and each counts the live games among all
games before the k it creates, so no more than `concurrency` are ever live.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rq import Queue, Retry
from rq.exceptions import DuplicateJobError

from bots import parse_bot
from bots.match import MatchSpec, game_seed, rotation_record, rotations
from engine.record import load as load_game
from service.core.codec import dumps_sorted, loads
from service.core.errors import ServiceError
from service.core.shards import tag
from service.games.bodies import ABANDONED, OVER
from service.games.callers import HOST
from service.games.clocks import Seating
from service.storage.keys import ADVANCE_MATCH_JOB, game_key
from service.storage.match_store import CANCELLED, MatchStore
from service.streams.feed_relay import Feed
from service.tables.tables import Tables

log = logging.getLogger("duckpond.match_games")

JSON = dict[str, Any]
JOB_TIMEOUT = 600
STAND_IN = "random"
"""The bot that plays an outside seat's move that did not come in time."""
AWAY_AFTER = 3
MOVE_SECONDS = (1, 600)
CONCURRENCY = (1, 64)
DEFAULT_MOVE_SECONDS = 10
DEFAULT_CONCURRENCY = 16
ENDED = (OVER.encode(), ABANDONED.encode())


@dataclass(frozen=True, slots=True)
class Outside:
    """What an outside match adds to its spec: who plays its outside bots, and how."""

    bots: Mapping[str, Mapping[str, str]]
    """Outside bot name -> {"owner": key id, "owner_name": key name}."""
    move_seconds: int
    concurrency: int
    rated: bool = True
    """False when its creator chose the seed: an author who knows the seed knows every deal
    its own bot will play, so such a match reaches no ladder (`Matches._rate`)."""

    def to_json(self) -> JSON:
        return {
            "bots": {name: dict(who) for name, who in self.bots.items()},
            "move_seconds": self.move_seconds,
            "concurrency": self.concurrency,
            "rated": self.rated,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outside:
        return cls(
            bots={str(k): dict(v) for k, v in data["bots"].items()},
            move_seconds=int(data["move_seconds"]),
            concurrency=int(data["concurrency"]),
            rated=bool(data.get("rated", True)),
        )

    def owners(self) -> list[str]:
        return list(dict.fromkeys(str(who["owner"]) for who in self.bots.values()))


def game_options(spec: MatchSpec, outside: Outside) -> JSON:
    """The options of each real game: the match's, dealt automatically, on the match's clock."""
    return {
        **spec.options,
        "auto_deal": True,
        "turn_seconds": outside.move_seconds,
        "reserve_seconds": 0,
        "on_timeout": STAND_IN,
        "away_after": AWAY_AFTER,
    }


def seat_field(key_id: str, gid: str, seat: int) -> str:
    return f"{key_id}:{gid}:{seat}"


class MatchGames:
    """Creates, watches and records the real games of outside matches; one per process."""

    def __init__(
        self,
        store: MatchStore,
        tables: Tables,
        queue: Queue,
        *,
        finished_ttl: int,
        feed: Feed | None = None,
        rate: Callable[[str, MatchSpec, int, JSON | None], None] | None = None,
    ) -> None:
        self.store = store
        self.tables = tables
        self.queue = queue
        self.finished_ttl = finished_ttl
        self.feed = feed
        self.rate = rate
        """Rates a recorded game (`Matches._rate`: the ladders), its record or the stored one."""
        self.finished: Callable[[str], None] | None = None
        """Told a match's id when its last game is recorded (tournaments: `service.wiring`)."""

    # --- triggers -------------------------------------------------------------------------

    def later(self, mid: str, why: str) -> None:
        """Have a job advance match `mid`. `why` makes the job id: one per game that ended
        (`end_<gid>`), so an end during a running step is never dropped as a duplicate; the
        creation's (`start`) and the reads' (`read`: many reads, one job queued)."""
        with contextlib.suppress(DuplicateJobError):
            self.queue.enqueue_call(
                ADVANCE_MATCH_JOB,
                args=(mid,),
                job_id=f"match_{mid}_{why}",
                unique=True,
                timeout=JOB_TIMEOUT,
                result_ttl=0,
                failure_ttl=24 * 3600,
                retry=Retry(max=3),  # at once: no scheduler needed (reads retry too)
            )

    def game_ended(self, mid: str, gid: str) -> None:
        self.later(mid, f"end_{gid}")

    # --- the step -------------------------------------------------------------------------

    def advance(self, mid: str) -> str:
        """Record what ended, create what is due; returns what happened."""
        raw = self.store.load(mid)
        if raw is None or b"outside" not in raw:
            return "missing"
        if b"cancelled" in raw:
            self.abandon_live(mid)
            return "cancelled"
        if self.store.start(mid) == CANCELLED:
            return "cancelled"
        spec = MatchSpec.from_json(json.loads(raw[b"spec"]))
        outside = Outside.from_json(json.loads(raw[b"outside"]))
        creator = raw.get(b"app_key", b"").decode() or None
        rots = rotations(spec.bots)
        per = len(rots)
        created = self.store.games(mid)
        recorded = self.store.recorded(mid)
        open_games = {k: gid for k, gid in created.items() if k // per not in recorded}
        status = self._statuses(list(open_games.values()))
        wrote = 0
        for index in sorted({k // per for k in open_games}):
            ks = [index * per + r for r in range(per)]
            if all(status.get(created.get(k, "")) == OVER.encode() for k in ks):
                wrote += self._record(mid, spec, index, [created[k] for k in ks], rots)
        live = sum(1 for gid in open_games.values() if status.get(gid) not in (*ENDED, None))
        total = spec.games * per
        made = 0
        for k in range(len(created), min(total, len(created) + outside.concurrency - live)):
            if not self._create(mid, spec, outside, creator, k, rots):
                break  # another driver is creating it: that one carries on
            made += 1
        return f"recorded {wrote}, created {made}"

    def _statuses(self, gids: list[str]) -> dict[str, bytes | None]:
        if not gids:
            return {}
        with self.tables.store.redis.pipeline(transaction=False) as pipe:
            for gid in gids:
                pipe.hget(game_key(gid), "status")
            return dict(zip(gids, pipe.execute(), strict=True))

    def _create(
        self,
        mid: str,
        spec: MatchSpec,
        outside: Outside,
        creator: str | None,
        k: int,
        rots: list[tuple[str, ...]],
    ) -> bool:
        """Create real game k (or get it back, when created before) and note it; False when
        another driver holds its creation right now."""
        index, rotation = divmod(k, len(rots))
        assignment = rots[rotation]
        seats: list[JSON] = []
        bound: dict[int, str] = {}
        for seat, bot in enumerate(assignment):
            if bot in outside.bots:
                seats.append({})
                bound[seat] = str(outside.bots[bot]["owner"])
            else:
                name, level = parse_bot(bot)
                seats.append({"bot": name} if level is None else {"bot": name, "level": level})
        request = {
            "game": spec.game,
            "seats": seats,
            "seed": game_seed(spec.seed, index),
            "options": game_options(spec, outside),
        }
        try:
            answer = self.tables.create(
                request,
                f"{mid}.{index}.{rotation}",
                scope=f"match:{mid}",
                owner=creator,
                bound=bound,
                match={"id": mid, "index": index, "rotation": rotation},
            )
        except ServiceError as exc:
            if exc.reason == "idempotency_in_progress":
                return False
            raise
        gid = str(answer.body["id"])
        tokens = {s["seat"]: s.get("token") for s in answer.body["seats"]}
        told = []
        for seat, key_id in bound.items():
            entry = {
                "type": "match_seat",
                "match_id": mid,
                "game_id": gid,
                "seat": seat,
                "bot": assignment[seat],
                "index": index,
                "rotation": rotation,
                "token": tokens[seat],
                "game": spec.game,
            }
            told.append((key_id, seat_field(key_id, gid, seat), dumps_sorted(entry).decode()))
        if self.store.add_game(mid, k, gid, told) == "ok" and told and self.feed is not None:
            self.feed.relay_head(tag(mid))
        if self.store.is_cancelled(mid):  # cancelled while this step ran: no game outlives it
            self.abandon_live(mid)
            return False
        return True

    def _record(
        self, mid: str, spec: MatchSpec, index: int, gids: list[str], rots: list[tuple[str, ...]]
    ) -> int:
        """Record match game `index` from its finished real games, once; 1 when this wrote it."""
        rotations_out = []
        forget = []
        for assignment, gid in zip(rots, gids, strict=True):
            stored = self.tables.store.load(gid)
            if stored is None:
                return 0
            game = load_game(stored.state)
            moves = sum(1 for a in self.tables.store.actions(gid) if "move" in a)
            seating = Seating.of(stored.state, stored.meta)
            rot = rotation_record(game, assignment, moves)
            rot["timeouts"] = [s.stood_in for s in seating.seats]
            rot["game_id"] = gid
            rotations_out.append(rot)
            forget += [
                seat_field(str(key_id), gid, int(seat))
                for seat, key_id in (stored.meta.get("bound") or {}).items()
            ]
        record = {"index": index, "seed": game_seed(spec.seed, index), "rotations": rotations_out}
        outcome, done, told = self.store.record(mid, index, record, self.finished_ttl, spec.games)
        if told and self.feed is not None:
            self.feed.relay_head(tag(mid))
        self.store.forget_seats(mid, forget)
        if done >= spec.games:
            self.store.expire_games(mid, self.finished_ttl)
            if self.finished is not None:
                self.finished(mid)
        if self.rate is not None and outcome in ("recorded", "duplicate"):
            # A duplicate: another step recorded it first, and may have died before rating it.
            self.rate(mid, spec, index, record if outcome == "recorded" else None)
        if outcome != "recorded":
            return 0
        if done >= spec.games:
            log.info("match %s done", mid)
        return 1

    # --- cancel and the seats -----------------------------------------------------------

    def abandon_live(self, mid: str) -> int:
        """Abandon every live game of a cancelled match (its host's power, the driver's);
        returns how many. Again: none (they are abandoned)."""
        created = self.store.games(mid)
        status = self._statuses(list(created.values()))
        ended = 0
        for gid, st in status.items():
            if st is None or st in ENDED:
                continue
            with contextlib.suppress(ServiceError):  # a race with its last move: over anyway
                self.tables.abandon(gid, HOST)
                ended += 1
        self.store.expire_games(mid, self.finished_ttl)
        return ended

    def seats(self, key_id: str) -> list[JSON]:
        """Every seat app key `key_id` plays in the live games of outside matches, as its
        `match_seat` entries told them (token included). Matches that ended leave its index."""
        out: list[JSON] = []
        gone = []
        prefix = f"{key_id}:"
        for mid in self.store.seat_matches(key_id):
            raw = self.store.load(mid)
            if raw is None or b"cancelled" in raw or b"summary" in raw:
                gone.append(mid)
                continue
            mine = [loads(v) for f, v in self.store.seats(mid).items() if f.startswith(prefix)]
            status = self._statuses(list(dict.fromkeys(str(e["game_id"]) for e in mine)))
            out += [e for e in mine if status.get(str(e["game_id"])) not in (*ENDED, None)]
        self.store.seat_matches_drop(key_id, gone)
        out.sort(key=lambda e: (e["match_id"], e["index"], e["rotation"], e["seat"]))
        return out
