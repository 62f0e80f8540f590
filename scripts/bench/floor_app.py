"""The service app plus two floor routes, for `scripts/bench/floor.py` only (never deployed).

Why: they tell what a request of this stack costs when it does almost nothing but what every
move must do, so a target for moves can be checked against what is possible at all.
"""

from __future__ import annotations

import json

from flask import Response, request

from service.app import create_app
from service.core import heap
from service.wiring import Layers

app = create_app()
_games: Layers = app.extensions["duckpond"]
_bump = _games.store.redis.register_script("return redis.call('HINCRBY', KEYS[1], 'version', 1)")


@app.get("/floor/script")
def one_script() -> Response:
    """One Lua script call (a version bump), as the compare-and-set of every move."""
    version = _bump(keys=["dp:{floor}:bench"])
    return Response(json.dumps({"version": version}), mimetype="application/json")


@app.get("/floor/read-and-script")
def read_and_script() -> Response:
    """Read a real game (one HGETALL, JSON decoded) and one script call: a move without the
    rules, the token check, the view or the events."""
    stored = _games.store.load(request.args["game"])
    version = _bump(keys=["dp:{floor}:bench"])
    body = {"version": version, "game_version": stored.version if stored else None}
    return Response(json.dumps(body), mimetype="application/json")


heap.freeze()  # as the deployed entry point does (service.wsgi), routes and all
