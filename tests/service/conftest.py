"""The service suite runs on two backends: `single`, everything on one redis-server, and
`cluster`, game data on a REAL three-master Redis Cluster with the queues on the single
server. The modules of `ON_BOTH` run on both; every other test on `single` only. The fixtures
themselves are `testkit.service_fixtures` (shared with the kit and fuzz suites).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from testkit.service_fixtures import (  # noqa: F401 (fixtures, used by name)
    app,
    backend,
    bot_app,
    bot_client,
    client,
    cluster,
    cluster_worker,
    keys,
    make_app,
    nodes,
    r,
    redis_port,
    serve_api,
    served,
    served_with_bots,
    served_with_keys,
    settings,
    spawn_worker,
    worker,
)

ON_BOTH = {
    "test_game_flow.py",  # creation, moves, deals, expiry
    "test_concurrency.py",  # races
    "test_idempotency.py",
    "test_waits.py",
    "test_streams.py",  # resume without gap or duplicate
    "test_feed_events.py",  # the relay's news names the types: on the cluster too
    "test_stream_secrets.py",
    "test_stream_refusals.py",
    "test_bots.py",
    "test_bots_watchdog.py",  # a killed worker, lost enqueues
    "test_matches.py",
    "test_match_idempotency.py",
    "test_open_seats.py",  # open seats, claims and their races, the lobby
    "test_webhooks.py",  # signed deliveries, retries, disabling: relayed from the game's slot
    "test_rematch.py",
    "test_rematch_stream.py",  # the offer heard from the finished game's slot
    "test_feed.py",  # the outbox relay, resume, retention
    "test_challenges.py",  # a challenge, its keys' feeds and its match in different slots
    "test_bound_seats.py",  # the seat's game on the cluster, its owner's key on the keys' Redis
    "test_bot_registry.py",  # outside bots stay on the keys' Redis, beside game data's cluster
    "test_outside_matches.py",  # real games of a match: seats told across slots, timeouts
    "test_ratings.py",  # each match game rated once: one hash tag per ladder
    "test_arena_lease.py",  # the pairer's lease and plans: one hash tag, beside the matches
    "test_history.py",  # its history and head-to-head in the same step: the same hash tag
    "test_tournaments.py",  # a tournament, its matches and the keys' feeds in different slots
    "test_tournament_cancel.py",  # the cancel's scripts and its matches' on the cluster
    "test_keeper.py",  # the anchor keeper: its lease and cursor under one hash tag
}
"""Test modules run against the single server AND the cluster."""
CLUSTER_ONLY = {"test_cluster.py"}
"""Test modules of the cluster itself (shards, failover)."""


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        name = Path(str(metafunc.definition.path)).name
        backends = ["single", "cluster"] if name in ON_BOTH else ["single"]
        metafunc.parametrize("backend", ["cluster"] if name in CLUSTER_ONLY else backends)
