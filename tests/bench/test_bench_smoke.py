"""Every benchmark in scripts/bench/ runs in CI, so none can rot unseen (memory.py once
scanned a key layout the store had left and divided by zero, and nothing noticed).

Each script runs as a user would, as a subprocess with `--smoke` (seconds, tiny sizes),
starting its own redis-server, workers and gunicorn where it needs them, with app keys left
at the service's default (required): a bench must turn them off itself, or use a key. Its
last line of output is its figures as JSON; the figures named here must be there, finite and
above zero. These are not measurements (the sizes are too small and CI's cores are shared),
only proof that each script still measures something real.
"""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "scripts" / "bench"
HELPERS = {"floor_app.py"}
"""Modules of scripts/bench/ that are no benchmark of their own (floor.py's app)."""
TIMEOUT = 240
"""Seconds one smoke may take on a loaded 2-core CI machine (they take 1 to 25 s)."""

SERVICE_SETTINGS = ("REDIS_URL", "QUEUE_REDIS_URL", "REDIS_CLUSTER_NODES", "PYTHONPATH")
"""Left out of a smoke's environment: each bench names its own servers."""

SMOKES: list[tuple[str, list[str], list[str]]] = [
    (
        "api.py",
        [],
        ["moves", "moves_per_s", "livez_per_s", "ratio", "server_cpu_ms_per_move", "move_p50_ms"],
    ),
    ("api.py", ["--in-process"], ["moves", "move_cpu_us", "view_cpu_us", "livez_cpu_us"]),
    ("calls.py", [], ["moves", "move_calls", "view_calls", "livez_calls"]),
    (
        "bodies.py",
        [],
        [
            *(
                f"{body}_{reader}_us"
                for body in ("move", "create", "deal")
                for reader in ("orjson", "read_body")
            ),
            *(
                f"{request}_request_{reader}_ms"
                for request in ("move", "create")
                for reader in ("orjson", "read_body")
            ),
        ],
    ),
    # A worker's CPU per turn is its CPU less an idle worker's: too noisy over one game.
    ("bot_turns.py", [], ["moves", "moves_per_s"]),
    ("bot_turns.py", ["--use-case"], ["moves", "cpu_ms_per_turn"]),
    ("bots.py", [], ["human_moves", "replies", "reply_p50_ms", "think_p50_ms", "move_p50_ms"]),
    ("clocks.py", [], ["tables", "timeouts", "late_p99_ms", "watchdog_cpu_pct"]),
    ("engine.py", [], ["protocol_plays_per_s", "lean_deals_per_s", "dealt_deals_per_s"]),
    (
        "floor.py",
        [],
        [
            f"{request}_{figure}"
            for request in ("livez", "script", "read_and_script", "view")
            for figure in ("per_s", "server_cpu_ms")
        ],
    ),
    ("listener.py", [], ["listener_us_per_message_gevent", "listener_us_per_message_threads"]),
    # Doppelkopf's anchors, one match game a line-up: proof it plays and rates.
    (
        "ladder.py",
        [],
        ["doppelkopf_match_games", "doppelkopf_pairs", "doppelkopf_spread", "doppelkopf_cpu_s"],
    ),
    # The anchor keeper fills every ladder by itself (two cheap anchors, one round).
    (
        "ladder_keeper.py",
        [],
        ["fill_s_all", "keeper_match_games", "replies_idle", "replies_busy", "reply_p99_ms_busy"],
    ),
    (
        "memory.py",
        [],
        [
            *(
                f"{game}_{form}_kib"
                for game in ("doubleduck", "ducksoup", "duck", "doppelkopf")
                for form in ("packed", "unpacked")
            ),
            *(
                f"{game}_{cost}_ms"
                for game in ("doubleduck", "ducksoup", "duck", "doppelkopf")
                for cost in ("compact", "cold_read")
            ),
        ],
    ),
    (
        "pools.py",
        [],
        [
            "worker_moves_per_s",
            "replies_alone",
            "reply_p50_ms_alone",
            "replies_busy",
            "reply_p50_ms_busy",
            "match_games_done",
        ],
    ),
    (
        "pools.py",
        ["--throughput-only"],
        [
            "one_turn_jobs_per_s",
            "worker_cpu_ms_per_job",
            "redis_commands_per_job",
            "worker_cpu_ms_per_chained_move",
            "empty_job_cpu_ms",
            "empty_job_rq_stock_cpu_ms",
            "body_cpu_ms",
        ],
    ),
    (
        "outside.py",
        [],
        [
            "plain_moves",
            "plain_kit_cpu_ms_per_move",
            "plain_api_cpu_ms_per_move",
            "floor_livez_cpu_ms",
            "floor_view_cpu_ms",
            "commands_rq_per_move",
            "commands_game_per_move",
            "commands_feed_per_move",
            "commands_polling_per_s",
            "commands_without_polling_per_move",
            *(
                f"vs_{opponent}_{figure}"
                for opponent in ("heuristic", "random")
                for figure in (
                    "in_process_games_per_s",
                    "outside_games_per_s",
                    "ratio",
                    "kit_moves",
                    "kit_cpu_ms_per_move",
                    "kit_api_cpu_ms_per_move",
                    "kit_worker_live_cpu_ms_per_move",
                    "kit_redis_commands_per_move",
                    "ceiling_at_todays_cpu",
                    "ceiling_at_floor_view",
                )
            ),
        ],
    ),
    ("rate_limits.py", [], ["on_livez_ms", "on_turn_ms", "off_livez_ms", "off_turn_ms"]),
    (
        "rate_limits.py",
        ["--lockout"],
        [
            "lockout_made_up_ms",
            "lockout_forged_each_new_ms",
            "lockout_valid_seat_token_ms",
            "lockout_not_locked_out_ms",
        ],
    ),
    # Redis CPU per move is less the servers' idle CPU: too noisy over two games.
    (
        "scaling.py",
        [],
        [
            f"{backend}_{figure}"
            for backend in ("single", "cluster")
            for figure in (
                "server_ms_per_move",
                "live_kb",
                "finished_kb",
                "live_keys_kb",
                "finished_keys_kb",
            )
        ],
    ),
    (
        "search.py",
        [],
        [
            "random_playouts_per_s",
            "policy_playouts_per_s",
            "batched_random_per_s",
            "batched_policy_per_s",
            "batched_as_search_per_s",
        ],
    ),
    ("search_strength.py", [], ["ms_per_decision", "decisions"]),
    (
        "slow_clients.py",
        [],
        [
            "gevent_livez_per_s",
            "gevent_moves_per_s",
            "gevent_idle_opened",
            "gevent_livez_per_s_idle",
            "gevent_moves_per_s_idle",
            "gevent_waits_held",
            "gevent_moves_per_s_with_waits",
            "gevent_waits_answered_by_one_move",
        ],
    ),
    (
        "streams.py",
        [],
        [
            "idle_streams",
            "idle_kb_per_stream",
            "idle_cpu_percent",
            "idle_lines_read",
            "delivery_streams",
            "delivery_events_read",
            "delivery_p99_ms",
            "delivery_cpu_ms_per_event",
            "feed_turns_delivered",
            "feed_p99_ms",
            "sigterm_closing_frames",
            "sigterm_process_gone_s",
        ],
    ),
    ("strength.py", [], ["heuristic_per_deal", "difference", "deals_per_s"]),
]


