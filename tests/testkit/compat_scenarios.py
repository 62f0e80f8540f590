"""The exchanges `scripts/record_compat.py` records: the contract's operations, each once at
least, and every refusal reason a request can reach without a fault, a clock or a race. The
answers are what the recorder stores; these are only the requests."""

from __future__ import annotations

import json
from typing import Any

from testkit.compat import SPEC
from testkit.svc_helpers import pinned_deal

JSON = dict[str, Any]
G = "/api/v1/games"


def ex(name: str, method: str, path: str, **request: Any) -> JSON:
    """One exchange: `capture`, `deprecated` go beside the request, the rest into it."""
    out: JSON = {"name": name}
    for key in ("capture", "deprecated"):
        if key in request:
            out[key] = request.pop(key)
    out["request"] = {"method": method, "path": path, **request}
    return out


def game(name: str, body: JSON, **request: Any) -> JSON:
    return ex(f"create {name}", "POST", G, body=body, capture=name, **request)


def at(gid: str) -> JSON:
    return {"game_id": f"${gid}.id"}


SOUP = {"game": "ducksoup", "seats": [{}, {}], "seed": "compat", "options": {"auto_deal": False}}
DD_DEAL = {"game": "doubleduck", "seats": [{}, {}, {}, {}], "seed": "compat"}


