"""Issue 17's "server errors from bad input", one case each, and their relatives: every body,
header, path or query below answers a 4xx in the one error shape, changes no game, and leaves
no traceback and no seed in the log. Each of the first group answered 500 with a traceback
(and the seed in a log line) before `service.http.json_in` read bodies."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from testkit.svc_helpers import API, Table, auth

from service.core.errors import REASONS

SECRET = "s3cret-seed-17"
"""Put in every bad body as (part of) a seed: no log line may repeat it."""
DEEP = 5000

CREATE = f"{API}/games"
MATCHES = f"{API}/matches"
GAME = '"game":"ducksoup","seats":[{},{}]'
MATCH = '"game":"ducksoup","bots":["random","random"],"games":2'

# (name, url, raw body, expected status, expected reason); `{gid}` is a live game.
BODIES: list[tuple[str, str, bytes | str, int, str]] = [
    # the findings of the issue
    ("lone surrogate seed, game", CREATE, f'{{{GAME},"seed":"\\ud800{SECRET}"}}', 400,
     "malformed_json"),
    ("lone surrogate seed, match", MATCHES, f'{{{MATCH},"seed":"\\ud800{SECRET}"}}', 400,
     "malformed_json"),
    ("nested 5,000 deep", CREATE, "[" * DEEP + "]" * DEEP, 400, "unsupported_json"),
    ("nested 5,000 deep in an option", CREATE,
     f'{{{GAME},"seed":"{SECRET}","options":{{"target":' + "[" * DEEP + "]" * DEEP + "}}",
     400, "unsupported_json"),
    ("5,000-digit integer", CREATE, f'{{{GAME},"options":{{"target":{"9" * 5000}}}}}', 400,
     "unsupported_json"),
    ("5,000-digit match size", MATCHES, f'{{"game":"ducksoup","games":{"7" * 5000}}}', 400,
     "unsupported_json"),
    # relatives
    ("a trailing low surrogate", CREATE, f'{{{GAME},"seed":"{SECRET}\\udfff"}}', 400,
     "malformed_json"),
    ("a surrogate in a name", CREATE, f'{{{GAME},"options":{{"\\ud83d":1}}}}', 400,
     "malformed_json"),
    ("NaN", CREATE, f'{{{GAME},"options":{{"target":NaN}}}}', 400, "malformed_json"),
    ("-Infinity", CREATE, f'{{{GAME},"options":{{"target":-Infinity}}}}', 400, "malformed_json"),
    ("a number past a double", CREATE, f'{{{GAME},"options":{{"target":1e400}}}}', 400,
     "unsupported_json"),
    ("an integer past 2**64", CREATE, f'{{{GAME},"options":{{"target":{2**64}}}}}', 422,
     "invalid_options"),
    ("a huge float as a whole number", CREATE, f'{{{GAME},"options":{{"target":1e300}}}}', 422,
     "invalid_options"),
    ("a huge float as a match size", MATCHES, f'{{{MATCH[:-1]}1e300}}', 422, "validation_error"),
    ("duplicate names", CREATE, f'{{{GAME},"seed":"{SECRET}","seed":"other"}}', 400,
     "unsupported_json"),
    ("nested 33 deep", CREATE, f'{{{GAME},"deal":' + "[" * 32 + "]" * 32 + "}", 400,
     "unsupported_json"),
    ("a UTF-8 byte order mark", CREATE, b"\xef\xbb\xbf{" + GAME.encode() + b"}", 400,
     "malformed_json"),
    ("invalid UTF-8", CREATE, b'{"game":"duck\xff\xfe","seats":[{},{}]}', 400,
     "malformed_json"),
    ("an overlong UTF-8 form", CREATE, b'{"game":"\xc0\xaf","seats":[{},{}]}', 400,
     "malformed_json"),
    ("UTF-16", CREATE, ("{" + GAME + "}").encode("utf-16"), 400, "malformed_json"),
    ("a NUL in a name", CREATE, '{"game":"duck\\u0000soup","seats":[{},{}]}', 422,
     "unknown_game"),
    ("a raw NUL byte", CREATE, b'{"game":"duck\x00","seats":[{},{}]}', 400, "malformed_json"),
    ("an overlong string", CREATE, '{"game":"' + "d" * 15000 + '","seats":[{},{}]}', 422,
     "validation_error"),
    ("an overlong seed", CREATE, f'{{{GAME},"seed":"{SECRET * 20}"}}', 422, "validation_error"),
    ("a body over the limit", CREATE, '{"game":"' + "d" * 20000 + '"}', 413, "body_too_large"),
    ("truncated", CREATE, '{"game":"ducksoup","seats":[{', 400, "malformed_json"),
    ("a bare string", CREATE, '"ducksoup"', 422, "validation_error"),
    ("a surrogate card", f"{API}/games/{{gid}}/moves", '{"move":{"type":"play","card":"\\ud800"}}',
     400, "malformed_json"),
    ("a 5,000-digit version", f"{API}/games/{{gid}}/moves",
     '{"move":{"type":"play","card":"4H"},"expected_version":' + "1" * 5000 + "}", 400,
     "unsupported_json"),
    ("a version past 2**53", f"{API}/games/{{gid}}/moves",
     '{"move":{"type":"play","card":"4H"},"expected_version":1e20}', 422, "validation_error"),
    ("a version past 2**63", f"{API}/games/{{gid}}/moves",
     '{"move":{"type":"play","card":"4H"},"expected_version":' + str(2**63) + "}", 409,
     "future_version"),
    ("a deep deal", f"{API}/games/{{gid}}/deal", '{"deal":' + "[" * DEEP + "]" * DEEP + "}",
     400, "unsupported_json"),
]  # fmt: skip


def _is_error(answer: Any, status: int, reason: str) -> None:
    body = answer.get_json()
    assert (answer.status_code, body["errors"]["reason"]) == (status, reason), body
    assert body["code"] == status and isinstance(body["message"], str) and body["status"]
    assert answer.mimetype == "application/json"
    assert reason in REASONS and REASONS[reason][0] == status


def _no_secret_nor_traceback(caplog: pytest.LogCaptureFixture) -> None:
    text = "\n".join(
        f"{rec.getMessage()} {rec.exc_text or ''} {rec.exc_info or ''}" for rec in caplog.records
    )
    assert SECRET not in text and "Traceback" not in text and "Error at" not in text, text
    assert not [rec for rec in caplog.records if rec.levelno >= logging.ERROR], text


@pytest.fixture()
def quiet_app(make_app: Callable[..., Flask]) -> Flask:
    """Exceptions are handled (as in production), not raised into the test."""
    return make_app(TESTING=False)


@pytest.mark.parametrize(("url", "data", "status", "reason"),
                         [pytest.param(*case[1:], id=case[0]) for case in BODIES])  # fmt: skip
def test_bad_bodies_are_a_4xx_and_change_nothing(
    quiet_app: Flask,
    r: redis.Redis,
    caplog: pytest.LogCaptureFixture,
    url: str,
    data: bytes | str,
    status: int,
    reason: str,
) -> None:
    client = quiet_app.test_client()
    table = Table.create(client)
    before = table.snapshot(r)
    games = set(r.scan_iter("dp:*"))
    with caplog.at_level(logging.INFO):
        answer = client.post(
            url.format(gid=table.gid),
            data=data,
            headers={**auth(table.host if "/deal" in url else table.seat(1).token),
                     "Content-Type": "application/json"},
        )  # fmt: skip
    _is_error(answer, status, reason)
    assert table.snapshot(r) == before
    assert set(r.scan_iter("dp:*")) == games  # nothing created either
    _no_secret_nor_traceback(caplog)


def test_refusals_name_the_rule_and_never_quote_the_body(quiet_app: Flask) -> None:
    client = quiet_app.test_client()
    said = {}
    for name, url, data, _, _ in BODIES[:6] + BODIES[8:9] + BODIES[14:15]:
        answer = client.post(url, data=data, headers={"Content-Type": "application/json"})
        said[name] = answer.get_json()["message"]
        assert SECRET not in said[name]
    assert "lone UTF-16 surrogate" in said["lone surrogate seed, game"]
    assert "nested more than 32 deep" in said["nested 5,000 deep"]
    assert "number is too large" in said["5,000-digit integer"]
    assert "NaN and Infinity" in said["NaN"]
    assert "member name twice" in said["duplicate names"]


def test_good_bodies_still_read_alike(client: FlaskClient) -> None:
    """The strict reader refuses only what it must: escapes, pairs, 2**53 - 1 and 32-deep
    bodies within the rules are read as before."""
    created = client.post(CREATE, data=f'{{{GAME},"seed":"\\ud83e\\udd86 \\u00e9t\\u00e9"}}',
                          content_type="application/json")  # fmt: skip
    assert created.status_code == 201, created.get_json()
    table = Table.create(client)
    move = f'{{"move":{{"type":"play","card":"4H"}},"expected_version":{2**53 - 1}}}'
    answer = client.post(
        f"{API}/games/{table.gid}/moves",
        data=move,
        headers={**auth(table.seat(1).token), "Content-Type": "application/json"},
    )
    assert answer.status_code == 409 and answer.get_json()["errors"]["reason"] == "future_version"
    assert client.post(f"{API}/games/{table.gid}/deal", data="[" * 31 + "]" * 31,
                       headers={**auth(table.host), "Content-Type": "application/json"}
                       ).get_json()["errors"]["reason"] != "unsupported_json"  # fmt: skip


# --- headers, paths and queries -----------------------------------------------------------

ODD = ["\x00", "\x7f", "\xff\xfe", "é" * 300, "\ud800", " " * 9000, "Bearer " + "x" * 5000]


@pytest.mark.parametrize("value", ODD, ids=range(len(ODD)))
@pytest.mark.parametrize("name", ["Authorization", "Idempotency-Key", "If-Match", "If-None-Match"])
def test_odd_header_values_are_a_4xx_or_ignored(
    quiet_app: Flask, r: redis.Redis, caplog: pytest.LogCaptureFixture, name: str, value: str
) -> None:
    client = quiet_app.test_client()
    table = Table.create(client)
    before = table.snapshot(r)
    with caplog.at_level(logging.INFO):
        answers = [
            client.get(f"{API}/games/{table.gid}", headers={name: value}),
            client.post(f"{API}/games/{table.gid}/moves", json={"move": {"type": "play",
                        "card": "ZZ"}}, headers={**auth(table.seat(1).token), name: value}),
            client.post(CREATE, json={"game": "ducksoup", "seats": [{}, {}], "seed": SECRET},
                        headers={name: value}),
        ]  # fmt: skip
    for answer in answers:
        assert answer.status_code < 500, answer.get_json()
        if answer.status_code >= 400:
            assert answer.get_json()["errors"]["reason"] in REASONS
    assert table.snapshot(r) == before
    _no_secret_nor_traceback(caplog)


PATHS = ["%00", "%ff%fe", "%ed%a0%80", "..%2f..%2fetc", "x" * 3000, "%25", "a b", "\u2603",
         "dp:{x}:state", "*", "[]"]  # fmt: skip
QUERIES = ["wait=" + "9" * 5000, "wait=nan", "wait=inf", "wait=-1", "wait=1e308",
           "after_version=" + "9" * 4000, "after_version=-0", "after=" + "9" * 5000,
           "after=1e3", "after=%00", "wait=%ff", "after_version=1&wait=" + "5" * 300]  # fmt: skip


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("tail", ["", "/events", "/moves", "/deal", "/record", "/scores"])
def test_odd_path_ids_are_a_404(quiet_app: Flask, path: str, tail: str) -> None:
    client = quiet_app.test_client()
    method = client.post if tail in ("/moves", "/deal") else client.get
    answer = method(f"{API}/games/{path}{tail}", headers=auth("x"))
    assert 400 <= answer.status_code < 500
    assert answer.get_json()["errors"]["reason"] in REASONS
    match = client.get(f"{API}/matches/{path}")
    assert match.status_code in (404, 405) and match.get_json()["errors"]["reason"] in REASONS


@pytest.mark.parametrize("query", QUERIES)
def test_odd_queries_are_a_422_or_read(quiet_app: Flask, query: str) -> None:
    client = quiet_app.test_client()
    table = Table.create(client)
    for url in (f"{API}/games/{table.gid}", f"{API}/games/{table.gid}/events"):
        answer = client.get(f"{url}?{query}", headers=auth(table.seat(0).token))
        assert answer.status_code < 500, answer.get_json()
        if answer.status_code >= 400:
            assert answer.get_json()["errors"]["reason"] in REASONS


def test_a_bug_logs_one_line_with_no_message_or_traceback(
    make_app: Callable[..., Flask], caplog: pytest.LogCaptureFixture
) -> None:
    """A real bug still answers 500 (`internal_error`), and its log line says where it was
    (kind, file, line) without the exception's text, which could quote a seed or a token."""
    app = make_app(TESTING=False)

    def boom() -> str:
        raise ValueError(f"seed {SECRET}")

    app.add_url_rule("/boom", "boom", boom)
    with caplog.at_level(logging.INFO):
        answer = app.test_client().get("/boom")
    _is_error(answer, 500, "internal_error")
    lines = [rec.getMessage() for rec in caplog.records if rec.levelno >= logging.ERROR]
    assert len(lines) == 1 and "ValueError at" in lines[0] and "in boom" in lines[0], lines
    assert SECRET not in lines[0] and not any(rec.exc_info for rec in caplog.records)


@pytest.mark.parametrize(
    ("text", "duplicate"),
    [
        (rb'{"seed":"a\":b","x":{"seed":1}}', False),  # a colon and a quote inside a string
        (rb'{"a\\":1,"a\\\\":2}', False),  # two names that differ by an escape
        (rb'{"k" : 1, "k":2}', True),  # whitespace before the colon
        (rb'{"\u0061":1,"a":2}', True),  # the same name, once escaped
        (rb'[{"a":1},{"a":2}]', False),  # one name in two objects
        (rb'{"o":{"a":[{"b":1,"b":2}]}}', True),  # deep inside
    ],
)
def test_duplicate_names_are_found_exactly(text: bytes, duplicate: bool) -> None:
    from service.core.errors import ServiceError
    from service.http.json_in import read_body

    if duplicate:
        with pytest.raises(ServiceError, match="member name twice"):
            read_body(text)
    else:
        assert read_body(text) is not None
