"""RQ job functions of matches, enqueued by name (`service.match_jobs.play_match_game`): RQ
imports this module in the worker when the first match job runs. Their names and arguments are
a contract with jobs already queued; the JSON serializer carries the plain values.
"""

from __future__ import annotations

from rq import Queue, get_current_job
from rq.serializers import JSONSerializer

from service.config import from_env
from service.matches import Matches, connect_matches

_matches: Matches | None = None


def matches() -> Matches:
    """The match layer on the running job's own connection (the worker's Redis, whatever the
    environment says), else one built from the environment; one per process."""
    global _matches
    job = get_current_job()
    if job is not None and (_matches is None or _matches.redis is not job.connection):
        queue = Queue(job.origin, connection=job.connection, serializer=JSONSerializer)
        ttl = int(from_env()["FINISHED_GAME_TTL"])
        _matches = Matches(job.connection, queue, finished_ttl=ttl)
    if _matches is None:
        _matches = connect_matches(from_env())
    return _matches


def play_match_game(match_id: str, index: int) -> str:
    """Play one match game (every rotation) and record it once; returns what happened."""
    return matches().play(match_id, int(index))