def games() -> list[JSON]:
    """A game's life, from its creation to its rematch, with the refusals on the way."""
    move = f"{G}/{{game_id}}/moves"
    return [
        ex("catalog", "GET", "/api/v1/catalog"),
        ex("bots", "GET", "/api/v1/bots"),
        ex("livez", "GET", "/livez"),
        ex("ladder", "GET", "/api/v1/ladder/doubleduck"),
        game("g", SOUP),
        game("i", SOUP, headers={"Idempotency-Key": "compat-1"}),
        ex("create replayed", "POST", G, body=SOUP, headers={"Idempotency-Key": "compat-1"}),
        ex(
            "create key reused",
            "POST",
            G,
            body={**SOUP, "seed": "other"},
            headers={"Idempotency-Key": "compat-1"},
        ),
        ex("create invalid seats", "POST", G, body={**DD_DEAL, "seats": [{}, {}, {}]}),
        ex("create unknown game", "POST", G, body={"game": "chess", "seats": [{}, {}]}),
        ex("create unknown bot", "POST", G, body={**SOUP, "seats": [{}, {"bot": "nobody"}]}),
        ex("create invalid options", "POST", G, body={**SOUP, "options": {"target": 0}}),
        ex("create invalid deal", "POST", G, body={**SOUP, "deal": {"cards": ["AS"] * 52}}),
        ex(
            "create with the deprecated deal",
            "POST",
            G,
            deprecated=True,
            body={**DD_DEAL, "deal": pinned_deal({0: "JS"})},
        ),
        ex("create malformed json", "POST", G, raw="{"),
        ex("create unsupported json", "POST", G, raw='{"game": 1, "game": 2}'),
        ex("create not json", "POST", G, raw="game", headers={"Content-Type": "text/plain"}),
        ex("create too large", "POST", G, raw='{"seed": "' + "x" * 20000 + '"}'),
        ex(
            "create bad idempotency key",
            "POST",
            G,
            body=SOUP,
            headers={"Idempotency-Key": "\u00e9"},
        ),
        ex("view public", "GET", f"{G}/{{game_id}}", params=at("g")),
        ex("view seat", "GET", f"{G}/{{game_id}}", params=at("g"), auth="$g.seats.0.token"),
        ex("view host", "GET", f"{G}/{{game_id}}", params=at("g"), auth="$g.host_token"),
        ex("view bad token", "GET", f"{G}/{{game_id}}", params=at("g"), auth="nonsense"),
        ex(
            "view token of another game",
            "GET",
            f"{G}/{{game_id}}",
            params=at("g"),
            auth="$i.seats.0.token",
        ),
        ex("view no such game", "GET", f"{G}/nosuchgame"),
        ex("view wait twice", "GET", f"{G}/{{game_id}}?wait=1&wait=2", params=at("g")),
        ex("events", "GET", f"{G}/{{game_id}}/events", params=at("g"), auth="$g.seats.0.token"),
        ex(
            "events bad after",
            "GET",
            f"{G}/{{game_id}}/events",
            params=at("g"),
            query={"after": "x"},
        ),
        ex("score", "GET", f"{G}/{{game_id}}/score", params=at("g")),
        ex("record before the end", "GET", f"{G}/{{game_id}}/record", params=at("g")),
        ex(
            "rematch before the end",
            "GET",
            f"{G}/{{game_id}}/rematch",
            params=at("g"),
            auth="$g.seats.0.token",
        ),
        ex("move without token", "POST", move, params=at("g"), body={"move": "$legal:g:toact"}),
        ex(
            "move by the host",
            "POST",
            move,
            params=at("g"),
            auth="$g.host_token",
            body={"move": "$legal:g:toact"},
        ),
        ex(
            "move not your turn",
            "POST",
            move,
            params=at("g"),
            auth="$tok:g:other",
            body={"move": "$legal:g:toact"},
        ),
        ex(
            "move card not in hand",
            "POST",
            move,
            params=at("g"),
            auth="$tok:g:toact",
            body={"move": {"type": "play", "card": "$card:g:other"}},
        ),
        ex(
            "move of another game",
            "POST",
            move,
            params=at("g"),
            auth="$tok:g:toact",
            body={"move": {"type": "play", "card": "JS", "call": "quack"}},
        ),
        ex(
            "move of no game",
            "POST",
            move,
            params=at("g"),
            auth="$tok:g:toact",
            body={"move": {"type": "fly"}},
        ),
        ex(
            "move future version",
            "POST",
            move,
            params=at("g"),
            auth="$tok:g:toact",
            body={"move": "$legal:g:toact", "expected_version": 99},
        ),
        ex(
            "move bad if-match",
            "POST",
            move,
            params=at("g"),
            auth="$tok:g:toact",
            headers={"If-Match": "nonsense"},
            body={"move": "$legal:g:toact"},
        ),
        ex(
            "move",
            "POST",
            move,
            params=at("g"),
            auth="$tok:g:toact",
            body={"move": "$legal:g:toact", "expected_version": "$g.version"},
        ),
        ex(
            "move stale version",
            "POST",
            move,
            params=at("g"),
            auth="$tok:g:toact",
            body={"move": "$legal:g:toact", "expected_version": 0},
        ),
        ex(
            "deal none pending",
            "POST",
            f"{G}/{{game_id}}/deal",
            params=at("g"),
            auth="$g.host_token",
            body={},
        ),
        ex(
            "deal explicit by a seat",
            "POST",
            f"{G}/{{game_id}}/deal",
            params=at("g"),
            auth="$g.seats.0.token",
            body={"deal": {"cards": []}},
        ),
        ex(
            "away",
            "POST",
            f"{G}/{{game_id}}/seats/1/away",
            params=at("g"),
            auth="$g.seats.1.token",
            body={},
        ),
        ex(
            "return",
            "POST",
            f"{G}/{{game_id}}/seats/1/return",
            params=at("g"),
            auth="$g.seats.1.token",
            body={},
        ),
        ex(
            "away not your seat",
            "POST",
            f"{G}/{{game_id}}/seats/0/away",
            params=at("g"),
            auth="$g.seats.1.token",
            body={},
        ),
        ex(
            "away no such seat",
            "POST",
            f"{G}/{{game_id}}/seats/7/away",
            params=at("g"),
            auth="$g.seats.1.token",
            body={},
        ),
        ex(
            "abandon by a seat",
            "POST",
            f"{G}/{{game_id}}/abandon",
            params=at("i"),
            auth="$i.seats.0.token",
            body={},
        ),
        ex(
            "abandon",
            "POST",
            f"{G}/{{game_id}}/abandon",
            params=at("i"),
            auth="$i.host_token",
            body={},
        ),
        ex(
            "move after abandon",
            "POST",
            move,
            params=at("i"),
            auth="$i.seats.0.token",
            body={"move": {"type": "play", "card": "AS"}},
        ),
        ex(
            "stream of an abandoned game",
            "GET",
            f"{G}/{{game_id}}/stream",
            params=at("i"),
            headers={"Accept": "application/x-ndjson"},
        ),
        ex(
            "stream bad after",
            "GET",
            f"{G}/{{game_id}}/stream",
            params=at("i"),
            query={"after": "x"},
        ),
        ex("record of an abandoned game", "GET", f"{G}/{{game_id}}/record", params=at("i")),
        ex(
            "resign",
            "POST",
            f"{G}/{{game_id}}/resign",
            params=at("g"),
            auth="$g.seats.0.token",
            body={},
        ),
        ex(
            "move after the end",
            "POST",
            move,
            params=at("g"),
            auth="$g.seats.1.token",
            body={"move": {"type": "play", "card": "AS"}},
        ),
        ex(
            "ask rematch",
            "POST",
            f"{G}/{{game_id}}/rematch",
            params=at("g"),
            auth="$g.seats.0.token",
            body={},
        ),
        ex(
            "get rematch",
            "GET",
            f"{G}/{{game_id}}/rematch",
            params=at("g"),
            auth="$g.seats.1.token",
        ),
        ex(
            "decline rematch",
            "POST",
            f"{G}/{{game_id}}/rematch/decline",
            params=at("g"),
            auth="$g.seats.1.token",
            body={},
        ),
        game("e", SOUP),
        ex(
            "resign e",
            "POST",
            f"{G}/{{game_id}}/resign",
            params=at("e"),
            auth="$e.seats.0.token",
            body={},
        ),
        ex(
            "no rematch asked",
            "GET",
            f"{G}/{{game_id}}/rematch",
            params=at("e"),
            auth="$e.seats.1.token",
        ),
        ex(
            "decline no rematch",
            "POST",
            f"{G}/{{game_id}}/rematch/decline",
            params=at("e"),
            auth="$e.seats.1.token",
            body={},
        ),
        game("d", {"game": "duck", "seats": [{}, {}, {}], "seed": "compat"}),
        ex(
            "resign not offered",
            "POST",
            f"{G}/{{game_id}}/resign",
            params=at("d"),
            auth="$d.seats.0.token",
            body={},
        ),
        game("dd", DD_DEAL),
        ex(
            "unknown call word",
            "POST",
            move,
            params=at("dd"),
            auth="$tok:dd:toact",
            body={"move": {"type": "play", "card": "$card:dd:toact", "call": "honk"}},
        ),
        ex(
            "illegal call",
            "POST",
            move,
            params=at("dd"),
            auth="$tok:dd:toact",
            body={"move": {"type": "play", "card": "$card:dd:toact", "call": "quack"}},
        ),
        game("o", {**SOUP, "seats": [{}, {"open": True}]}),
        ex(
            "move while seats are open",
            "POST",
            move,
            params=at("o"),
            auth="$o.seats.0.token",
            body={"move": {"type": "play", "card": "AS"}},
        ),
        ex(
            "claim no such seat",
            "POST",
            f"{G}/{{game_id}}/claim",
            params=at("o"),
            body={"invite_code": "$o.invite_code", "seat": 7},
        ),
        ex(
            "claim bad code",
            "POST",
            f"{G}/{{game_id}}/claim",
            params=at("o"),
            body={"invite_code": "nonsense"},
        ),
        ex(
            "claim",
            "POST",
            f"{G}/{{game_id}}/claim",
            params=at("o"),
            body={"invite_code": "$o.invite_code"},
        ),
        ex(
            "claim a taken seat",
            "POST",
            f"{G}/{{game_id}}/claim",
            params=at("o"),
            body={"invite_code": "$o.invite_code", "seat": 1},
        ),
        ex(
            "claim with no open seat",
            "POST",
            f"{G}/{{game_id}}/claim",
            params=at("o"),
            body={"invite_code": "$o.invite_code"},
        ),
        game("v", {**SOUP, "seats": [{}, {"invited": True}]}),
        ex(
            "claim an invited seat",
            "POST",
            f"{G}/{{game_id}}/seats/1/claim",
            params=at("v"),
            auth="$v.seats.1.token",
            body={},
        ),
        ex(
            "match",
            "POST",
            "/api/v1/matches",
            capture="m",
            body={"game": "ducksoup", "bots": ["random", "random"], "games": 1, "seed": "c"},
        ),
        ex(
            "match too many games",
            "POST",
            "/api/v1/matches",
            body={"game": "ducksoup", "bots": ["random", "random"], "games": 100000},
        ),
        ex("get match", "GET", "/api/v1/matches/{match_id}", params={"match_id": "$m.id"}),
        ex("match games", "GET", "/api/v1/matches/{match_id}/games", params={"match_id": "$m.id"}),
        ex(
            "cancel match",
            "POST",
            "/api/v1/matches/{match_id}/cancel",
            params={"match_id": "$m.id"},
            auth="$m.host_token",
            body={},
        ),
        ex("no such match", "GET", "/api/v1/matches/nosuchmatch"),
        ex("no such route", "GET", "/api/v1/nosuchroute"),
        ex("method not allowed", "DELETE", "/api/v1/catalog"),
    ]


