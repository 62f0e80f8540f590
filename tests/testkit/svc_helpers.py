"""Test helpers that make API tests read like a game script.

table = Table.create(client, deal=pinned_deal({0: "JS 4H", 1: "JS"}))
alice, bob = table.seats[0], table.seats[1]
alice.play("JS")
bob.play("JS", call="doubleduck")
"""

from __future__ import annotations

import http.client
import json
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from rq import Queue
from rq.serializers import JSONSerializer
from werkzeug.test import TestResponse

from engine import cards
from service.storage.keys import game_keys
from service.worker import TurnWorker

API = "/api/v1"
GUNICORN_SERVER = ("--worker-class", "gevent", "--worker-connections", "4096")
"""gunicorn's worker model as scripts/serve and docker/compose.yaml run it (greenlets: a waiting
or slow request costs no thread)."""
DECK = [cards.NAMES[c] for c in cards.PACK] * 2


def pinned_deal(
    hands: dict[int, str] | None = None, stock_top: str = "", seats: int = 4, hand_size: int = 13
) -> dict[str, Any]:
    """A full Doubleduck deal: the given cards where asked, the rest of the two packs in order.

    `hands` maps a seat to its first cards ("JS 4H"); `stock_top` gives the first stock cards.
    """
    hands = hands or {}
    rest = Counter(DECK)
    wanted = [c for text in hands.values() for c in text.split()] + stock_top.split()
    for card in wanted:
        assert rest[card] > 0, f"{card} asked for too often"
        rest[card] -= 1
    pool = list(rest.elements())
    out: list[list[str]] = []
    for seat in range(seats):
        hand = hands.get(seat, "").split()
        while len(hand) < hand_size:
            hand.append(pool.pop(0))
        out.append(hand)
    stock = stock_top.split() + pool
    return {"hands": out, "stock": stock}


def flat(deal: dict[str, Any]) -> dict[str, Any]:
    """A deal as the record holds it (`hands`, piles, `stock`) as the API takes it: one list,
    seat 0's hand first, then each pile (Duck's `face_up`), then the stock."""
    piles = [deal[k] for k in deal if k not in ("hands", "stock")]
    cards = [c for part in [*deal["hands"], *piles, deal.get("stock", [])] for c in part]
    return {"cards": cards}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Seat:
    """One player at the table, acting through the HTTP API with its own token."""

    client: FlaskClient
    gid: str
    seat: int
    token: str

    def view(self) -> dict[str, Any]:
        r = self.client.get(f"{API}/games/{self.gid}", headers=auth(self.token))
        assert r.status_code == 200, r.json
        return dict(r.json or {})

    def post_move(self, move: dict[str, Any], **extra: Any) -> TestResponse:
        headers = auth(self.token)
        headers.update(extra.pop("headers", {}))
        return self.client.post(
            f"{API}/games/{self.gid}/moves", json={"move": move, **extra}, headers=headers
        )

    def play(self, card: str, call: str | None = None, **extra: Any) -> dict[str, Any]:
        move: dict[str, Any] = {"type": "play", "card": card}
        if call is not None:
            move["call"] = call
        r = self.post_move(move, **extra)
        assert r.status_code == 200, r.json
        return dict(r.json or {})

    def refused(self, card: str, call: str | None = None, **extra: Any) -> tuple[int, str]:
        move: dict[str, Any] = {"type": "play", "card": card}
        if call is not None:
            move["call"] = call
        r = self.post_move(move, **extra)
        assert r.status_code >= 400, r.json
        body = r.json or {}
        return r.status_code, body["errors"]["reason"]

    def deal(self, deal: dict[str, Any] | None = None) -> TestResponse:
        body: dict[str, Any] = {} if deal is None else {"deal": flat(deal)}
        return self.client.post(f"{API}/games/{self.gid}/deal", json=body, headers=auth(self.token))


