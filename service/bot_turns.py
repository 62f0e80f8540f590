"""Bot turns: how a due turn is named, recorded and handed to the RQ workers.

A change that leaves bot seats to act records those turns as due in the same compare-and-set
that stores it (`service.store`), then enqueues one job per turn. Both the record and the job
are named here, once: the due member `<id>:<seat>:<version>` (in the game's hash and the
watchdog's index) and the job id `bot_<id>_<seat>_<version>[_r<attempt>]`. A job that runs
twice, or after the game moved on, moves nothing: it submits its move expecting `version`.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import redis
from rq import Queue, Retry
from rq.exceptions import DuplicateJobError

from service import jobs
from service.store import valid_id

log = logging.getLogger("duckpond.bot_turns")


def job_id(gid: str, seat: int, version: int, attempt: int = 0) -> str:
    """Only [A-Za-z0-9_-], as RQ requires; game ids are token_urlsafe, of that alphabet too.
    Attempt n > 0 (a watchdog re-enqueue) gets the suffix `_r<n>`."""
    base = f"bot_{gid}_{seat}_{version}"
    return f"{base}_r{attempt}" if attempt else base


def due_member(gid: str, seat: int, version: int) -> str:
    """A due turn as the compare-and-set records it."""
    return f"{gid}:{seat}:{version}"


def due_turns(gid: str, seats: Sequence[int], version: int) -> tuple[str, ...]:
    """The due members of `seats` at `version`, as one change records them."""
    return tuple(due_member(gid, seat, version) for seat in seats)


def parse_due_member(member: str) -> tuple[str, int, int] | None:
    """(game id, seat, version) of a due turn, or None for a malformed member."""
    gid, _, rest = member.partition(":")
    seat, _, version = rest.partition(":")
    if not valid_id(gid) or not seat.isdigit() or not version.isdigit():
        return None
    return gid, int(seat), int(version)


class BotTurns:
    """Enqueues due bot turns on the bot queue; one per process."""

    def __init__(self, queue: Queue) -> None:
        self.queue = queue

    def schedule(self, gid: str, seats: Sequence[int], version: int) -> None:
        """Enqueue the turns that a write just recorded as due. The job id is deterministic,
        so a second enqueue of the same turn is refused by RQ (`unique=True`)."""
        for seat in seats:
            self.enqueue(gid, seat, version)

    def enqueue(self, gid: str, seat: int, version: int, attempt: int = 0) -> bool:
        """Enqueue one bot turn; False when that job id already exists or Redis failed."""
        try:
            self.queue.enqueue_call(
                jobs.bot_turn,
                args=(gid, seat, version),
                job_id=job_id(gid, seat, version, attempt),
                unique=True,
                # A finished job's keys expire by themselves: deleting them at once
                # (result_ttl=0) costs RQ a dozen more Redis round trips per bot move.
                result_ttl=60,
                failure_ttl=24 * 3600,
                retry=Retry(max=3),
            )
        except DuplicateJobError:
            return False
        except redis.RedisError:
            # The turn is recorded as due with the move: the watchdog enqueues it later.
            log.exception("game %s: could not enqueue the bot turn of seat %d", gid, seat)
            return False
        return True
