"""The compatibility suite's machinery: run recorded exchanges against an app, reduce each
answer to its shape (status, reason, fields and their JSON types, headers that matter, never
volatile values), and judge a current answer against a recorded one.

A recording (tests/compat/exchanges/*.json) is a list of exchanges; each request is data:
method, path with `{name}` parameters, `auth`, headers, body. Strings beginning `$` are read
from the run's state when sent: `$g.id` is field `id` of the answer captured as `g`
(`"capture": "g"`), `$g.seats.1.token` walks lists too, `$key` is an app key issued for the run,
`$legal:g:1` the first legal move of seat 1 of game `g` (read from its view when sent).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

ROOT = Path(__file__).resolve().parents[2]
EXCHANGES = ROOT / "tests" / "compat" / "exchanges"
SPEC = ROOT / "openapi" / "openapi.json"
HEADERS = ("ETag", "Location", "Retry-After", "Idempotent-Replayed", "Deprecation", "Sunset",
           "Link", "Content-Type", "Cache-Control")  # fmt: skip
"""Answer headers whose presence is part of the contract (their values are volatile)."""
DEPRECATION = ("Deprecation", "Sunset", "Link")

JSON = dict[str, Any]


def shape(value: Any) -> Any:
    """A JSON value's shape: objects keep their keys, lists the merged shape of their items,
    scalars become their JSON type's name."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in sorted(value.items())}
    if isinstance(value, list):
        merged: Any = None
        for item in value:
            merged = merge(merged, shape(item))
        return [merged] if value else []
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string"


def merge(a: Any, b: Any) -> Any:
    """Two items' shapes as one: the union of objects' keys; a scalar seen as two types (or
    null) keeps the first non-null."""
    if a is None:
        return b
    if isinstance(a, dict) and isinstance(b, dict):
        out = dict(a)
        for key, value in b.items():
            out[key] = merge(out.get(key), value)
        return out
    if isinstance(a, list) and isinstance(b, list):
        return [merge(a[0] if a else None, b[0] if b else None)] if a or b else []
    return b if a == "null" else a


def problems(recorded: Any, current: Any, where: str = "body") -> list[str]:
    """How `current` breaks `recorded` for a client that read it: a field gone, a type
    changed. New fields are additions (the contract allows them); a recorded null or empty
    list says nothing of its type, so anything goes there."""
    if recorded in ("null", []) or recorded is None:
        return []
    if isinstance(recorded, dict):
        if not isinstance(current, dict):
            return [f"{where}: an object became {current!r}"]
        out = []
        for key, value in recorded.items():
            if key not in current:
                out.append(f"{where}.{key}: gone")
            else:
                out += problems(value, current[key], f"{where}.{key}")
        return out
    if isinstance(recorded, list):
        if not isinstance(current, list):
            return [f"{where}: a list became {current!r}"]
        return problems(recorded[0], current[0], f"{where}[]") if current else []
    if current == "null" or (recorded == "number" and current == "integer"):
        return []
    return [] if recorded == current else [f"{where}: {recorded} became {current}"]


def answer_of(response: TestResponse) -> JSON:
    """A response reduced to what the contract promises of it."""
    kind = response.headers.get("Content-Type", "").split(";")[0]
    body: Any = None
    if kind == "application/json":
        body = response.get_json(silent=True)
    elif kind in ("application/x-ndjson", "text/event-stream"):
        body = frames(response.get_data(as_text=True), kind)
    reason = body.get("errors", {}).get("reason") if isinstance(body, dict) else None
    return {
        "status": response.status_code,
        "reason": reason,
        "content_type": kind,
        "headers": sorted(h for h in HEADERS if h in response.headers),
        "shape": shape(body),
    }


def frames(text: str, kind: str) -> list[JSON]:
    """A finished stream's frames, each as `{"event": ..., "data": ...}` (NDJSON's lines are
    the data with their `event` inside)."""
    out: list[JSON] = []
    if kind == "application/x-ndjson":
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    for block in text.split("\n\n"):
        event, data = "message", []
        for line in block.splitlines():
            if line.startswith("event:"):
                event = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].strip())
        if data:
            out.append({"event": event, "data": json.loads("\n".join(data))})
    return out


