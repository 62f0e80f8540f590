"""What one move costs Redis, counted by the server (`INFO commandstats`, the commands inside
scripts included): the compare-and-set reads the game's hash once, appends a change's events
in one RPUSH, renews no TTL that is fresh (nor reads one), clears a turn only from the
indexes it can be in, and a first try with an Idempotency-Key costs no extra read. A move
that costs more than this fails here before a benchmark notices."""

from __future__ import annotations

from collections import Counter

import redis
from flask import Flask
from testkit.commandstats import least, spent
from testkit.svc_helpers import Table


def move_with_key(table: Table, r: redis.Redis, key: str) -> Counter[str]:
    """The seat to act plays its first legal move, naming its version and an
    Idempotency-Key: the commands it cost."""
    seat = table.seat(table.to_act())
    view = seat.view()
    move = view["view"]["legal_moves"][0]

    def post() -> None:
        answer = seat.post_move(
            move, expected_version=view["version"], headers={"Idempotency-Key": key}
        )
        assert answer.status_code == 200, answer.json

    cost = spent(r, post)
    cost.pop("info", None)
    return cost


NINE = Counter(
    {
        "evalsha": 1,  # the compare-and-set, the game taken from the process's cache
        "hget": 1,  # its Idempotency-Key, looked for in the same atomic step
        "hmget": 1,  # version, due turns, event count, the notes: one read of the hash
        "rpush": 2,  # all the change's events in one, its action
        "hset": 2,  # the game's hash, the first answer under the key
        "time": 1,  # the TTL is fresh by the hash's `expires`: no EXPIRE at all, not
        # even of the key hash, which has its TTL since the first move (`idem`)
        "spublish": 1,  # the news, for the requests that wait
    }
)


def test_a_move_at_a_human_table_costs_nine_redis_commands(app: Flask, r: redis.Redis) -> None:
    """Tried again on a new table when another client's commands landed in the count
    (`testkit.commandstats`): a move that costs more, or less, fails every try."""

    def measure(attempt: int) -> tuple[int, Counter[str]]:
        table = Table.create(app.test_client(), seats=[{}, {}, {}, {}], seed=f"cost{attempt}")
        first = move_with_key(table, r, "c1")
        second = move_with_key(table, r, "c2")
        assert first["expire"] >= 2 and not NINE - second, (first, second)
        return first["expire"], second

    # the game's first action list and first key hash get the TTL; then nine
    least(measure, lambda got: got == (2, NINE))


def test_a_bots_move_clears_its_turn_from_the_due_index_only(app: Flask, r: redis.Redis) -> None:
    """A bot turn is never in the clock index and has no attempts unless the watchdog claimed
    it (the hash's `timed` and `claimed` notes): its move removes it with one ZREM, and the
    fresh TTL costs no TTL read. Tried again, as above, when another client's commands
    landed in the count."""
    layers = app.extensions["duckpond"]
    # one ZREM, one script, no HDEL or TTL; one EXPIRE: only the game's first action list,
    # which this move created
    want = {"zrem": 1, "evalsha": 1, "expire": 1, "hdel": 0, "ttl": 0}

    def measure(attempt: int) -> dict[str, int]:
        table = Table.create(
            app.test_client(), seats=[{}, {"bot": "random"}, {}, {}], seed=f"cost{attempt}"
        )
        (member,) = layers.store.due_turns(table.gid)
        gid, seat, version = member.rsplit(":", 2)
        moved: list[str] = []
        cost = spent(r, lambda: moved.append(layers.tables.bot_turn(gid, int(seat), int(version))))
        assert moved == ["moved"]
        assert layers.store.due_turns(table.gid) == []
        got = {name: cost[name] for name in want}
        assert all(got[name] >= n for name, n in want.items()), cost
        return got

    least(measure, lambda got: got == want)
