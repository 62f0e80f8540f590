"""Bot turns: how a due turn is named, recorded and handed to the RQ workers.

A change that leaves bot seats to act records those turns as due in the same compare-and-set
that stores it (`service.storage.store`), and one job per turn is enqueued: by that same script
where the queues are on game data's Redis (`BotTurns.commands`), else right after it. Both the
record and the job are named here, once: the due member `<id>:<seat>:<version>` (in the game's
hash and the watchdog's index) and the job id `bot_<id>_<seat>_<version>[_r<attempt>]`. A job
that runs twice, or after the game moved on, moves nothing: it submits its move expecting
`version`.

A timed human turn is recorded with its deadline in the clock index (`service.games.clocks`), under
the same member name; once due, the watchdog enqueues it as a bot turn (`service.watchdog`).

Three queues, three worker pools (`service.worker`): the turns of live tables (a human is
seated) go to the live queue, those of bot-only games to the bulk queue with the match games,
so no batch of bot-only games or match can delay a human's opponent; and at a live table the
turns of a bot that thinks (the search bot, hundreds of ms a turn) go to the think queue, so
one table's think never holds a worker that another table's quick bot turn waits for.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import threading
from collections.abc import Iterator, Mapping, Sequence
from types import FrameType
from typing import Any

import redis
from rq import Queue, Retry
from rq.exceptions import DuplicateJobError

from bots import BOTS
from service.games.clocks import stand_in
from service.storage.keys import BOT_TURN_JOB
from service.storage.store import valid_id

log = logging.getLogger("duckpond.bot_turns")


JOB_PREFIX = "bot_"
"""How every bot turn's job id starts (and no other job's): the worker's one-script start of a
job (`service.worker.TurnWorker`) looks for it."""


def job_id(gid: str, seat: int, version: int, attempt: int = 0) -> str:
    """Only [A-Za-z0-9_-], as RQ requires; game ids are token_urlsafe, of that alphabet too.
    Attempt n > 0 (a watchdog re-enqueue) gets the suffix `_r<n>`."""
    base = f"{JOB_PREFIX}{gid}_{seat}_{version}"
    return f"{base}_r{attempt}" if attempt else base


def due_member(gid: str, seat: int, version: int) -> str:
    """A due turn as the compare-and-set records it."""
    return f"{gid}:{seat}:{version}"


def due_turns(
    gid: str, seats: Sequence[int], version: int, timers: Sequence[tuple[int, int]] = ()
) -> tuple[str, ...]:
    """The due members of `seats` at `version`, as one change records them, and the timed
    human turns `timers` ((seat, deadline in ms): due then, in the clock index)."""
    due = [due_member(gid, seat, version) for seat in seats]
    return (*due, *(f"{due_member(gid, seat, version)}@{at}" for seat, at in timers))


def parse_due_member(member: str) -> tuple[str, int, int] | None:
    """(game id, seat, version) of a due turn, or None for a malformed member."""
    gid, _, rest = member.partition(":")
    seat, _, version = rest.partition(":")
    if not valid_id(gid) or not seat.isdigit() or not version.isdigit():
        return None
    return gid, int(seat), int(version)


JOB_TIMEOUT = 30
"""Seconds a bot-turn job may run before RQ stops it; a policy is stopped long before (the
think limit, `service.jobs`), so this only catches a wedged job."""


def live(meta: Mapping[str, Any]) -> bool:
    """A live table has a human seat: its bot turns go to the live (or think) queue."""
    return any(seat.get("bot") is None for seat in meta["seats"])


def pool_of(meta: Mapping[str, Any], seat: int) -> str:
    """The pool that plays `seat`'s turns: `bulk` in a bot-only game; at a live table `think`
    for a bot with levels (it thinks for its level's time), else `live`. A human seat's turns
    that a bot plays (timed out, or away) are its `on_timeout` bot's (`service.games.clocks`)."""
    if not live(meta):
        return "bulk"
    bot = BOTS.get(str(meta["seats"][seat].get("bot") or stand_in(meta)[0]))
    return "think" if bot is not None and bot.levels else "live"


class BotTurns:
    """Enqueues due bot turns on the live, think or bulk queue; one per process."""

    def __init__(self, queue: Queue, bulk: Queue | None = None, think: Queue | None = None) -> None:
        self.queue = queue
        self.bulk = bulk if bulk is not None else queue
        self.think = think if think is not None else queue

    def queue_for(self, pool: str) -> Queue:
        return {"live": self.queue, "bulk": self.bulk, "think": self.think}[pool]

    def schedule(
        self, gid: str, seats: Sequence[int], version: int, meta: Mapping[str, Any]
    ) -> None:
        """Enqueue the turns that a write just recorded as due, each on its seat's pool's
        queue. The job id is deterministic, so a second enqueue of the same turn is refused
        by RQ (`unique=True`)."""
        for seat in seats:
            self.enqueue(gid, seat, version, pool=pool_of(meta, seat))

    def enqueue(
        self, gid: str, seat: int, version: int, attempt: int = 0, *, pool: str = "live"
    ) -> bool:
        """Enqueue one bot turn; False when that job id already exists or Redis failed."""
        try:
            self.queue_for(pool).enqueue_call(
                BOT_TURN_JOB,
                args=(gid, seat, version),
                unique=True,
                **job_options(job_id(gid, seat, version, attempt)),
            )
        except DuplicateJobError:
            return False
        except redis.RedisError:
            # The turn is recorded as due with the move: the watchdog enqueues it later.
            log.exception("game %s: could not enqueue the bot turn of seat %d", gid, seat)
            return False
        return True

    def commands(
        self, gid: str, seats: Sequence[int], version: int, meta: Mapping[str, Any]
    ) -> tuple[tuple[Any, ...], ...]:
        """RQ's own commands that enqueue these turns' jobs, each on its seat's pool's queue,
        as `Queue.enqueue_many` writes them into a pipeline (here one never sent), for the
        change's compare-and-set to run once it wins (`service.storage.cas.Write.jobs`):
        the move and its bot turns' jobs are one write, with no round trip of their own, and
        a change that loses its race enqueues nothing. Only where the queues are on game
        data's Redis (`service.tables.commit.Commit`); the job ids are `schedule`'s."""
        batches: dict[str, tuple[Queue, list[Any]]] = {}
        for seat in seats:
            queue = self.queue_for(pool_of(meta, seat))
            data = Queue.prepare_data(
                BOT_TURN_JOB, args=(gid, seat, version), **job_options(job_id(gid, seat, version))
            )
            batches.setdefault(queue.name, (queue, []))[1].append(data)
        pipe = self.queue.connection.pipeline(transaction=False)
        try:
            for queue, datas in batches.values():
                queue.enqueue_many(datas, pipeline=pipe)
            return tuple(args for args, _ in pipe.command_stack)
        finally:
            pipe.reset()


def job_options(jid: str) -> dict[str, Any]:
    """A bot turn's job options, the same however it is enqueued."""
    return {
        "job_id": jid,
        "timeout": JOB_TIMEOUT,
        # Nobody reads a turn's result (the game is the record): nothing is kept, and the
        # worker deletes the finished job in its one last round trip (`service.worker`).
        "result_ttl": 0,
        "failure_ttl": FAILURE_TTL,
        "retry": RETRY,
        "description": jid,  # the id says it all (RQ's default is the call, built per job)
    }


FAILURE_TTL = 24 * 3600
"""Seconds a failed bot turn's job stays in RQ's failed registry, for an operator to read."""
RETRY = Retry(max=3)


class ThinkLimitExceeded(Exception):
    """A bot policy thought longer than its limit (`think_limit`)."""


@contextlib.contextmanager
def think_limit(ms: int) -> Iterator[None]:
    """Stop the code inside after `ms` of CPU time, raising ThinkLimitExceeded in it.

    Why CPU time (ITIMER_PROF, SIGPROF): a runaway policy burns CPU, and RQ's job timeout
    already owns the wall clock (SIGALRM). Signals reach only the main thread, where a worker
    runs its jobs; elsewhere (or with `ms` <= 0) there is no limit."""
    if ms <= 0 or threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        raise ThinkLimitExceeded(f"over {ms} ms of CPU")

    previous = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, ms / 1000)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