def keyed() -> list[JSON]:
    """What needs app keys: run against an app with `APP_KEYS=required`; `$key` and `$key2`
    are keys issued for the run."""
    k: JSON = {"app": "keyed"}
    return [
        ex("create without a key", "POST", G, body=SOUP, **k),
        ex("create with a bad key", "POST", G, body=SOUP, auth="dpk_nonsense", **k),
        ex(
            "create with a key",
            "POST",
            G,
            body={**SOUP, "lobby": "key", "seats": [{}, {"open": True}]},
            auth="$key",
            capture="k",
            **k,
        ),
        ex("lobby", "GET", "/api/v1/lobby/ducksoup", auth="$key", **k),
        ex("feed games", "GET", "/api/v1/feed/games", auth="$key", **k),
        ex("feed seats", "GET", "/api/v1/feed/seats", auth="$key", **k),
        ex("feed bad after", "GET", "/api/v1/feed", auth="$key", query={"after": "x"}, **k),
        ex("webhooks", "GET", "/api/v1/webhooks", auth="$key", **k),
        ex(
            "webhook refused url",
            "POST",
            "/api/v1/webhooks",
            auth="$key",
            body={"url": "https://127.0.0.1/hook"},
            **k,
        ),
        ex("no such webhook", "GET", "/api/v1/webhooks/nosuch", auth="$key", **k),
        ex(
            "register bot",
            "POST",
            "/api/v1/bots",
            auth="$key",
            body={"name": "compat-bot", "games": ["ducksoup"]},
            capture="b",
            **k,
        ),
        ex(
            "register bot again",
            "POST",
            "/api/v1/bots",
            auth="$key2",
            body={"name": "compat-bot", "games": ["ducksoup"]},
            **k,
        ),
        ex("get bot", "GET", "/api/v1/bots/compat-bot", **k),
        ex("no such bot", "GET", "/api/v1/bots/nosuch-bot", **k),
        ex("retire another key's bot", "DELETE", "/api/v1/bots/compat-bot", auth="$key2", **k),
        ex("challenges", "GET", "/api/v1/challenges", auth="$key", **k),
        ex(
            "challenge a built-in bot",
            "POST",
            "/api/v1/challenges",
            auth="$key",
            body={"game": "ducksoup", "bots": ["random", "random"], "games": 1},
            **k,
        ),
        ex("no such challenge", "GET", "/api/v1/challenges/nosuch", auth="$key", **k),
        ex("tournaments", "GET", "/api/v1/tournaments", auth="$key", **k),
        ex(
            "tournament of too few",
            "POST",
            "/api/v1/tournaments",
            auth="$key",
            body={"game": "ducksoup", "entrants": ["random", "heuristic"]},
            **k,
        ),
        ex(
            "tournament",
            "POST",
            "/api/v1/tournaments",
            auth="$key",
            body={
                "game": "ducksoup",
                "entrants": ["random", "heuristic", "compat-bot"],
                "format": "round_robin",
                "games": 1,
                "options": {"target": 1},
            },
            capture="t",
            **k,
        ),
        ex(
            "get tournament",
            "GET",
            "/api/v1/tournaments/{tournament_id}",
            params={"tournament_id": "$t.id"},
            **k,
        ),
        ex(
            "accept another key's tournament",
            "POST",
            "/api/v1/tournaments/{tournament_id}/accept",
            params={"tournament_id": "$t.id"},
            auth="$key2",
            body={},
            **k,
        ),
        ex(
            "cancel another key's tournament",
            "POST",
            "/api/v1/tournaments/{tournament_id}/cancel",
            params={"tournament_id": "$t.id"},
            auth="$key2",
            body={},
            **k,
        ),
        ex(
            "cancel tournament",
            "POST",
            "/api/v1/tournaments/{tournament_id}/cancel",
            params={"tournament_id": "$t.id"},
            auth="$key",
            body={},
            **k,
        ),
        ex("no such tournament", "GET", "/api/v1/tournaments/nosuch", **k),
        ex(
            "arena opt in",
            "PUT",
            "/api/v1/bots/compat-bot/arena",
            auth="$key",
            body={"games": ["ducksoup"], "games_per_hour": 10, "concurrency": 1},
            **k,
        ),
        ex(
            "arena budget out of range",
            "PUT",
            "/api/v1/bots/compat-bot/arena",
            auth="$key",
            body={"games": ["ducksoup"], "games_per_hour": 0},
            **k,
        ),
        ex(
            "arena another key's bot",
            "PUT",
            "/api/v1/bots/compat-bot/arena",
            auth="$key2",
            body={"games": ["ducksoup"]},
            **k,
        ),
        ex("arena standing", "GET", "/api/v1/bots/compat-bot/arena", auth="$key", **k),
        ex("arena opt out", "DELETE", "/api/v1/bots/compat-bot/arena", auth="$key", **k),
        ex("ladder crosstable", "GET", "/api/v1/ladder/ducksoup/head-to-head", **k),
        ex("ladder bot not rated", "GET", "/api/v1/ladder/ducksoup/bots/compat-bot", **k),
        ex("retire bot", "DELETE", "/api/v1/bots/compat-bot", auth="$key", **k),
        ex(
            "match with a retired bot",
            "POST",
            "/api/v1/matches",
            auth="$key",
            body={"game": "ducksoup", "bots": ["compat-bot", "random"], "games": 1},
            **k,
        ),
    ]


def probes() -> list[JSON]:
    """Every operation of the spec once, with no credentials and ids that name nothing: the
    refusal each answers first (or its answer, for the public ones)."""
    spec = json.loads(SPEC.read_text(encoding="utf-8"))
    fill = {
        "game_id": "nosuchgame",
        "seat": "0",
        "name": "nosuch-bot",
        "game": "doubleduck",
        "match_id": "nosuchmatch",
        "webhook_id": "nosuch",
        "challenge_id": "nosuch",
        "tournament_id": "nosuch",
        "bot": "nosuch-bot",
    }
    out = []
    for path, item in spec["paths"].items():
        for method in ("get", "post", "put", "delete"):
            if method not in item or (path.endswith("/stream") and method == "get"):
                continue
            request: JSON = {"params": {k: v for k, v in fill.items() if "{" + k in path}}
            if method in ("post", "put"):
                request["body"] = {}
            out.append(ex(f"probe {method.upper()} {path}", method.upper(), path, **request))
    out.append(ex("probe GET stream", "GET", f"{G}/nosuchgame/stream"))
    return out


GROUPS = {"games": games, "keyed": keyed, "probes": probes}
