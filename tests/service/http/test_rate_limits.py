"""Rate limits (issue 17): every route, per address and per app key, failed authentications
too; 429 in the one error shape with Retry-After and RateLimit-* headers; never a 500 when
Redis is away. Each test sets low limits of its own."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from testkit.svc_helpers import API, Table, auth, pinned_deal
from werkzeug.test import TestResponse

from service.access.app_keys import AppKeys
from service.app import create_app
from service.games.callers import new_token
from service.http import rate_limits
from service.tables.tables import Tables

CREATE = {"game": "doubleduck", "seats": [{}, {}, {}, {}]}


def at(app: Flask, address: str, **env: str) -> FlaskClient:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    client.environ_base.update({f"HTTP_{k}": v for k, v in env.items()})
    return client


def test_every_route_shares_one_budget_per_address(make_app: Callable[..., Flask]) -> None:
    app = make_app(RATE_LIMIT_PER_ADDRESS="4 per minute", RATE_LIMIT_HEADERS=True)
    client = at(app, "192.0.2.1")
    remaining = []
    for path in ("/livez", f"{API}/catalog", "/livez", f"{API}/games/nope"):
        answer = client.get(path)
        assert answer.status_code in (200, 404)
        assert answer.headers["RateLimit-Limit"] == "4"
        assert 0 < int(answer.headers["RateLimit-Reset"]) <= 60
        remaining.append(int(answer.headers["RateLimit-Remaining"]))
    assert remaining == [3, 2, 1, 0]
    over = client.post(f"{API}/games", json=CREATE)
    assert over.status_code == 429
    assert over.json["errors"]["reason"] == "rate_limited"
    assert set(over.json) == {"code", "status", "message", "errors"}
    assert 1 <= int(over.headers["Retry-After"]) <= 60
    assert over.headers["RateLimit-Remaining"] == "0"
    # Another address has its own budget.
    assert at(app, "192.0.2.2").get("/livez").status_code == 200


def test_x_forwarded_for_counts_only_behind_a_trusted_proxy(
    make_app: Callable[..., Flask],
) -> None:
    direct = make_app(RATE_LIMIT_PER_ADDRESS="2 per minute")
    for i in range(2):
        assert (
            at(direct, "192.0.2.9", X_FORWARDED_FOR=f"10.0.0.{i}").get("/livez").status_code == 200
        )
    # A client cannot escape its limit by claiming another address.
    assert at(direct, "192.0.2.9", X_FORWARDED_FOR="10.0.0.7").get("/livez").status_code == 429
    proxied = make_app(RATE_LIMIT_PER_ADDRESS="2 per minute", TRUSTED_PROXIES=1)
    for _ in range(2):
        assert (
            at(proxied, "127.0.0.1", X_FORWARDED_FOR="198.51.100.1").get("/livez").status_code
            == 200
        )
    assert at(proxied, "127.0.0.1", X_FORWARDED_FOR="198.51.100.1").get("/livez").status_code == 429
    # Behind the proxy, each client is its forwarded address (the proxy's own is not one).
    assert at(proxied, "127.0.0.1", X_FORWARDED_FOR="198.51.100.2").get("/livez").status_code == 200


def test_failed_authentications_lock_an_address_out(make_app: Callable[..., Flask]) -> None:
    app = make_app(RATE_LIMIT_AUTH_FAILURES="3 per minute")
    table = Table.create(app.test_client())
    guesser = at(app, "192.0.2.3")
    url = f"{API}/games/{table.gid}"
    # Reading without a token is no failure ...
    for _ in range(5):
        assert guesser.get(url).status_code == 200
    # ... a wrong token is.
    for n in range(3):
        wrong = guesser.get(url, headers=auth(f"{table.gid}.guess{n}"))
        assert wrong.status_code == 401
    refused = guesser.get(url, headers=auth(f"{table.gid}.guess3"))
    assert refused.status_code == 429 and refused.json["errors"]["reason"] == "rate_limited"
    move = {"move": {"type": "play", "card": "2C"}}
    assert guesser.post(f"{url}/moves", json=move, headers=auth("x")).status_code == 429
    # The rightful seat, at this address (behind the same NAT) or at another, still reads.
    assert guesser.get(url, headers=auth(table.seats[0].token)).status_code == 200
    assert at(app, "192.0.2.4").get(url, headers=auth(table.seats[0].token)).status_code == 200


FORGED = "A" * 32
"""The secret part of a made-up credential shaped like a real one (it costs a lookup)."""


def _refused_by_lockout(answer: TestResponse) -> bool:
    return (
        answer.status_code == 429
        and answer.json is not None
        and answer.json["errors"]["reason"] == "rate_limited"
        and answer.json["message"] == rate_limits.MESSAGES["auth_failures"]
        and 1 <= int(answer.headers["Retry-After"]) <= 60
        and answer.headers["RateLimit-Remaining"] == "0"
    )


def _lockout_answers(
    app: Flask, monkeypatch: pytest.MonkeyPatch, address: str
) -> list[tuple[Any, ...]]:
    """One locked-out address's answers, with whether each reached Flask and the store."""
    table = Table.create(app.test_client(), deal=pinned_deal(), seed="lockout")
    other = Table.create(app.test_client(), seed="other")
    url = f"{API}/games/{table.gid}"
    reached: list[str] = []
    opened: list[str] = []
    dispatch, open_game = Flask.full_dispatch_request, Tables.open

    def flask_spy(self: Flask) -> Any:
        reached.append("flask")
        return dispatch(self)

    def open_spy(self: Tables, gid: str, *args: Any, **kwargs: Any) -> Any:
        opened.append(gid)
        return open_game(self, gid, *args, **kwargs)

    monkeypatch.setattr(Flask, "full_dispatch_request", flask_spy)
    monkeypatch.setattr(Tables, "open", open_spy)
    nat = at(app, address)
    seat = table.seat(table.to_act())
    play = {"move": {"type": "play", "card": pinned_deal()["hands"][seat.seat][0]}}
    sent = [
        ("guess 0", "GET", url, f"{table.gid}.guess0", None),
        ("guess 1", "GET", url, f"{table.gid}.guess1", None),
        ("guess 2", "POST", f"{url}/moves", "nope", play),
        ("made up", "GET", url, f"{table.gid}.guess3", None),
        ("made up move", "POST", f"{url}/moves", "nope", play),
        ("shaped like a token", "GET", url, f"{table.gid}.{FORGED}", None),
        ("the same again", "GET", url, f"{table.gid}.{FORGED}", None),
        ("another game's token", "GET", url, other.seats[0].token, None),
        ("the seat's view", "GET", url, seat.token, None),
        ("the seat's move", "POST", f"{url}/moves", seat.token, play),
        ("the host's view", "GET", url, table.host, None),
        ("another seat's view", "GET", url, table.seat((seat.seat + 1) % 4).token, None),
    ]
    out: list[tuple[Any, ...]] = []
    for what, method, path, token, body in sent:
        reached.clear()
        opened.clear()
        answer = nat.open(path, method=method, json=body, headers=auth(token))
        reason = (answer.json or {}).get("errors", {}).get("reason")
        headers = sorted(name for name, _ in answer.headers.items() if name != "X-Request-Id")
        lockout = _refused_by_lockout(answer)
        out.append(
            (what, answer.status_code, reason, lockout, headers, reached != [], opened != [])
        )
    return out


