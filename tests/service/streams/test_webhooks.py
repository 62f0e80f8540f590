"""Webhooks (issue 24): an app key's feed entries POSTed to its endpoints, signed by the
Standard Webhooks scheme, retried through a REAL RQ worker (its scheduler makes the retries)
with the same `webhook-id`, logged per endpoint, disabled after persistent failure; and every
refusal a 4xx in the one error shape. The receiver is a real HTTP server on loopback that
verifies each signature with the `standardwebhooks` library and fails on demand."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, cast

import pytest
import redis
from flask import Flask
from rq import Retry
from rq.job import Job
from rq.registry import ScheduledJobRegistry
from rq.serializers import JSONSerializer
from standardwebhooks import Webhook, WebhookVerificationError
from testkit.svc_helpers import API, auth, wait_for

from service.access.app_keys import AppKeys
from service.storage.keys import (
    DELIVER_WEBHOOK_JOB,
    HOOKS_NOTE,
    endpoint_key,
    endpoint_slots_key,
    key_slots_key,
    relayed_key,
    waiting_key,
)
from service.streams.webhook_slots import DEFER_MAX, DEFER_MIN, defer_seconds

QUEUE = "duckpond-test-webhooks"
LOOPBACK = "127.0.0.0/8,::1/128"
FAST = {
    "WEBHOOK_QUEUE": QUEUE,
    "WEBHOOK_RETRY_SECONDS": "1,1,1",
    "WEBHOOK_ALLOWED_NETWORKS": LOOPBACK,
}


class Receiver:
    """A webhook receiver: answers 500 to the first `failures` deliveries, then 200; keeps
    every delivery it got with whether its signature verified."""

    def __init__(self) -> None:
        self.secret = ""
        self.failures = 0
        self.got: list[dict[str, Any]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                headers = {k.lower(): v for k, v in self.headers.items()}
                try:
                    data = Webhook(receiver.secret).verify(body, headers)
                    verified = True
                except WebhookVerificationError:
                    data, verified = json.loads(body), False
                failing = len(receiver.got) < receiver.failures
                receiver.got.append(
                    {
                        "id": headers["webhook-id"],
                        "verified": verified,
                        "data": data,
                        "host": headers.get("host"),
                        "status": 500 if failing else 200,
                    }
                )
                self.send_response(500 if failing else 200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *_: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://localhost:{self.server.server_port}/hooks?x=1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture()
def receiver() -> Iterator[Receiver]:
    started = Receiver()
    yield started
    started.close()


@pytest.fixture()
def hooked(
    make_app: Callable[..., Flask], spawn_worker: Callable[..., Any], r: redis.Redis
) -> Flask:
    """The app (keys required) and a real worker of the webhooks pool, on the test database."""
    spawn_worker(0, "webhooks", WEBHOOK_DISABLE_AFTER_SECONDS="3", **FAST)
    return make_app(APP_KEYS="required", **FAST)


def make_game(client: Any, key: str) -> str:
    body = {"game": "ducksoup", "seats": [{}, {"bot": "random"}], "seed": "hooks"}
    made = client.post(f"{API}/games", json=body, headers=auth(key))
    assert made.status_code == 201, made.json
    return str(made.json["id"])


def test_deliveries_are_signed_retried_with_the_same_id_and_logged(
    hooked: Flask, r: redis.Redis, receiver: Receiver, keys: AppKeys
) -> None:
    client = hooked.test_client()
    key = keys.issue("acme").key
    made = client.post(
        f"{API}/webhooks", json={"url": receiver.url, "events": ["game_created"]}, headers=auth(key)
    )
    assert made.status_code == 201, made.json
    hook = made.json
    assert hook["secret"].startswith("whsec_") and hook["status"] == "active"
    receiver.secret, receiver.failures = hook["secret"], 2
    listed = client.get(f"{API}/webhooks", headers=auth(key)).json["webhooks"]
    assert [h["id"] for h in listed] == [hook["id"]] and "secret" not in listed[0]
    assert "secret" not in client.get(f"{API}/webhooks/{hook['id']}", headers=auth(key)).json
    gid = make_game(client, key)
    try:
        wait_for(lambda: len(receiver.got) >= 3, timeout=20)
    except AssertionError:
        raise AssertionError(receiver.got) from None
    time.sleep(0.5)
    got = receiver.got
    assert len(got) == 3, got  # two 500s, then the 200: no more
    assert all(g["verified"] for g in got)
    assert len({g["id"] for g in got}) == 1  # every attempt is the same message
    assert got[0]["data"]["type"] == "game_created" and got[0]["data"]["data"]["game_id"] == gid
    assert got[0]["host"] == receiver.url.split("/")[2]  # sent to the checked address, as Host
    log = client.get(f"{API}/webhooks/{hook['id']}/deliveries", headers=auth(key)).json
    (delivery,) = log["deliveries"]
    assert delivery["id"] == got[0]["id"] and delivery["status"] == "delivered"
    assert delivery["attempts"] == 3 and delivery["status_code"] == 200
    assert delivery["last_error"] is None and delivery["last_attempt"]
    state = client.get(f"{API}/webhooks/{hook['id']}", headers=auth(key)).json
    assert state["delivered"] == 1 and state["failing_since"] is None
    # Only the types asked for: the game's turns and deal went to no endpoint.
    assert {g["data"]["type"] for g in got} == {"game_created"}
    gone = client.delete(f"{API}/webhooks/{hook['id']}", headers=auth(key))
    assert gone.status_code == 204
    assert client.get(f"{API}/webhooks/{hook['id']}", headers=auth(key)).status_code == 404


def test_an_endpoint_that_keeps_failing_is_disabled(
    hooked: Flask, r: redis.Redis, receiver: Receiver, keys: AppKeys
) -> None:
    client = hooked.test_client()
    key = keys.issue("acme").key
    hook = client.post(
        f"{API}/webhooks", json={"url": receiver.url, "events": ["game_created"]}, headers=auth(key)
    ).json
    receiver.secret, receiver.failures = hook["secret"], 1000
    make_game(client, key)

    def disabled() -> bool:
        state = client.get(f"{API}/webhooks/{hook['id']}", headers=auth(key)).json
        return bool(state["status"] == "disabled")

    wait_for(disabled, timeout=30)
    state = client.get(f"{API}/webhooks/{hook['id']}", headers=auth(key)).json
    assert state["disabled_reason"] and state["disabled_at"] and state["failing_since"]
    (delivery,) = client.get(f"{API}/webhooks/{hook['id']}/deliveries", headers=auth(key)).json[
        "deliveries"
    ]
    # Disabled once its failures span 3 s: a retry at least (retries come a second apart,
    # so usually 3 or 4 attempts; under load a late retry can be the one that disables it).
    assert delivery["status"] == "failed" and delivery["attempts"] >= 2
    assert delivery["last_error"] == "answered HTTP 500"
    tries = len(receiver.got)
    make_game(client, key)  # a disabled endpoint gets nothing more
    time.sleep(1.5)
    assert len(receiver.got) == tries


def test_bad_endpoints_and_wrong_keys_are_refused_in_the_one_error_shape(
    make_app: Callable[..., Flask], r: redis.Redis, keys: AppKeys
) -> None:
    strict = make_app(APP_KEYS="required").test_client()  # no private network allowed
    mine, other = keys.issue("acme"), keys.issue("other")
    url = "http://127.0.0.1:9/hooks"
    allowed = make_app(APP_KEYS="required", WEBHOOK_ALLOWED_NETWORKS=LOOPBACK).test_client()
    hook = allowed.post(
        f"{API}/webhooks", json={"url": url, "events": ["turn"]}, headers=auth(mine.key)
    ).json
    cases: list[tuple[Any, dict[str, Any], int, str]] = [
        ({"url": url, "events": ["turn"]}, auth(mine.key), 422, "webhook_url_refused"),
        (
            {"url": "http://10.1.2.3/x", "events": ["turn"]},
            auth(mine.key),
            422,
            "webhook_url_refused",
        ),
        (
            {"url": "http://169.254.169.254/", "events": ["turn"]},
            auth(mine.key),
            422,
            "webhook_url_refused",
        ),
        (
            {"url": "ftp://example.com/", "events": ["turn"]},
            auth(mine.key),
            422,
            "webhook_url_refused",
        ),
        (
            {"url": "http://u:p@example.com/", "events": ["turn"]},
            auth(mine.key),
            422,
            "webhook_url_refused",
        ),
        ({"url": url, "events": ["card_played"]}, auth(mine.key), 422, "validation_error"),
        ({"url": url, "events": []}, auth(mine.key), 422, "validation_error"),
        ({"url": url, "events": ["turn"]}, {}, 401, "missing_app_key"),
        ({"url": url, "events": ["turn"]}, auth(mine.key[:-4] + "AAAA"), 401, "bad_app_key"),
    ]
    for body, headers, status, reason in cases:
        answer = strict.post(f"{API}/webhooks", json=body, headers=headers)
        assert answer.status_code == status, (body, answer.json)
        assert answer.json["errors"]["reason"] == reason
    for path in (f"/webhooks/{hook['id']}", f"/webhooks/{hook['id']}/deliveries"):
        theirs = strict.get(API + path, headers=auth(other.key))
        assert theirs.status_code == 404 and theirs.json["errors"]["reason"] == "no_such_webhook"
    assert strict.delete(f"{API}/webhooks/{hook['id']}", headers=auth(other.key)).status_code == 404
    assert strict.get(f"{API}/webhooks/nonsense", headers=auth(mine.key)).status_code == 404
    assert strict.get(f"{API}/webhooks", headers=auth(other.key)).json == {"webhooks": []}
    keys.revoke(mine.id)
    revoked = strict.get(f"{API}/webhooks", headers=auth(mine.key))
    assert revoked.status_code == 403 and revoked.json["errors"]["reason"] == "app_key_revoked"


def test_a_delivery_without_a_free_slot_is_deferred_with_its_retries(
    make_app: Callable[..., Flask], r: redis.Redis
) -> None:
    """Issue 31, item 12: a key's deliveries share its slots; one that finds them full is
    scheduled again (a copy with the retries it had left: at least once, as ever) rather than
    waiting in its worker. The slots are one script, so two workers never both take the last."""
    hooks = make_app(**FAST).extensions["duckpond"].webhooks
    key_id, eid = "ab12", "wh_0123456789abcdef"
    keys = [key_slots_key(key_id), endpoint_slots_key(key_id, eid), waiting_key(key_id, eid)]
    now = int(time.time() * 1000)

    def take(slot: str) -> list[int]:
        return cast(list[int], hooks.slots(keys=keys, args=[slot, now, 60_000, 1, 1, 600_000]))

    assert take("webhook_a_1") == [1, 0]
    assert take("webhook_a_2") == [0, 1]  # the key's one slot is taken: it waits
    assert take("webhook_a_3") == [0, 2]
    hooks.slots(keys=keys, args=["webhook_a_1", now, "free"])
    assert take("webhook_a_2") == [1, 0]  # freed: the next one takes it, and waits no more

    job = hooks.queue.enqueue_call(
        DELIVER_WEBHOOK_JOB,
        args=(key_id, eid, 7, "turn", "{}"),
        job_id="webhook_wh_0123456789abcdef_7",
        retry=Retry(max=3, interval=[1, 1, 1]),
    )
    job.retries_left = 2  # one attempt failed already
    assert hooks.defer(job, key_id, eid, waiting=1) == "deferred"
    copy = Job.fetch(f"{job.id}-d1", connection=hooks.queue.connection, serializer=JSONSerializer)
    assert copy.args == list(job.args) and copy.retries_left == 2
    assert copy.meta["deferrals"] == 1
    scheduled = ScheduledJobRegistry(queue=hooks.queue)
    assert copy.id in scheduled.get_job_ids()
    due = (scheduled.get_scheduled_time(copy) - datetime.now(UTC)).total_seconds()
    # No attempt timed yet: the shortest deferral, not a guess. RQ keeps the time in whole
    # seconds (the fraction dropped), so it may read up to a second early.
    assert -1 < due <= DEFER_MIN
    hooks.redis.hset(endpoint_key(key_id, eid), "attempt_ms", 5000)  # a slow receiver, measured
    job.meta["deferrals"] = 1
    assert hooks.defer(job, key_id, eid, waiting=30) == "deferred"
    later = Job.fetch(f"{job.id}-d2", connection=hooks.queue.connection, serializer=JSONSerializer)
    due = (scheduled.get_scheduled_time(later) - datetime.now(UTC)).total_seconds()
    assert DEFER_MAX - 2 <= due <= DEFER_MAX  # 30 deliveries of 5 s ahead: a minute's wait
    assert defer_seconds(1, 1, 0.05) == DEFER_MIN and defer_seconds(100, 1, 5) == DEFER_MAX


def test_the_relay_notes_whether_a_key_has_webhooks_and_a_change_of_them_clears_it(
    make_app: Callable[..., Flask], r: redis.Redis, receiver: Receiver, keys: AppKeys
) -> None:
    """The relay looks whether the key has webhooks once, and notes it in the relayed hash
    (no EXISTS a relay); registering or deleting an endpoint deletes the note in the same
    step, so the next relay looks again and the pending set hears of the entries."""
    client = make_app(APP_KEYS="required", **FAST).test_client()
    issued = keys.issue("acme")
    relayed = relayed_key(issued.id)

    def relays(note: bytes) -> None:  # a game's entries, relayed (after the commit, on a cluster)
        make_game(client, issued.key)
        wait_for(lambda: r.hget(relayed, HOOKS_NOTE) == note, timeout=10)

    relays(b"0")
    hook = client.post(
        f"{API}/webhooks", json={"url": receiver.url, "events": ["game_created"]},
        headers=auth(issued.key),
    ).json  # fmt: skip
    assert r.hget(relayed, HOOKS_NOTE) is None
    relays(b"1")
    assert (
        client.delete(f"{API}/webhooks/{hook['id']}", headers=auth(issued.key)).status_code == 204
    )
    assert r.hget(relayed, HOOKS_NOTE) is None
    relays(b"0")
