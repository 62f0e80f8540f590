"""HTTP edges (`service.http.edges`): bodies must be JSON, CORS for browser apps on other origins,
no caching of answers that hold tokens or hands, per-caller ETags with 304, and the one error
shape for what the WSGI server answers itself (a too long URL or header, an over-long chunked
body), checked against a real gunicorn."""

from __future__ import annotations

import http.client
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient
from testkit.svc_helpers import API, Table, auth

ROOT = Path(__file__).resolve().parents[3]
ORIGIN = "https://cards.example"


def _reason(r: Any) -> tuple[int, str]:
    return r.status_code, r.json["errors"]["reason"]


def test_a_body_that_is_not_json_is_415(client: FlaskClient) -> None:
    table = Table.create(client)
    url = f"{API}/games/{table.gid}/moves"
    for headers, data in (
        ({"Content-Type": "text/plain"}, '{"move": {"type": "play", "card": "4H"}}'),
        ({"Content-Type": "application/x-www-form-urlencoded"}, "move=4H"),
    ):
        r = client.post(url, data=data, headers={**auth(table.seat(1).token), **headers})
        assert _reason(r) == (415, "unsupported_media_type")
    r = client.post(f"{API}/games", data="game=duck", content_type="text/plain")
    assert _reason(r) == (415, "unsupported_media_type")
    # A bodiless POST needs no content type (dealing takes an empty body).
    assert client.post(f"{API}/games/{table.gid}/deal", headers=auth(table.host)).status_code == 409


def test_a_future_expected_version_has_its_own_reason(client: FlaskClient) -> None:
    table = Table.create(client)
    seat = table.seat(table.to_act())
    card = seat.view()["view"]["legal_moves"][0]["card"]
    assert seat.refused(card, expected_version=3) == (409, "future_version")
    assert seat.play(card, expected_version=0)["version"] == 1
    assert seat.refused(card, expected_version=0)[0] == 409  # now in the past (or not its turn)


def test_cors_preflight_and_exposed_headers(client: FlaskClient) -> None:
    pre = client.options(
        f"{API}/games",
        headers={
            "Origin": ORIGIN,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "Authorization, Content-Type, Idempotency-Key, "
            "Duckpond-App-Key",
        },
    )
    assert pre.status_code == 200
    assert pre.headers["Access-Control-Allow-Origin"] in ("*", ORIGIN)
    allowed = pre.headers["Access-Control-Allow-Headers"].lower()
    assert {"authorization", "content-type", "idempotency-key", "duckpond-app-key"} <= {
        h.strip() for h in allowed.split(",")
    }
    assert "POST" in pre.headers["Access-Control-Allow-Methods"]
    r = client.post(
        f"{API}/games", json={"game": "ducksoup", "seats": [{}, {}]}, headers={"Origin": ORIGIN}
    )
    assert r.status_code == 201
    exposed = {h.strip() for h in r.headers["Access-Control-Expose-Headers"].split(",")}
    assert {"ETag", "Location", "Idempotent-Replayed", "Retry-After"} <= exposed


def test_a_refusal_carries_cors_headers_for_a_browser_only(client: FlaskClient) -> None:
    """A cross-origin page must be able to read why it was refused; a client that sent no
    Origin (no browser) gets no CORS headers, on refusals as on answers."""
    table = Table.create(client)
    url = f"{API}/games/{table.gid}/moves"
    body = {"move": {"type": "play", "card": "ZZ"}}
    token = table.seat(table.to_act()).token
    browser = client.post(url, json=body, headers={**auth(token), "Origin": ORIGIN})
    assert browser.status_code == 422
    assert browser.headers["Access-Control-Allow-Origin"] in ("*", ORIGIN)
    assert "X-Request-Id" in browser.headers["Access-Control-Expose-Headers"]
    plain = client.post(url, json=body, headers=auth(token))
    assert plain.status_code == 422 and "Access-Control-Allow-Origin" not in plain.headers


def test_cors_can_be_switched_off(make_app: Any) -> None:
    client = make_app(CORS_ORIGINS=[]).test_client()
    r = client.get(f"{API}/catalog", headers={"Origin": ORIGIN})
    assert r.status_code == 200 and "Access-Control-Allow-Origin" not in r.headers


def test_answers_with_tokens_or_hands_are_not_stored(client: FlaskClient) -> None:
    created = client.post(f"{API}/games", json={"game": "ducksoup", "seats": [{}, {}]})
    assert created.headers["Cache-Control"] == "no-store"
    gid, token = created.json["id"], created.json["seats"][0]["token"]
    view = client.get(f"{API}/games/{gid}", headers=auth(token))
    assert view.headers["Cache-Control"] == "no-store" and view.json["view"]["hand"]
    assert (
        client.get(f"{API}/games/{gid}/events", headers=auth(token)).headers["Cache-Control"]
        == "no-store"
    )
    assert "no-store" not in client.get(f"{API}/catalog").headers.get("Cache-Control", "")


