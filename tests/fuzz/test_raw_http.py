"""A raw-HTTP fuzzer against the real service under gunicorn (as `scripts/serve` runs it), on
loopback only: malformed request lines, methods, headers, framings, encodings and bodies, by
hand and by seeded mutation of valid requests. Every answer must be below 500 and, when it is
an error, in the one error shape; the server's log (gunicorn's and the app's, at INFO) must hold
no traceback, no seed and no token. Deterministic (a fixed `random.Random` seed) and bounded
(`MUTANTS` requests, each with a short timeout)."""

from __future__ import annotations

import gzip
import json
import random
import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

SECRET = "s3cret-seed-raw"
"""The seed of the fuzzer's own game, sent in many bodies: no log line may repeat it."""
MUTANTS = 400
TIMEOUT = 5.0
DB = 3
"""The server's Redis database: no other test flushes it under the fuzzer."""


@pytest.fixture(scope="module")
def server(redis_port: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """gunicorn with its log in a file, and a game (tokens, id) to aim requests at."""
    from testkit.service_fixtures import gunicorn

    redis.Redis(port=redis_port, db=DB).flushdb()
    log = tmp_path_factory.mktemp("raw") / "server.log"
    with gunicorn(redis_port, DB, log=log, LOG_LEVEL="INFO", MAX_BODY_BYTES="16384",
                  MAX_WAIT_SECONDS="1") as port:  # fmt: skip
        status, _, body = exchange(port, request("POST", "/api/v1/games", {
            "game": "ducksoup", "seats": [{}, {}], "seed": SECRET}), timeout=60)  # fmt: skip
        assert status == 201, body
        created = json.loads(body)
        yield {"port": port, "log": log, "game": created}


def request(method: str, path: str, body: Any = None, **headers: str) -> bytes:
    """A well-formed HTTP/1.1 request (JSON body), the seed of the mutations."""
    data = b"" if body is None else json.dumps(body).encode()
    head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    if body is not None:
        head += ["Content-Type: application/json", f"Content-Length: {len(data)}"]
    head += [f"{k.replace('_', '-')}: {v}" for k, v in headers.items()]
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + data


def exchange(
    port: int, raw: bytes, timeout: float = TIMEOUT
) -> tuple[int | None, dict[str, str], bytes]:
    """Send `raw`, close our side, read the first answer (None: the server sent nothing). The
    first request of a fresh gunicorn worker loads the app: on a loaded machine it took over
    5 s, so the fixture's creation allows a minute."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        try:
            s.sendall(raw)
            s.shutdown(socket.SHUT_WR)
        except OSError:  # the server answered and closed before reading it all
            pass
        data = b""
        try:
            while chunk := s.recv(65536):
                data += chunk
        except ConnectionResetError:
            pass
    if not data:
        return None, {}, b""
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (ln.partition(":") for ln in lines[1:])}
    if headers.get("transfer-encoding") == "chunked":
        body = _unchunk(body)
    elif "content-length" in headers:
        body = body[: int(headers["content-length"])]
    return status, headers, body


def _unchunk(data: bytes) -> bytes:
    out = b""
    while data:
        size, _, rest = data.partition(b"\r\n")
        n = int(size.split(b";")[0] or b"0", 16)
        if n == 0:
            break
        out, data = out + rest[:n], rest[n + 2 :]
    return out


def problems(raw: bytes, answer: tuple[int | None, dict[str, str], bytes]) -> list[str]:
    """What is wrong with an answer: a 5xx, or an error outside the one shape."""
    status, headers, body = answer
    label = repr(raw[:120])
    if status is None:
        return []  # a request too broken to answer: gunicorn closed (checked by the log)
    if status >= 500:
        return [f"{status} for {label}: {body[:200]!r}"]
    if status < 400 or raw.startswith(b"HEAD "):
        return []
    if not headers.get("content-type", "").startswith("application/json"):
        return [f"{status} not JSON for {label}: {body[:200]!r}"]
    try:
        payload = json.loads(body)
        assert payload["code"] == status and isinstance(payload["message"], str)
        assert isinstance(payload["errors"]["reason"], str)
    except (ValueError, KeyError, TypeError, AssertionError):
        return [f"{status} not in the error shape for {label}: {body[:200]!r}"]
    return []


def handmade(game: dict[str, Any]) -> list[bytes]:
    """Requests written by hand, one per kind of malformation."""
    gid, token = game["id"], game["seats"][0]["token"]
    games, moves = "/api/v1/games", f"/api/v1/games/{gid}/moves"
    ok = b'{"game":"ducksoup","seats":[{},{}]}'

    def post(path: str, body: bytes, *extra: str, ctype: str = "application/json") -> bytes:
        head = [f"POST {path} HTTP/1.1", "Host: t", "Connection: close",
                f"Content-Type: {ctype}", f"Content-Length: {len(body)}", *extra]  # fmt: skip
        return "\r\n".join(head).encode("latin-1") + b"\r\n\r\n" + body

    def framed(*lines: bytes, body: bytes = b"") -> bytes:
        return b"\r\n".join(lines) + b"\r\n\r\n" + body

    bodies = [
        b'{"game":"ducksoup","seats":[{},{}],"seed":"\\ud800' + SECRET.encode() + b'"}',
        b"[" * 5000 + b"]" * 5000, b'{"game":' + b"9" * 5000 + b"}",
        b'{"game":"ducksoup","seats":[{},{}],"options":{"target":NaN}}',
        b'{"game":"ducksoup","seats":[{},{}],"options":{"target":1e999}}',
        b'{"game":"ducksoup","game":"duck","seats":[{},{}]}', b"\xef\xbb\xbf" + ok,
        b'{"game":"\xff\xfe\xc0\xaf","seats":[{},{}]}', b'{"game":"duck\x00soup"}',
        ok.decode().encode("utf-16"), ok.decode().encode("utf-32"), b"", b"null", b"[]",
        b"{", b'{"game":"' + b"d" * 16000 + b'"}', gzip.compress(ok), b"\x00" * 64,
    ]  # fmt: skip
    out = [post(games, b) for b in bodies]
    out += [post(moves, b, f"Authorization: Bearer {token}") for b in bodies[:6]]
    out += [post(f"/api/v1/games/{gid}/deal", b, f"Authorization: Bearer {token}")
            for b in bodies[:3]]  # fmt: skip
    out += [post("/api/v1/matches", b) for b in bodies[:3]]
    out += [
        # content types and encodings
        post(games, ok, ctype="application/json; charset=\xff"),
        post(games, ok, ctype="application/json;;;charset"),
        post(games, ok.decode().encode("utf-16"), ctype="application/json; charset=utf-16"),
        post(games, ok, ctype="text/plain"), post(games, ok, ctype=""),
        post(games, gzip.compress(ok), "Content-Encoding: gzip"),
        post(games, ok, "Content-Encoding: br, zstd, x-unknown"),
        # odd header values and names
        post(games, ok, "Authorization: Bearer \xff\xfe"),
        post(games, ok, "Idempotency-Key: \xff\x80 key"), post(games, ok, "Idempotency-Key: "),
        post(moves, b'{"move":{"type":"play","card":"4H"}}', "If-Match: \x7f\x80"),
        post(moves, b'{"move":{"type":"play","card":"4H"}}', f"Authorization: Bearer {token}",
             'If-Match: "' + "9" * 60 + '"'),
        post(games, ok, "X-Null: a\x00b"), post(games, ok, "Origin: \xff"),
        post(games, ok, "Bad Name: 1"), post(games, ok, "X(y): 1"), post(games, ok, ": empty"),
        post(games, ok, "NoColon"), post(games, ok, "Host : spaced"),
        post(games, ok, "X-Fold: a", "  folded"), post(games, ok, "Expect: 100-continue"),
        post(games, ok, "Expect: 999-nonsense"),
        # framing
        framed(b"POST /api/v1/games HTTP/1.1", b"Host: t", b"Content-Type: application/json",
               b"Content-Length: 5", b"Content-Length: 50", body=ok),
        framed(b"POST /api/v1/games HTTP/1.1", b"Host: t", b"Content-Length: -1", body=ok),
        framed(b"POST /api/v1/games HTTP/1.1", b"Host: t", b"Content-Length: 1e3", body=ok),
        framed(b"POST /api/v1/games HTTP/1.1", b"Host: t", b"Content-Type: application/json",
               b"Content-Length: 99999999999999999999999", body=ok),
        framed(b"POST /api/v1/games HTTP/1.1", b"Host: t", b"Content-Type: application/json",
               b"Content-Length: 500", body=ok),  # shorter than said, then EOF
        framed(b"POST /api/v1/games HTTP/1.1", b"Host: t", b"Content-Type: application/json",
               b"Content-Length: 36", b"Transfer-Encoding: chunked", body=b"24\r\n" + ok),
        framed(b"POST /api/v1/games HTTP/1.1", b"Host: t", b"Content-Type: application/json",
               b"Transfer-Encoding: chunked", body=b"zz\r\n" + ok + b"\r\n0\r\n\r\n"),
        framed(b"POST /api/v1/games HTTP/1.1", b"Host: t", b"Content-Type: application/json",
               b"Transfer-Encoding: chunked", body=b"ffffffffffffffffffff\r\n" + ok),
        framed(b"POST /api/v1/games HTTP/1.1", b"Host: t", b"Content-Type: application/json",
               b"Transfer-Encoding: chunked", body=b"24\r\n" + ok),  # no last chunk
        framed(b"POST /api/v1/games HTTP/1.1", b"Host: t", b"Content-Type: application/json",
               b"Transfer-Encoding: chunked", body=b"24;ext=1\r\n" + ok + b"\r\n0\r\nX: t\r\n\r\n"),
        framed(b"POST /api/v1/games HTTP/1.1", b"Host: t", b"Content-Type: application/json",
               b"Transfer-Encoding: gzip, chunked", body=b"0\r\n\r\n"),
        framed(b"POST /api/v1/games HTTP/1.1", b"Host: t", b"Transfer-Encoding: identity",
               body=ok),
        framed(b"POST /api/v1/games HTTP/1.1", b"Host: t", b"Content-Type: application/json",
               b"Transfer-Encoding: chunked", body=b"4000\r\n" + b"[" * 0x4000 + b"\r\n"
               b"4000\r\n" + b"[" * 0x4000 + b"\r\n0\r\n\r\n"),
        # request lines and methods
        b"\x00\x01\x02\x03\r\n\r\n", b"\r\n\r\n", b"GET\r\n\r\n", b"GET /livez\r\n\r\n",
        b"GET /livez HTTP/9.9\r\nHost: t\r\n\r\n", b"GET /livez HTTP/1.1x\r\nHost: t\r\n\r\n",
        b"GET  /livez  HTTP/1.1\r\nHost: t\r\n\r\n", b"GET /livez HTTP/1.1\nHost: t\n\n",
        b"GET /livez HTTP/1.1\rHost: t\r\r", b"GET /livez HTTP/1.0\r\n\r\n",
        b"GET /livez HTTP/1.1\r\n\r\n", b"get /livez HTTP/1.1\r\nHost: t\r\n\r\n",
        b"GET http://evil.example/livez HTTP/1.1\r\nHost: t\r\n\r\n",
        b"GET * HTTP/1.1\r\nHost: t\r\n\r\n", b"OPTIONS * HTTP/1.1\r\nHost: t\r\n\r\n",
        b"CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: t\r\n\r\n",
        b"TRACE /api/v1/games HTTP/1.1\r\nHost: t\r\n\r\n",
        b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",
        b"BREW /api/v1/games HTTP/1.1\r\nHost: t\r\n\r\n", b"X" * 300 + b" / HTTP/1.1\r\n\r\n",
        b"G\xffT /livez HTTP/1.1\r\nHost: t\r\n\r\n",
        b"GET /\xff\xfe HTTP/1.1\r\nHost: t\r\n\r\n", b"GET /\x00 HTTP/1.1\r\nHost: t\r\n\r\n",
    ]  # fmt: skip
    for method in ("GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS", "FOO"):
        for path in (games, moves, f"/api/v1/games/{gid}", "/api/v1/matches", "/openapi.json"):
            out.append(request(method, path, Authorization=f"Bearer {token}"))
    for path in (
        "/api/v1/games/%ff%fe", "/api/v1/games/%ed%a0%80/events", "/api/v1/games/%00/moves",
        "/api/v1/games/" + "x" * 2000, "/api/v1/games/..%2f..%2fetc%2fpasswd",
        "//api/v1//games", f"/api/v1/games/{gid}?wait=" + "9" * 3000,
        f"/api/v1/games/{gid}?wait=%zz", f"/api/v1/games/{gid}?wait=1&wait=2",
        f"/api/v1/games/{gid}/events?after=" + "9" * 5000, f"/api/v1/games/{gid}?after_version=-1",
        f"/api/v1/games/{gid}?%ff=%fe", f"/api/v1/games/{gid}?" + "&".join(["a=1"] * 500),
        "/api/v1/matches/%ed%a0%80", "/api/v1/matches/x/results?x=" + "y" * 6000,
    ):  # fmt: skip
        out.append(request("GET", path, Authorization=f"Bearer {token}"))
    return out


ODD_BYTES = b'\x00\r\n\xff\x7f"{}[]:, \t\\%'


def mutants(game: dict[str, Any], count: int, seed: int = 17) -> Iterator[bytes]:
    """Valid requests with seeded damage: bytes flipped, odd bytes put in, parts cut, doubled
    or swapped; the Content-Length stays as it was (a wrong one is part of the damage)."""
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    bases = [
        request(
            "POST",
            "/api/v1/games",
            {
                "game": "ducksoup",
                "seats": [{}, {"bot": "random"}],
                "seed": SECRET,
                "options": {"target": 1},
            },
            Idempotency_Key="k-1",
        ),
        request(
            "POST",
            f"/api/v1/games/{gid}/moves",
            {"move": {"type": "play", "card": "4H"}, "expected_version": 0},
            Authorization=f"Bearer {tokens[0]}",
        ),
        request(
            "GET",
            f"/api/v1/games/{gid}?wait=0",
            Authorization=f"Bearer {tokens[1]}",
            If_None_Match='"0.seat1"',
        ),
        request("GET", f"/api/v1/games/{gid}/events?after=0", Authorization=f"Bearer {tokens[0]}"),
        request(
            "POST",
            f"/api/v1/games/{gid}/deal",
            {"deal": {"cards": ["4H", "5H"]}},
            Authorization=f"Bearer {game['host_token']}",
        ),
        request(
            "POST",
            "/api/v1/matches",
            {"game": "ducksoup", "bots": ["random", "random"], "games": 2, "seed": SECRET},
        ),
        request("GET", "/api/v1/catalog"),
        request("GET", f"/api/v1/games/{gid}/record"),
    ]
    rng = random.Random(seed)
    for n in range(count):
        raw = bytearray(rng.choice(bases))
        if n % 2 and b"Content-Length" in raw:  # half: the body only, its length told right
            yield _with_length(raw, _damaged(rng, bytearray(raw.partition(b"\r\n\r\n")[2])))
        else:
            yield bytes(_damaged(rng, raw))


def _with_length(raw: bytearray, body: bytes) -> bytes:
    head = bytes(raw.partition(b"\r\n\r\n")[0])
    head = re.sub(rb"Content-Length: \d+", b"Content-Length: %d" % len(body), head)
    return head + b"\r\n\r\n" + body


def _damaged(rng: random.Random, raw: bytearray) -> bytearray:
    if raw:
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(raw))
            kind = rng.randrange(6)
            if kind == 0:
                raw[at] ^= 1 << rng.randrange(8)
            elif kind == 1:
                raw[at:at] = bytes([rng.choice(ODD_BYTES)]) * rng.choice((1, 1, 2, 64))
            elif kind == 2:
                del raw[at : at + rng.randint(1, 16)]
            elif kind == 3:
                raw[at:at] = raw[at : at + rng.randint(1, 64)]
            elif kind == 4:
                del raw[at:]
            else:
                other = rng.randrange(len(raw))
                raw[at], raw[other] = raw[other], raw[at]
            if not raw:
                break
    return raw


def _run(port: int, cases: list[bytes]) -> tuple[list[str], dict[int | None, int]]:
    found: list[str] = []
    statuses: dict[int | None, int] = {}
    for raw in cases:
        answer = exchange(port, raw)
        statuses[answer[0]] = statuses.get(answer[0], 0) + 1
        found += problems(raw, answer)
    return found, statuses


def _log_problems(server: dict[str, Any]) -> list[str]:
    text = Path(server["log"]).read_text("utf-8", errors="replace")
    game = server["game"]
    secrets = [SECRET, game["host_token"], *(s["token"] for s in game["seats"])]
    found = [f"the log holds a secret: {s[:6]}..." for s in secrets if s in text]
    for marker in ("Traceback", "Error handling request", "internal error", "Exception on"):
        if marker in text:
            at = text.index(marker)
            found.append(f"the log holds {marker!r}: {text[max(at - 200, 0) : at + 600]}")
    return found


def test_handmade_malformed_requests_answer_below_500_in_the_one_shape(
    server: dict[str, Any],
) -> None:
    cases = handmade(server["game"])
    found, statuses = _run(server["port"], cases)
    assert not found, "\n".join(found)
    assert statuses.get(None, 0) <= len(cases) // 20, statuses  # nearly all are answered
    assert sum(n for s, n in statuses.items() if s and 400 <= s < 500) > len(cases) // 2
    assert not _log_problems(server), "\n".join(_log_problems(server))


def test_mutated_requests_answer_below_500_in_the_one_shape(server: dict[str, Any]) -> None:
    started = time.monotonic()
    found, statuses = _run(server["port"], list(mutants(server["game"], MUTANTS)))
    assert not found, "\n".join(found)
    assert len([s for s in statuses if s]) >= 4, statuses  # the damage reached several layers
    assert not _log_problems(server), "\n".join(_log_problems(server))
    assert time.monotonic() - started < 120


def test_the_fuzzer_sees_a_5xx_and_a_leak(server: dict[str, Any], tmp_path: Path) -> None:
    """The checks themselves would fail: a 500 and an HTML error are problems; a log line with
    a token or a traceback is one."""
    raw = b"GET / HTTP/1.1\r\n\r\n"
    assert problems(raw, (500, {"content-type": "application/json"}, b"{}"))
    assert problems(raw, (404, {"content-type": "text/html"}, b"<h1>no</h1>"))
    assert not problems(raw, (404, {"content-type": "application/json"},
                              b'{"code":404,"status":"Not Found","message":"m",'
                              b'"errors":{"reason":"not_found"}}'))  # fmt: skip
    log = tmp_path / "log"
    log.write_text(f"Traceback (most recent call last):\n token {server['game']['host_token']}")
    found = _log_problems({**server, "log": log})
    assert len(found) == 2
