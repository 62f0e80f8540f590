"""Rematch and resign through the API, on a real Redis (and on the cluster: ON_BOTH).

A finished game's seats ask for a rematch: one new game however many ask and however they
race, each human seat's holder gets its own new token by presenting its old one (never another
seat's), the first dealer moves on, and the rematch counts against the app key's quotas.
Games are finished here by resigning, which the engine defines per game (tests/engine).
"""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from testkit.service_fixtures import QUEUE_DB
from testkit.svc_helpers import API, Table, auth

from engine.record import replay
from service.access.app_keys import AppKeys
from service.storage.keys import create_pointer_key
from service.tables.rematch import rematch_hash


def resign(client: FlaskClient, gid: str, token: str, **body: Any):  # type: ignore[no-untyped-def]
    return client.post(f"{API}/games/{gid}/resign", json=body, headers=auth(token))


def rematch(client: FlaskClient, gid: str, token: str, method: str = "post"):  # type: ignore[no-untyped-def]
    return getattr(client, method)(f"{API}/games/{gid}/rematch", headers=auth(token))


def finished(client: FlaskClient, **more: Any) -> Table:
    """A Duck Soup game of two humans that seat 1 resigned."""
    table = Table.create(client, game="ducksoup", seats=[{}, {}], **more)
    answer = resign(client, table.gid, table.seat(1).token)
    assert answer.status_code == 200 and answer.json["status"] == "over", answer.json
    return table


# --- resign ------------------------------------------------------------------------------------


def test_a_seat_resigns_and_the_record_replays_it(client: FlaskClient) -> None:
    table = Table.create(client, game="ducksoup", seats=[{}, {}], options={"first_dealer": 0})
    answer = resign(client, table.gid, table.seat(0).token, expected_version=0)
    assert answer.status_code == 200, answer.json
    types = [e["type"] for e in answer.json["events"]]
    assert types == ["resigned", "game_over"]
    assert answer.json["events"][-1]["data"]["winners"] == [1]
    assert answer.json["view"]["resigned"] == [0] and answer.json["status"] == "over"
    record = client.get(f"{API}/games/{table.gid}/record").json["record"]
    assert record["actions"] == [{"seat": 0, "resign": True}]
    assert replay(record).result().winners == (1,)
    again = resign(client, table.gid, table.seat(1).token)
    assert again.status_code == 409 and again.json["errors"]["reason"] == "game_over"


def test_a_bot_partner_follows_its_human_and_the_side_resigns(client: FlaskClient) -> None:
    table = Table.create(client, seats=[{}, {}, {"bot": "random"}, {}], options={"max_deals": 2})
    answer = resign(client, table.gid, table.seat(0).token)
    assert answer.status_code == 200, answer.json
    events = [(e["type"], e["data"]) for e in answer.json["events"]]
    assert events[:2] == [("resigned", {"seat": 0}), ("resigned", {"seat": 2})]
    assert events[2][1]["winners"] == [1, 3] and events[2][1]["game_points"] == [0, 4]


def test_refused_resignations_change_nothing(client: FlaskClient, r: Any) -> None:
    duck = Table.create(client, game="duck", seats=[{}, {}, {}])
    before = duck.snapshot(r)
    no = resign(client, duck.gid, duck.seat(1).token)
    assert no.status_code == 409 and no.json["errors"]["reason"] == "resign_not_offered"
    host = resign(client, duck.gid, duck.host)
    assert host.status_code == 403 and host.json["errors"]["reason"] == "not_a_player"
    anonymous = client.post(f"{API}/games/{duck.gid}/resign", json={})
    assert anonymous.status_code == 401
    assert duck.snapshot(r) == before
    dd = Table.create(client, seats=[{}, {}, {}, {}])
    assert resign(client, dd.gid, dd.seat(0).token).status_code == 200
    twice = resign(client, dd.gid, dd.seat(0).token)
    assert twice.status_code == 409 and twice.json["errors"]["reason"] == "illegal_move"


# --- rematch -----------------------------------------------------------------------------------