@pytest.mark.parametrize("lane", [True, False], ids=["fast lane", "flask"])
def test_a_lockout_refuses_the_refused_and_never_the_valid(
    make_app: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch, lane: bool
) -> None:
    """Behind one NAT, a guesser spends the address's refused-credential limit: its next
    made-up tokens are 429 (a malformed or already refused one without a read of the game),
    while the players behind the same address read their views and play on."""
    app = make_app(FAST_LANE=lane, RATE_LIMIT_AUTH_FAILURES="3 per minute")
    answers = {a[0]: a[1:] for a in _lockout_answers(app, monkeypatch, "192.0.2.30")}
    for what in ("guess 0", "guess 1", "guess 2"):
        assert answers[what][:3] == (401, "bad_token", False), what
    # The players behind the guesser's address: the limit is spent, and they play on.
    for what in ("the seat's view", "the seat's move", "the host's view", "another seat's view"):
        assert answers[what][:3] == (200, None, False), what
    for what in (
        "made up",
        "made up move",
        "shaped like a token",
        "the same again",
        "another game's token",
    ):
        assert answers[what][:3] == (429, "rate_limited", True), what
    # Refused without reading the game: a malformed token, and one refused here before.
    for what in ("made up", "made up move", "the same again"):
        assert answers[what][5] is False, what
    # A token shaped like a real one is checked against the game before it is refused.
    assert answers["shaped like a token"][5] is True
    # The lane answered its routes itself (Flask never ran), refusals included.
    for what, (_, _, _, _, reached_flask, _) in answers.items():
        assert reached_flask is not lane, what