@dataclass
class Table:
    client: FlaskClient
    gid: str
    created: dict[str, Any]
    seats: list[Seat] = field(default_factory=list)
    host: str = ""

    @classmethod
    def create(
        cls,
        client: FlaskClient,
        *,
        seats: list[dict[str, Any]] | None = None,
        deal: dict[str, Any] | None = None,
        seed: str | None = "test-seed",
        options: dict[str, Any] | None = None,
        game: str = "doubleduck",
    ) -> Table:
        body: dict[str, Any] = {"game": game, "seats": seats or [{}, {}, {}, {}]}
        if deal is not None:
            body["deal"] = flat(deal)
        if seed is not None:
            body["seed"] = seed
        if options is not None:
            body["options"] = options
        r = client.post(f"{API}/games", json=body)
        assert r.status_code == 201, r.json
        data = dict(r.json or {})
        table = cls(client, data["id"], data, host=data["host_token"])
        table.seats = [
            Seat(client, data["id"], s["seat"], s["token"]) for s in data["seats"] if "token" in s
        ]
        return table

    def public(self) -> dict[str, Any]:
        r = self.client.get(f"{API}/games/{self.gid}")
        assert r.status_code == 200
        return dict(r.json or {})

    def seat(self, n: int) -> Seat:
        return next(s for s in self.seats if s.seat == n)

    def to_act(self) -> int:
        return int(self.public()["view"]["to_act"][0])

    def snapshot(self, r: Any) -> dict[str, Any]:
        """Every Redis value of the game, to prove a refused request changed nothing."""
        out: dict[str, Any] = {}
        for key in sorted(k.encode() for k in game_keys(self.gid) if r.exists(k)):
            kind = r.type(key)
            if kind == b"hash":
                out[key] = r.hgetall(key)
            elif kind == b"list":
                out[key] = r.lrange(key, 0, -1)
            else:
                out[key] = r.get(key)
        return out


def play_out(table: Table, *, max_moves: int = 5000) -> int:
    """Play to the end with each seat's first legal move, dealing as needed; returns moves."""
    moves = 0
    for _ in range(max_moves):
        pub = table.public()
        if pub["status"] == "over":
            return moves
        if pub["status"] == "deal_pending":
            r = table.seats[0].deal()
            assert r.status_code == 200, r.json
            continue
        seat = table.seat(pub["view"]["to_act"][0])
        legal = seat.view()["view"]["legal_moves"]
        seat.post_move(legal[0])
        moves += 1
    raise AssertionError("the game did not end")


def burst_worker(queue: Queue) -> TurnWorker:
    """An in-process worker of `queue` (JSON serializer) for `.work(burst=True)`: the service's
    own SimpleWorker. RQ's plain one took 60 s to end each burst here: redis-py 8.2's
    `PubSubWorkerThread.stop()` joins a thread that may sleep 60 s in `get_message` when the
    unsubscribe's answer came first, which the service's worker bounds (`service.worker`)."""
    return TurnWorker([queue], connection=queue.connection, serializer=JSONSerializer)


def run_queue(queue: Queue) -> None:
    """Run the jobs queued on `queue` in this process, until it is empty."""
    burst_worker(queue).work(burst=True)


def wait_for(predicate: Any, timeout: float = 30.0, step: float = 0.05) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError("timed out waiting")


def dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


# --- plain HTTP against a served instance ------------------------------------------------------


def call(
    port: int, method: str, path: str, body: Any = None, token: str | None = None
) -> tuple[int, dict[str, Any], dict[str, str]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=40)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request(method, path, None if body is None else json.dumps(body), headers)
    answer = conn.getresponse()
    data = answer.read()
    conn.close()
    return answer.status, json.loads(data or b"null"), dict(answer.getheaders())


# --- checking answers ---------------------------------------------------------------------------


def expect(r: TestResponse, status: int, reason: str) -> dict[str, Any]:
    assert r.status_code == status, r.get_data(as_text=True)
    body = r.json
    assert body is not None and r.mimetype == "application/json"
    assert body["code"] == status and isinstance(body["status"], str)
    assert isinstance(body["message"], str) and body["message"]
    assert body["errors"]["reason"] == reason, body
    return dict(body)


@contextmanager
def redis_commands(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The names of the Redis commands the app's store sends while the block runs."""
    client = app.extensions["duckpond"].store.redis
    sent: list[str] = []
    original = client.execute_command

    def counting(*args: Any, **options: Any) -> Any:
        sent.append(str(args[0]).split()[0].upper())
        return original(*args, **options)

    with monkeypatch.context() as m:
        m.setattr(client, "execute_command", counting)
        yield sent
