"""What one move costs Redis, counted by the server (`INFO commandstats`, the commands inside
scripts included): the compare-and-set reads the game's hash once, appends a change's events
in one RPUSH, renews no TTL that is fresh (nor reads one), clears a turn only from the
indexes it can be in, and a first try with an Idempotency-Key costs no extra read. A move
that costs more than this fails here before a benchmark notices."""

from __future__ import annotations

from collections import Counter

import redis
from flask import Flask
from testkit.svc_helpers import Table


def commands(r: redis.Redis) -> Counter[str]:
    stats = r.info("commandstats")
    return Counter({name.removeprefix("cmdstat_"): int(v["calls"]) for name, v in stats.items()})


def move_with_key(table: Table, r: redis.Redis, key: str) -> Counter[str]:
    """The seat to act plays its first legal move, naming its version and an
    Idempotency-Key: the commands it cost."""
    seat = table.seat(table.to_act())
    view = seat.view()
    move = view["view"]["legal_moves"][0]
    before = commands(r)
    answer = seat.post_move(
        move, expected_version=view["version"], headers={"Idempotency-Key": key}
    )
    assert answer.status_code == 200, answer.json
    spent = commands(r) - before
    spent.pop("info", None)
    return spent


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
    """The server counts every client's commands, and the test setup's workers beat now and
    then (a TIME, an EXPIRE): they can only add, so a table is tried again when one did,
    and the cost is the least one seen. A move that costs more, or less, fails every try."""
    seen = []
    for attempt in range(3):
        table = Table.create(app.test_client(), seats=[{}, {}, {}, {}], seed=f"cost{attempt}")
        first = move_with_key(table, r, "c1")
        second = move_with_key(table, r, "c2")
        assert first["expire"] >= 2 and not NINE - second, (first, second)
        seen.append((first["expire"], second))
        if first["expire"] == 2 and second == NINE:
            # the game's first action list and first key hash get the TTL; then nine
            return
    raise AssertionError(seen)


def test_a_bots_move_clears_its_turn_from_the_due_index_only(app: Flask, r: redis.Redis) -> None:
    """A bot turn is never in the clock index and has no attempts unless the watchdog claimed
    it (the hash's `timed` and `claimed` notes): its move removes it with one ZREM, and the
    fresh TTL costs no TTL read. Tried again, as above, when another client's commands
    landed in the count."""
    layers = app.extensions["duckpond"]
    seen = []
    for attempt in range(3):
        table = Table.create(
            app.test_client(), seats=[{}, {"bot": "random"}, {}, {}], seed=f"cost{attempt}"
        )
        (member,) = layers.store.due_turns(table.gid)
        gid, seat, version = member.rsplit(":", 2)
        before = commands(r)
        assert layers.tables.bot_turn(gid, int(seat), int(version)) == "moved"
        spent = commands(r) - before
        assert layers.store.due_turns(table.gid) == []
        # one ZREM, one script, no HDEL or TTL; one EXPIRE: only the game's first action
        # list, which this move created
        want = {"zrem": 1, "evalsha": 1, "expire": 1, "hdel": 0, "ttl": 0}
        got = {name: spent[name] for name in want}
        assert all(got[name] >= n for name, n in want.items()), spent
        seen.append(got)
        if got == want:
            return
    raise AssertionError(seen)
