"""A client that behaves as the docs tell clients to (retry a 503 or a cut connection with the
same Idempotency-Key), games driven through it, and the checks every fault test ends with."""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import redis
from flask.testing import FlaskClient

from engine.record import replay
from service.storage.keys import game_key

API = "/api/v1"


def retrying(send: Any, deadline: float = 60.0) -> Any:
    """`send()` again while the answer is a 503 (waiting its Retry-After, at most 0.2 s here)
    or the connection breaks; the caller keeps the same Idempotency-Key throughout."""
    end = time.monotonic() + deadline
    while True:
        try:
            resp = send()
        except (ConnectionError, OSError):
            resp = None
        if resp is not None and resp.status_code != 503:
            return resp
        assert time.monotonic() < end, "still refused after the deadline"
        time.sleep(0.2)


@dataclass
class Game:
    """One game and what its human seat (seat 0, if any) was told was accepted."""

    client: FlaskClient
    gid: str
    token: str | None
    acknowledged: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    @classmethod
    def create(
        cls, client: FlaskClient, seats: list[dict[str, Any]], seed: str, deals: int = 1
    ) -> Game:
        key = str(uuid.uuid4())
        options = {"max_deals": deals}
        if deals > 1 and any(s.get("bot") is None for s in seats):
            options["auto_deal"] = True  # the human does not deal: the game runs on
        body = {"game": "doubleduck", "seats": seats, "seed": seed, "options": options}
        resp = retrying(
            lambda: client.post(f"{API}/games", json=body, headers={"Idempotency-Key": key})
        )
        assert resp.status_code == 201, resp.json
        seat0 = resp.json["seats"][0]
        return cls(client, resp.json["id"], seat0.get("token"))

    def public(self) -> dict[str, Any]:
        resp = retrying(lambda: self.client.get(f"{API}/games/{self.gid}"))
        assert resp.status_code == 200, resp.json
        return dict(resp.json)

    def human_step(self) -> bool:
        """Seat 0 plays its first legal move if it is to act; True when it moved."""
        if self.token is None:
            return False
        auth = {"Authorization": f"Bearer {self.token}"}
        view = retrying(lambda: self.client.get(f"{API}/games/{self.gid}", headers=auth)).json
        if view["status"] == "over" or 0 not in view["view"]["to_act"]:
            return False
        move = view["view"]["legal_moves"][0]
        version = view["version"]
        headers = {**auth, "Idempotency-Key": f"{self.gid}-{version}"}
        body = {"move": move, "expected_version": version}
        resp = retrying(
            lambda: self.client.post(f"{API}/games/{self.gid}/moves", json=body, headers=headers)
        )
        if resp.status_code == 409:
            return False
        assert resp.status_code == 200, resp.json
        self.acknowledged.append((resp.json["version"], move))
        return True


def every_event(game: Game) -> list[dict[str, Any]]:
    """The whole public feed, page after page (`has_more`, `next_after`)."""
    events: list[dict[str, Any]] = []
    after = 0
    while True:
        url = f"{API}/games/{game.gid}/events?after={after}&limit=1000"
        page = retrying(partial(game.client.get, url)).json
        events += page["events"]
        if not page["has_more"]:
            return events
        after = page["next_after"]


def check_finished_once(r: redis.Redis, game: Game) -> None:
    """Over; every version's move applied once and in order (the record replays to the same
    result); every move the human was told was accepted is in the record at its version."""
    public = game.public()
    assert public["status"] == "over", public
    resp = retrying(lambda: game.client.get(f"{API}/games/{game.gid}/record"))
    record = resp.json["record"]
    events = every_event(game)
    played = [e["version"] for e in events if e["type"] == "card_played"]
    assert played == list(range(1, public["version"] + 1)), "a version moved twice or not"
    moves = [a for a in record["actions"] if "seat" in a]  # the others: automatic deals
    assert len(moves) == public["version"]
    replayed = replay(record)
    assert replayed.is_over()
    score = game.client.get(f"{API}/games/{game.gid}/score").json
    assert replayed.result().to_json()["totals"] == score["totals"]
    for version, move in game.acknowledged:
        action = moves[version - 1]
        assert action == {"seat": 0, "move": move}, (version, action, move)
    assert not r.hget(game_key(game.gid), "due")


class StallWatch:
    """The longest time any game sat at one version with a bot turn due."""

    def __init__(self, r: redis.Redis, games: list[Game]) -> None:
        self.r = r
        self.games = games
        self.since: dict[str, tuple[bytes | None, float]] = {}
        self.longest = 0.0

    def poll(self) -> None:
        now = time.monotonic()
        try:
            with self.r.pipeline(transaction=False) as pipe:
                for g in self.games:
                    pipe.hmget(game_key(g.gid), "version", "due")
                heads = pipe.execute()
        except redis.RedisError:
            return  # Redis is down: the stall goes on, measured once it is back
        for g, (version, due) in zip(self.games, heads, strict=True):
            seen, since = self.since.get(g.gid, (None, now))
            if version != seen or not due:
                self.since[g.gid] = (version, now)
                continue
            self.longest = max(self.longest, now - since)
