"""`python -m service.worker`: one RQ worker on the bot queue, JSON serializer, settings from
the environment (REDIS_URL, BOT_QUEUE, MATCH_QUEUE, LOG_LEVEL), exactly as the API enqueues.
Bot turns first: RQ takes a job from the first non-empty queue, so matches wait for live games.

`--burst` stops when the queue is empty; `--simple` runs jobs in-process (no fork per job:
faster, less isolated). Each worker also runs the bot-turn watchdog (`service.watchdog`) in a
thread, so a turn lost with a killed worker is enqueued again without any extra process;
`--no-watchdog` leaves that to others.
"""

from __future__ import annotations

import argparse
import logging

from rq import Queue, SimpleWorker, Worker
from rq.serializers import JSONSerializer

from service import jobs, watchdog, wiring
from service.config import from_env


def queues(layers: wiring.Layers) -> list[Queue]:
    """Bot turns of live games first, then match games."""
    return [layers.bot_queue, layers.match_queue]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m service.worker", description=__doc__)
    parser.add_argument("--burst", action="store_true", help="exit when the queue is empty")
    parser.add_argument("--simple", action="store_true", help="run jobs without forking")
    parser.add_argument("--no-watchdog", action="store_true", help="no bot-turn watchdog thread")
    args = parser.parse_args(argv)
    settings = from_env()
    logging.basicConfig(level=settings["LOG_LEVEL"], format="%(asctime)s %(name)s %(message)s")
    layers = wiring.build(settings)
    jobs.install(layers)
    worker_class = SimpleWorker if args.simple else Worker
    worker = worker_class(queues(layers), connection=layers.redis, serializer=JSONSerializer)
    if not args.no_watchdog and not args.burst:
        watchdog.start_thread(settings)
    worker.work(burst=args.burst, logging_level=settings["LOG_LEVEL"], with_scheduler=False)


if __name__ == "__main__":
    main()
