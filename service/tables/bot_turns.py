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
import zlib
from collections.abc import Iterator, Mapping, Sequence
from types import FrameType
from typing import Any

import redis
from rq import Queue, Retry
from rq.exceptions import DuplicateJobError
from rq.job import Job
from rq.utils import now as now_utc
from rq.utils import utcformat

from bots import BOTS
from service.games.clocks import stand_in
from service.storage.cas import pack_commands
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
        self._templates: dict[str, EnqueueTemplate | RQWay] = {}

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
    ) -> bytes:
        """RQ's own commands that enqueue these turns' jobs, each on its seat's pool's queue,
        as `Queue.enqueue_many` writes them into a pipeline (here one never sent), packed
        for the change's compare-and-set to run once it wins (`service.storage.cas.Write.jobs`):
        the move and its bot turns' jobs are one write, with no round trip of their own, and
        a change that loses its race enqueues nothing. Only where the queues are on game
        data's Redis (`service.tables.commit.Commit`); the job ids are `schedule`'s. Filled
        in from each queue's `EnqueueTemplate` (RQ's commands for a stand-in turn)."""
        batches: dict[str, tuple[Queue, list[int]]] = {}
        for seat in seats:
            queue = self.queue_for(pool_of(meta, seat))
            batches.setdefault(queue.name, (queue, []))[1].append(seat)
        commands: list[tuple[Any, ...]] = []
        for queue, batch in batches.values():
            template = self._templates.get(queue.name)
            if template is None:
                template = self._templates[queue.name] = EnqueueTemplate.of(queue)
            commands += template.fill(gid, batch, version)
        return pack_commands(commands)


def rq_commands(queue: Queue, turns: Sequence[tuple[str, int, int]]) -> list[tuple[Any, ...]]:
    """RQ's own commands that enqueue the jobs of `turns` (game id, seat, version) on
    `queue`, as `Queue.enqueue_many` writes them into a pipeline never sent."""
    datas = [
        Queue.prepare_data(BOT_TURN_JOB, args=turn, **job_options(job_id(*turn))) for turn in turns
    ]
    pipe = queue.connection.pipeline(transaction=False)
    try:
        queue.enqueue_many(datas, pipeline=pipe)
        return [args for args, _ in pipe.command_stack]
    finally:
        pipe.reset()


TIMES = ("created_at", "enqueued_at")
"""The fields of RQ's job record that hold a time of the enqueue."""


class EnqueueTemplate:
    """RQ's commands that enqueue a bot turn's job on one queue, made by RQ once for a
    stand-in turn and filled in for each turn: a turn's job differs from another's only in
    its id (and key), its data (the call's arguments) and its times. RQ builds a Job, its
    record and its serialised call for every enqueue (about 50 us a turn); filling in the
    template costs a few us. Made by `of`, which checks it against RQ's own commands for a
    second stand-in turn: should an RQ release make a job differ in anything else, `of`
    returns RQ's own way (`RQWay`) instead, and logs it."""

    STAND_INS = (("TemplateGameA", 1, 1), ("TemplateGameB", 2, 22))

    def __init__(self, queue: Queue, commands: Sequence[tuple[Any, ...]]) -> None:
        self.queue = queue
        gid, seat, version = self.STAND_INS[0]
        jid = job_id(gid, seat, version)
        stand_in = {Job.key_for(jid): "key", jid: "id", self.data(gid, seat, version): "data"}
        self.head = commands[0]  # SADD rq:queues, once a batch
        self.job: list[tuple[tuple[Any, ...], tuple[tuple[int, str], ...]]] = []
        """Each of a job's commands, with its holes: (place, kind) of what a turn fills in."""
        for command in merge_hsets(commands[1:]):
            holes = []
            for i, arg in enumerate(command):
                kind = stand_in.get(arg) if isinstance(arg, str | bytes) else None
                if i > 0 and command[i - 1] in TIMES:
                    kind = "now"
                if kind is not None:
                    holes.append((i, kind))
            self.job.append((command, tuple(holes)))

    @classmethod
    def of(cls, queue: Queue) -> EnqueueTemplate | RQWay:
        """The template of `queue`'s jobs, checked against RQ's own commands."""
        template = cls(queue, rq_commands(queue, [cls.STAND_INS[0]]))
        gid, seat, version = cls.STAND_INS[1]
        own = _timeless(merge_hsets(rq_commands(queue, [(gid, seat, version)])))
        if _timeless(template.fill(gid, [seat], version)) != own:
            log.warning("RQ's enqueue of a bot turn is not the template's: enqueued RQ's way")
            return RQWay(queue)
        return template

    def data(self, gid: str, seat: int, version: int) -> bytes:
        """The job's call as RQ stores it (`Job.data`, compressed by `Job.to_dict`)."""
        call: tuple[Any, ...] = (BOT_TURN_JOB, None, (gid, seat, version), {})
        return zlib.compress(self.queue.serializer.dumps(call))

    def fill(self, gid: str, seats: Sequence[int], version: int) -> list[tuple[Any, ...]]:
        """The commands that enqueue the turns of `seats` at `version`."""
        now = utcformat(now_utc())
        commands = [self.head]
        for seat in seats:
            jid = job_id(gid, seat, version)
            values = {"key": Job.key_for(jid), "id": jid,
                      "data": self.data(gid, seat, version), "now": now}  # fmt: skip
            for command, holes in self.job:
                filled = list(command)
                for i, kind in holes:
                    filled[i] = values[kind]
                commands.append(tuple(filled))
        return commands


class RQWay:
    """RQ's own enqueue of each turn (`rq_commands`), where a template would not be RQ's."""

    def __init__(self, queue: Queue) -> None:
        self.queue = queue

    def fill(self, gid: str, seats: Sequence[int], version: int) -> list[tuple[Any, ...]]:
        return rq_commands(self.queue, [(gid, seat, version) for seat in seats])


def merge_hsets(commands: Sequence[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """`commands` with each run of HSETs of one key as one HSET of all their fields, in their
    order (a later value of a field still wins): the same writes, a command fewer a job (RQ
    sets a job's status, then saves its record)."""
    merged: list[tuple[Any, ...]] = []
    for command in commands:
        last = merged[-1] if merged else None
        if (
            last is not None
            and str(command[0]).upper() == "HSET" == str(last[0]).upper()
            and command[1] == last[1]
        ):
            merged[-1] = (*last, *command[2:])
        else:
            merged.append(tuple(command))
    return merged


def _timeless(commands: Sequence[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """`commands` with their times blanked (two enqueues never share a time)."""
    return [tuple("" if i and c[i - 1] in TIMES else a for i, a in enumerate(c)) for c in commands]


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