def run_smoke(script: str, args: list[str]) -> subprocess.CompletedProcess[str]:
    """The script with `--smoke`, in the service's default environment. On a timeout it gets
    SIGTERM first, so it stops the servers it started (every bench stops them on SIGTERM)."""
    env = {k: v for k, v in os.environ.items() if k not in SERVICE_SETTINGS}
    env["APP_KEYS"] = "required"  # the service's default; tests/conftest.py turned it off
    argv = [sys.executable, str(BENCH / script), "--smoke", *args]
    with subprocess.Popen(
        argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as proc:
        try:
            out, err = proc.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGTERM)
            try:
                out, err = proc.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                out, err = proc.communicate()
            pytest.fail(f"{script} took over {TIMEOUT} s:\n{out[-2000:]}\n{err[-2000:]}")
    return subprocess.CompletedProcess(argv, proc.returncode, out, err)


@pytest.mark.parametrize(
    ("script", "args", "names"),
    SMOKES,
    ids=[" ".join([script, *args]) for script, args, _ in SMOKES],
)
def test_the_smoke_of_a_bench_gives_real_figures(
    script: str, args: list[str], names: list[str]
) -> None:
    done = run_smoke(script, args)
    assert done.returncode == 0, f"{script} failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
    last = done.stdout.strip().splitlines()[-1]
    figures = json.loads(last)["figures"]
    for name in names:
        value = figures.get(name)
        assert isinstance(value, int | float), (name, figures)
        assert math.isfinite(value) and value > 0, (name, value, figures)


def test_every_bench_has_a_smoke() -> None:
    """A new script in scripts/bench/ fails here until it has a smoke above."""
    scripts = {p.name for p in BENCH.glob("*.py")} - HELPERS
    assert scripts == {script for script, _, _ in SMOKES}