def test_every_seat_gets_its_own_new_token_of_one_rematch(client: FlaskClient) -> None:
    old = finished(client, options={"first_dealer": 1})
    alice, bob = old.seat(0).token, old.seat(1).token
    early = rematch(client, old.gid, alice, "get")
    assert early.status_code == 404 and early.json["errors"]["reason"] == "no_rematch"

    asked = rematch(client, old.gid, alice)
    assert asked.status_code == 200, asked.json
    new, alice2 = asked.json["id"], asked.json["token"]
    assert new != old.gid and asked.json["rematch_of"] == old.gid
    assert asked.json["seat"] == 0 and asked.json["status"] == "waiting"  # bob has not come
    assert asked.json["seats"][1]["open"] is True
    assert asked.json["view"]["options"]["first_dealer"] == 0  # moved on from 1
    assert bob not in json.dumps(asked.json) and alice not in json.dumps(asked.json)

    assert rematch(client, old.gid, alice).json["token"] == alice2  # asking again: the same
    joined = rematch(client, old.gid, bob, "get")
    assert joined.status_code == 200 and joined.json["id"] == new
    bob2 = joined.json["token"]
    assert bob2 not in (alice2, bob) and joined.json["seat"] == 1
    assert alice2 not in json.dumps(joined.json)  # never another seat's token
    assert joined.json["status"] == "playing"
    for token, seat in ((alice2, 0), (bob2, 1)):
        mine = client.get(f"{API}/games/{new}", headers=auth(token)).json
        assert mine["role"] == "seat" and mine["seat"] == seat
    assert client.get(f"{API}/games/{old.gid}", headers=auth(alice2)).status_code == 403

    host = rematch(client, old.gid, old.host, "get")
    assert host.status_code == 200 and host.json["role"] == "host"
    assert client.get(f"{API}/games/{new}", headers=auth(host.json["token"])).json["role"] == "host"
    assert rematch(client, old.gid, old.host).json["token"] == host.json["token"]
    dropped = client.post(f"{API}/games/{new}/abandon", json={}, headers=auth(host.json["token"]))
    assert dropped.status_code == 200
    late = rematch(client, old.gid, bob, "get")  # an abandoned rematch is never revived
    assert late.status_code == 409 and late.json["errors"]["reason"] == "game_abandoned"


def test_a_rematch_of_an_unfinished_game_is_refused(client: FlaskClient, r: Any) -> None:
    table = Table.create(client, game="ducksoup", seats=[{}, {}])
    answer = rematch(client, table.gid, table.seat(0).token)
    assert answer.status_code == 409 and answer.json["errors"]["reason"] == "game_not_over"
    assert not r.exists(create_pointer_key(rematch_hash(table.gid)))
    assert rematch(client, table.gid, "").status_code == 401
    other = finished(client)
    stranger = rematch(client, table.gid, other.seat(0).token)
    assert stranger.status_code == 403
    abandoned = Table.create(client, game="ducksoup", seats=[{}, {}])
    client.post(f"{API}/games/{abandoned.gid}/abandon", json={}, headers=auth(abandoned.host))
    gone = rematch(client, abandoned.gid, abandoned.seat(0).token)
    assert gone.status_code == 409 and gone.json["errors"]["reason"] == "game_abandoned"


def test_seats_asking_at_once_get_one_rematch(app: Flask) -> None:
    client = app.test_client()
    old = Table.create(client, seats=[{}, {}, {}, {}])
    for seat in (0, 2):  # side 0 resigns: the game is over
        assert resign(client, old.gid, old.seat(seat).token).status_code == 200
    start = threading.Barrier(8)
    answers: dict[int, Any] = {}

    def ask(i: int) -> None:
        mine = app.test_client()
        start.wait()
        answers[i] = rematch(mine, old.gid, old.seat(i % 4).token)

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    statuses = [a.status_code for a in answers.values()]
    assert statuses == [200] * 8, [a.json for a in answers.values()]
    ok = [a.json for a in answers.values()]
    assert len({a["id"] for a in ok}) == 1  # ONE rematch
    by_seat: dict[int, set[str]] = {}
    for a in ok:
        by_seat.setdefault(a["seat"], set()).add(a["token"])
    assert all(len(tokens) == 1 for tokens in by_seat.values())  # each seat one token
    assert len(set().union(*by_seat.values())) == len(by_seat)  # and no two seats share one
    for i in range(4):  # asking again: the same game
        again = rematch(client, old.gid, old.seat(i).token)
        assert again.status_code == 200 and again.json["id"] == ok[0]["id"]
    assert client.get(f"{API}/games/{ok[0]['id']}").json["status"] == "playing"


@pytest.fixture()
def queues(redis_port: int, backend: str, r: Any) -> Any:
    return r if backend == "single" else redis.Redis(port=redis_port, db=QUEUE_DB[0])


def test_a_rematch_counts_against_the_app_keys_quotas(make_app: Any, queues: Any) -> None:
    keys = AppKeys(queues)
    issued = keys.issue("acme", live_games=1)
    client = make_app(APP_KEYS="required").test_client()
    body = {"game": "ducksoup", "seats": [{}, {}]}
    made = client.post(f"{API}/games", json=body, headers=auth(issued.key))
    assert made.status_code == 201, made.json
    gid, tokens = made.json["id"], [s["token"] for s in made.json["seats"]]
    assert resign(client, gid, tokens[1]).status_code == 200  # over: its live slot is free
    assert rematch(client, gid, tokens[0]).status_code == 200  # the rematch takes it
    full = client.post(f"{API}/games", json=body, headers=auth(issued.key))
    assert full.status_code == 429 and full.json["errors"]["reason"] == "quota_live_games"
    other = keys.issue("beta")
    second = client.post(f"{API}/games", json=body, headers=auth(other.key)).json
    resign(client, second["id"], second["seats"][1]["token"])
    keys.revoke(other.id)
    revoked = rematch(client, second["id"], second["seats"][0]["token"])
    assert revoked.status_code == 403 and revoked.json["errors"]["reason"] == "app_key_revoked"