def test_each_caller_gets_its_own_etag_and_a_304_when_nothing_changed(
    client: FlaskClient,
) -> None:
    table = Table.create(client)
    created = table.created
    assert created["role"] == "host"  # the creator holds the host token
    url = f"{API}/games/{table.gid}"
    tags = {}
    for who, headers in (("seat1", auth(table.seat(1).token)), ("host", auth(table.host)),
                         ("public", {})):  # fmt: skip
        r = client.get(url, headers=headers)
        assert r.headers["ETag"] == f'"0.{who}"'
        tags[who] = r.headers["ETag"]
        again = client.get(url, headers={**headers, "If-None-Match": tags[who]})
        assert again.status_code == 304 and again.get_data() == b""
        assert again.headers["ETag"] == tags[who]
    # Another caller's tag is not this caller's: the body differs, so it is sent.
    assert client.get(url, headers={"If-None-Match": tags["seat1"]}).status_code == 200
    table.seat(table.to_act()).play(
        table.seat(table.to_act()).view()["view"]["legal_moves"][0]["card"]
    )
    r = client.get(url, headers={"If-None-Match": tags["public"]})
    assert r.status_code == 200 and r.headers["ETag"] == '"1.public"'


# --- against a real gunicorn ------------------------------------------------------------------


def _raw(port: int, request: bytes) -> tuple[int, str, bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(request)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers.get("content-type", ""), body


def _json_error(status: int, ctype: str, body: bytes, want: tuple[int, str]) -> None:
    import json

    assert (status, ctype) == (want[0], "application/json"), body[:200]
    payload = json.loads(body)
    assert payload["code"] == want[0] and payload["errors"]["reason"] == want[1]


def test_the_server_answers_its_own_errors_in_the_one_shape(served: int) -> None:
    long_url = b"GET /api/v1/games/" + b"x" * 9000 + b" HTTP/1.1\r\nHost: t\r\n\r\n"
    _json_error(*_raw(served, long_url), want=(414, "uri_too_long"))
    big_header = b"GET /livez HTTP/1.1\r\nHost: t\r\nX-Big: " + b"y" * 9000 + b"\r\n\r\n"
    _json_error(*_raw(served, big_header), want=(431, "headers_too_large"))
    many = b"".join(b"X-H%d: 1\r\n" % i for i in range(150))
    _json_error(*_raw(served, b"GET /livez HTTP/1.1\r\nHost: t\r\n" + many + b"\r\n"),
                want=(431, "headers_too_large"))  # fmt: skip
    _json_error(*_raw(served, b"NOT A REQUEST\r\n\r\n"), want=(400, "bad_request"))
    conn = http.client.HTTPConnection("127.0.0.1", served, timeout=10)
    conn.request("GET", "/no/such/path")
    answer = conn.getresponse()
    _json_error(answer.status, answer.getheader("Content-Type", ""), answer.read(),
                want=(404, "not_found"))  # fmt: skip


def test_an_over_long_chunked_body_is_413(served: int) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", served, timeout=20)
    chunk = b'{"game": "' + b"d" * (64 * 1024) + b'"}'

    def body() -> Iterator[bytes]:
        for _ in range(32):  # 2 MiB, no Content-Length: Transfer-Encoding: chunked
            yield chunk

    conn.request(
        "POST", f"{API}/games", body=body(), headers={"Content-Type": "application/json"},
        encode_chunked=True,
    )  # fmt: skip
    answer = conn.getresponse()
    _json_error(answer.status, answer.getheader("Content-Type", ""), answer.read(),
                want=(413, "body_too_large"))  # fmt: skip


def test_a_list_of_origins_answers_only_those_and_varies_by_origin(make_app: Any) -> None:
    client = make_app(CORS_ORIGINS=[ORIGIN]).test_client()
    mine = client.get(f"{API}/catalog", headers={"Origin": ORIGIN})
    assert mine.headers["Access-Control-Allow-Origin"] == ORIGIN
    other = client.get(f"{API}/catalog", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers
    plain = client.get(f"{API}/catalog")  # no Origin: same body, marked as varying by it
    assert "Access-Control-Allow-Origin" not in plain.headers
    assert "Origin" in plain.headers["Vary"] and "Origin" in mine.headers["Vary"]