def test_a_lockout_is_answered_alike_by_the_lane_and_by_flask(
    make_app: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = []
    for lane, address in ((True, "192.0.2.32"), (False, "192.0.2.33")):
        app = make_app(FAST_LANE=lane, RATE_LIMIT_AUTH_FAILURES="3 per minute")
        answers.append([a[:5] + a[6:] for a in _lockout_answers(app, monkeypatch, address)])
        monkeypatch.undo()
    assert answers[0] == answers[1]


def test_a_lockout_never_refuses_a_valid_app_key(
    make_app: Callable[..., Flask], r: redis.Redis
) -> None:
    app = make_app(APP_KEYS="required", RATE_LIMIT_AUTH_FAILURES="3 per minute")
    keys = AppKeys(r)
    key = keys.issue("integrator")
    revoked = keys.issue("gone")
    keys.revoke(revoked.id)
    nat = at(app, "192.0.2.31")
    for n in range(3):
        guess = nat.post(f"{API}/games", json=CREATE, headers=auth(f"guess{n}"))
        assert guess.status_code == 401 and guess.json["errors"]["reason"] == "bad_app_key"
    forged = f"dpk_{key.id}_{FORGED}"
    for credential in ("nope", forged, forged, revoked.key):
        refused = nat.post(f"{API}/games", json=CREATE, headers=auth(credential))
        assert _refused_by_lockout(refused), credential
    made = nat.post(f"{API}/games", json=CREATE, headers=auth(key.key))
    assert made.status_code == 201
    # Its host token, from the same address, is as valid as the key.
    host = made.json["host_token"]
    assert nat.get(f"{API}/games/{made.json['id']}", headers=auth(host)).status_code == 200


def test_an_app_key_has_its_own_budget_across_addresses(
    make_app: Callable[..., Flask], r: redis.Redis
) -> None:
    app = make_app(APP_KEYS="required", RATE_LIMIT_PER_APP_KEY="2 per minute")
    keys = AppKeys(r)
    busy, quiet = keys.issue("busy").key, keys.issue("quiet").key
    for address in ("192.0.2.5", "192.0.2.6"):
        made = at(app, address).post(f"{API}/games", json=CREATE, headers=auth(busy))
        assert made.status_code == 201
    over = at(app, "192.0.2.7").post(f"{API}/games", json=CREATE, headers=auth(busy))
    assert over.status_code == 429 and over.json["errors"]["reason"] == "rate_limited"
    assert (
        at(app, "192.0.2.7").post(f"{API}/games", json=CREATE, headers=auth(quiet)).status_code
        == 201
    )


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_redis_away_is_no_500_from_the_limiter() -> None:
    app = create_app(
        {"REDIS_URL": f"redis://127.0.0.1:{_closed_port()}/0", "RATE_LIMIT_PER_ADDRESS": "1/minute"}
    )
    client = app.test_client()
    for _ in range(3):  # over the limit, yet not refused: the counters are unreachable
        assert client.get("/livez").status_code == 200
    answer = client.get(f"{API}/games/abc")
    assert answer.status_code == 503 and answer.json["errors"]["reason"] == "redis_unavailable"


def test_by_default_only_a_429_carries_the_limit_headers(make_app: Callable[..., Flask]) -> None:
    client = make_app(RATE_LIMIT_PER_ADDRESS="1 per minute").test_client()
    assert "RateLimit-Limit" not in client.get("/livez").headers
    over = client.get("/livez")
    assert over.status_code == 429 and over.headers["RateLimit-Limit"] == "1"
    assert over.headers["RateLimit-Remaining"] == "0" and int(over.headers["Retry-After"]) >= 1


def test_limits_can_be_turned_off(make_app: Callable[..., Flask]) -> None:
    app = make_app(RATE_LIMITS_ENABLED=False, RATE_LIMIT_PER_ADDRESS="1 per minute")
    client = app.test_client()
    assert [client.get("/livez").status_code for _ in range(3)] == [200, 200, 200]
    assert "RateLimit-Limit" not in client.get("/livez").headers


def test_the_spec_documents_a_429_on_every_operation(client: FlaskClient) -> None:
    spec = client.get("/openapi.json").json
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            limited = operation["responses"]["429"]
            assert limited == {"$ref": "#/components/responses/RateLimited"} or (
                "`rate_limited`" in limited["description"]  # creations: quotas as well
            ), (method, path)
    limited = spec["components"]["responses"]["RateLimited"]
    assert {"Retry-After", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"} <= set(
        limited["headers"]
    )
    assert (
        "rate_limited"
        in spec["components"]["schemas"]["ErrorDetailsOut"]["properties"]["reason"]["enum"]
    )


# --- counting in batches (issue 11) ---------------------------------------------------------


def _counted(r: redis.Redis, address: str) -> int:
    """The per-address count Redis holds for `address` (0 before its first batch)."""
    keys = [k for k in r.scan_iter("ratelimit*") if address.encode() in k]
    return sum(int(r.get(k) or 0) for k in keys)


def test_a_high_limit_is_counted_in_redis_a_batch_at_a_time(
    make_app: Callable[..., Flask], r: redis.Redis
) -> None:
    """1000 a minute: a batch is 10 hits, so nine requests cost no Redis command of the limiter
    and the tenth adds all ten."""
    client = at(make_app(RATE_LIMIT_PER_ADDRESS="1000 per minute"), "192.0.2.20")
    for _ in range(9):
        assert client.get("/livez").status_code == 200
    assert _counted(r, "192.0.2.20") == 0
    assert client.get("/livez").status_code == 200
    assert _counted(r, "192.0.2.20") == 10


def test_processes_exceed_a_limit_by_at_most_a_batch_each(
    make_app: Callable[..., Flask], r: redis.Redis
) -> None:
    """Two processes (two apps) share 200 a minute, batches of 2: together they let through
    200 requests, plus at most one uncounted hit each, then refuse without asking Redis."""
    clients = [at(make_app(RATE_LIMIT_PER_ADDRESS="200 per minute"), "192.0.2.21") for _ in "ab"]
    allowed = 0
    for n in range(400):
        if clients[n % 2].get("/livez").status_code == 200:
            allowed += 1
    assert 200 <= allowed <= 202
    counted = _counted(r, "192.0.2.21")
    for client in clients:
        refused = client.get("/livez")
        assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60
        assert refused.headers["RateLimit-Remaining"] == "0"
    assert _counted(r, "192.0.2.21") == counted  # refused in memory: Redis untouched


def test_every_credential_the_service_makes_is_plausible(r: redis.Redis) -> None:
    """A lockout refuses a credential of another shape unchecked: every token and key the
    service issues must have the shape it looks for."""
    for owner in ("a", "x-Ttxgry1dFa", "Z_" * 32):
        assert all(rate_limits.plausible(new_token(owner)) for _ in range(200))
    assert rate_limits.plausible(AppKeys(r).issue("shape").key)
    for made_up in ("nope", "a.b", f"a.{FORGED}x", f"a b.{FORGED}", "dpk_123_" + FORGED, ""):
        assert not rate_limits.plausible(made_up), made_up


def test_a_lockout_reaches_every_process_within_a_second(
    make_app: Callable[..., Flask],
) -> None:
    first = make_app(RATE_LIMIT_AUTH_FAILURES="3 per minute")
    second = make_app(RATE_LIMIT_AUTH_FAILURES="3 per minute")
    table = Table.create(first.test_client())
    url, token = f"{API}/games/{table.gid}", table.seats[0].token
    # The second process learns that the address is not locked out, and trusts it a while.
    assert at(second, "192.0.2.22").get(url, headers=auth(token)).status_code == 200
    guesser = at(first, "192.0.2.22")
    for n in range(3):
        assert guesser.get(url, headers=auth(f"{table.gid}.guess{n}")).status_code == 401
    made_up = auth(f"{table.gid}.guess3")
    assert guesser.get(url, headers=made_up).status_code == 429  # here at once
    time.sleep(rate_limits.LOCKOUT_CHECK_SECONDS + 0.05)
    assert at(second, "192.0.2.22").get(url, headers=made_up).status_code == 429
    # The valid token is still valid, in both processes.
    assert guesser.get(url, headers=auth(token)).status_code == 200
    assert at(second, "192.0.2.22").get(url, headers=auth(token)).status_code == 200


def test_invite_code_claims_are_limited_per_address(make_app: Callable[..., Flask]) -> None:
    """Issue 31, item 17: an invite code is a credential in the body, which the failed
    authentications' count does not see; claims have a limit of their own per address."""
    app = make_app(RATE_LIMIT_CLAIMS="5 per minute")
    host = at(app, "192.0.2.20")
    created: dict[str, Any] = host.post(
        f"{API}/games", json={"game": "ducksoup", "seats": [{}, {"open": True}]}
    ).get_json()
    url = f"{API}/games/{created['id']}/claim"
    guesser = at(app, "192.0.2.21")
    for n in range(5):
        wrong = guesser.post(url, json={"invite_code": f"guess-{n}"})
        assert (
            wrong.status_code == 403 and wrong.get_json()["errors"]["reason"] == "bad_invite_code"
        )
    over = guesser.post(url, json={"invite_code": "guess-5"})
    body: dict[str, Any] = over.get_json()
    assert over.status_code == 429, body
    assert set(body) == {"code", "status", "message", "errors"}
    assert body["errors"]["reason"] == "rate_limited"
    assert body["message"] == rate_limits.MESSAGES["claims"]
    assert 1 <= int(over.headers["Retry-After"]) <= 60
    # Even the right code waits at that address; nothing was claimed meanwhile.
    assert guesser.post(url, json={"invite_code": created["invite_code"]}).status_code == 429
    assert host.get(f"{API}/games/{created['id']}").get_json()["seats"][1]["open"] is True
    # Other routes at that address, and claims from another one, are not held up.
    assert guesser.get(f"{API}/games/{created['id']}").status_code == 200
    friend = at(app, "192.0.2.22").post(url, json={"invite_code": created["invite_code"]})
    assert friend.status_code == 200 and friend.get_json()["seat"] == 1