def test_redis_holds_no_token_of_a_claim_or_a_rematch(
    client: FlaskClient, r: Any, backend: str
) -> None:
    """Tokens made by a claim or a rematch are stored as hashes only (so is the invite code of
    a table that is not listed): a leaked database holds none of them."""
    if backend != "single":
        pytest.skip("one server is enough to read every value")
    table = client.post(
        f"{API}/games", json={"game": "ducksoup", "seats": [{}, {"open": True}]}
    ).json
    code = table["invite_code"]
    claimed = client.post(f"{API}/games/{table['id']}/claim", json={"invite_code": code}).json
    old = finished(client)
    secrets = [code, claimed["token"]]
    for seat in (0, 1):
        secrets.append(rematch(client, old.gid, old.seat(seat).token).json["token"])
    secrets.append(rematch(client, old.gid, old.host, "get").json["token"])
    dump = []
    for key in r.scan_iter("*"):
        kind = r.type(key)
        if kind == b"hash":
            dump += [v for pair in r.hgetall(key).items() for v in pair]
        elif kind == b"list":
            dump += r.lrange(key, 0, -1)
        elif kind == b"zset":
            dump += [m for m, _ in r.zrange(key, 0, -1, withscores=True)]
        elif kind == b"string":
            dump.append(r.get(key))
    text = b"\n".join(dump)
    for secret in secrets:
        assert secret.encode() not in text
        assert secret.split(".")[-1].encode() not in text


def test_the_old_host_cannot_join_a_rematch_already_over(client: FlaskClient, r: Any) -> None:
    old = finished(client)
    alice = rematch(client, old.gid, old.seat(0).token).json
    bob = rematch(client, old.gid, old.seat(1).token).json
    assert resign(client, alice["id"], bob["token"]).json["status"] == "over"
    before = Table(client, alice["id"], {}).snapshot(r)
    late = rematch(client, old.gid, old.host, "get")
    assert late.status_code == 409 and late.json["errors"]["reason"] == "game_over"
    assert Table(client, alice["id"], {}).snapshot(r) == before


# --- declining a rematch -----------------------------------------------------------------------


def decline(client: FlaskClient, gid: str, token: str):  # type: ignore[no-untyped-def]
    return client.post(f"{API}/games/{gid}/rematch/decline", headers=auth(token))


def test_a_declined_rematch_is_abandoned_and_cannot_be_joined(client: FlaskClient) -> None:
    table = finished(client)
    none = decline(client, table.gid, table.seat(1).token)
    assert none.status_code == 404 and none.json["errors"]["reason"] == "no_rematch"
    made = rematch(client, table.gid, table.seat(0).token).json
    answer = decline(client, table.gid, table.seat(1).token)
    assert answer.status_code == 200, answer.json
    assert answer.json == {
        "id": made["id"],
        "rematch_of": table.gid,
        "status": "abandoned",
        "declined_by": 1,
    }
    after = client.get(f"{API}/games/{made['id']}/events?after=0").json["events"]
    assert [(e["type"], e["data"]) for e in after[-2:]] == [
        ("rematch_declined", {"seat": 1}),
        ("game_abandoned", {"by": "rematch_declined"}),
    ]
    join = rematch(client, table.gid, table.seat(1).token)
    assert join.status_code == 409 and join.json["errors"]["reason"] == "game_abandoned"
    again = decline(client, table.gid, table.seat(0).token)
    assert again.status_code == 409 and again.json["errors"]["reason"] == "game_abandoned"


def test_declining_is_refused_once_played_or_before_the_end(client: FlaskClient) -> None:
    table = finished(client)
    rematch(client, table.gid, table.seat(0).token)
    rematch(client, table.gid, table.seat(1).token)  # both joined: the rematch is on
    late = decline(client, table.gid, table.seat(1).token)
    assert late.status_code == 409 and late.json["errors"]["reason"] == "rematch_started"
    live = Table.create(client, game="ducksoup", seats=[{}, {}])
    early = decline(client, live.gid, live.seat(0).token)
    assert early.status_code == 409 and early.json["errors"]["reason"] == "game_not_over"
    host = decline(client, table.gid, table.host)
    assert host.status_code == 403 and host.json["errors"]["reason"] == "not_a_player"
    anonymous = client.post(f"{API}/games/{table.gid}/rematch/decline")
    assert anonymous.status_code == 401


def test_a_rematch_says_which_game_it_follows(client: FlaskClient) -> None:
    """Its seats wait for the finished game's players: any view of it says whose rematch it
    is (a page then asks them to accept, not strangers to take an open seat)."""
    table = finished(client)
    made = rematch(client, table.gid, table.seat(0).token).json
    assert made["rematch_of"] == table.gid
    for token in (made["token"], None):  # the asker's seat, and a spectator
        view = client.get(f"{API}/games/{made['id']}", headers=auth(token) if token else {})
        assert view.status_code == 200 and view.json["rematch_of"] == table.gid, view.json
    plain = client.get(f"{API}/games/{table.gid}", headers=auth(table.seat(0).token)).json
    assert "rematch_of" not in plain