@dataclass
class Run:
    """One pass over a recording: the clients it sends to and what earlier answers said."""

    clients: Mapping[str, FlaskClient]
    state: dict[str, Any] = field(default_factory=dict)

    def resolve(self, value: Any) -> Any:
        if isinstance(value, dict):
            return {k: self.resolve(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.resolve(v) for v in value]
        if not isinstance(value, str) or not value.startswith("$"):
            return value
        if value.startswith(("$legal:", "$tok:", "$card:")):
            kind, name, which = value[1:].split(":")
            return self.seat_value(kind, name, which)
        at: Any = self.state
        for part in value[1:].split("."):
            at = at[int(part)] if isinstance(at, list) else at[part]
        return at

    def seat_value(self, kind: str, name: str, which: str) -> Any:
        """Of game `name`'s seat `which` (a number, `toact` or `other`, the seat after it): its
        token, its first legal move, or the first card of its hand, read when sent."""
        game = self.state[name]
        public = self.clients["open"].get(f"/api/v1/games/{game['id']}").get_json()
        to_act = (public["view"].get("to_act") or [0])[0]
        seats = [s for s in game["seats"] if "token" in s]
        seat = {"toact": to_act, "other": (to_act + 1) % len(game["seats"])}.get(which)
        number = int(which) if seat is None else seat
        token = next(s["token"] for s in seats if s["seat"] == number)
        if kind == "tok":
            return token
        view = (
            self.clients["open"]
            .get(f"/api/v1/games/{game['id']}", headers={"Authorization": f"Bearer {token}"})
            .get_json()["view"]
        )
        return view["legal_moves"][0] if kind == "legal" else view["hand"][0]

    def send(self, exchange: JSON) -> TestResponse:
        request = exchange["request"]
        path = request["path"]
        for name, value in request.get("params", {}).items():
            path = path.replace("{" + name + "}", str(self.resolve(value)))
        if request.get("query"):
            path += "?" + "&".join(f"{k}={self.resolve(v)}" for k, v in request["query"].items())
        headers = {k: str(self.resolve(v)) for k, v in request.get("headers", {}).items()}
        auth = request.get("auth")
        if auth:
            headers["Authorization"] = f"Bearer {self.resolve(auth)}"
        client = self.clients[request.get("app", "open")]
        kwargs: JSON = {"headers": headers}
        if "raw" in request:
            kwargs["data"] = request["raw"].encode()
            headers.setdefault("Content-Type", "application/json")
        elif "body" in request:
            kwargs["json"] = self.resolve(request["body"])
        response = client.open(path, method=request["method"], **kwargs)
        if exchange.get("capture"):
            self.state[exchange["capture"]] = response.get_json(silent=True)
        return response


def replay(
    clients: Mapping[str, FlaskClient],
    exchanges: Iterable[JSON],
    prepare: Callable[[Run], None] = lambda run: None,
) -> list[str]:
    """Every exchange sent in order; what broke, one line each (empty: compatible)."""
    run = Run(clients)
    prepare(run)
    out = []
    for exchange in exchanges:
        try:
            response = run.send(exchange)
        except (KeyError, IndexError, TypeError, StopIteration) as error:
            # An earlier answer lacks what this request is built from: a break too.
            out.append(f"{exchange['name']}: its request cannot be built ({error!r})")
            continue
        answer = answer_of(response)
        out += [f"{exchange['name']}: {p}" for p in judge(exchange, answer)]
    return out


def judge(exchange: JSON, answer: JSON) -> list[str]:
    """How `answer` breaks the recorded one; a deprecated form must also say so."""
    was = exchange["answer"]
    out = []
    for key in ("status", "reason", "content_type"):
        if was[key] != answer[key]:
            out.append(f"{key} {was[key]!r} became {answer[key]!r}")
    out += [f"header {h}: gone" for h in was["headers"] if h not in answer["headers"]]
    if exchange.get("deprecated"):
        out += [f"deprecated form without {h}" for h in DEPRECATION if h not in answer["headers"]]
    return out + problems(was["shape"], answer["shape"])


def load(path: Path) -> JSON:
    return dict(json.loads(path.read_text(encoding="utf-8")))


def major(version: str) -> int:
    match = re.match(r"(\d+)\.", version)
    return int(match.group(1)) if match else 0


def clients(settings: Mapping[str, Any]) -> dict[str, FlaskClient]:
    """The apps a recording is sent to: `open` (app keys off, as the suite runs) and `keyed`
    (app keys required, as a deployment runs), on the same Redis."""
    from service.app import create_app

    return {
        "open": create_app({**settings, "APP_KEYS": "off"}).test_client(),
        "keyed": create_app({**settings, "APP_KEYS": "required"}).test_client(),
    }


def issue_keys(redis_client: Any) -> Callable[[Run], None]:
    """A `prepare` that issues the run's two app keys (`$key`, `$key2`)."""
    from service.access.app_keys import AppKeys

    def prepare(run: Run) -> None:
        keys = AppKeys(redis_client)
        run.state["key"] = keys.issue("compat").key
        run.state["key2"] = keys.issue("compat-2").key

    return prepare
