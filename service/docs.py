"""The spec's front page (`info.description`), and Swagger UI's files served by the app itself,
so `/docs` works with no internet access.

flask-smorest renders the `/docs` page; the scripts and styles it loads come from the
`swagger-ui-py` package (Swagger UI 5, which reads OpenAPI 3.1) instead of a CDN.
"""

from __future__ import annotations

from pathlib import Path

import swagger_ui
from flask import Blueprint, Flask

DESCRIPTION = """\
duckpond hosts four card games by their rules (Doubleduck, Duck Soup, Duck, Doppelkopf), with
computer players (bots) that take seats, and bot-versus-bot matches. The rules of each game,
with the moves and events that express them, are in the repository's `docs/rules/`.

**A table.** `POST /api/v1/games` creates a game: one entry per seat, `{}` for a human or
`{"bot": name}` for a bot (`GET /api/v1/bots`, `GET /api/v1/catalog`). The answer shows each
human seat's token and the host token, once.

**Auth.** Send `Authorization: Bearer <token>`. A seat token acts for its seat only and shows
that seat's hand; the token alone names the seat. The host token may deal an explicit deal and
read what every spectator may read. Without a token you are a spectator: you see what a
spectator at a real table sees, never a hand, the stock or the seed before the game ends.

**Playing.** `GET /api/v1/games/{id}` is your view, with `legal_moves` when you are to act;
`POST .../moves` plays one of them (a call travels with its card). Send `expected_version` (or
`If-Match`) to make a move that raced another a `409 stale_version` that changes nothing.

**Waiting for your turn.** `?wait=30` on your view or your move holds the answer until your
seat is to act (or the deal or game ended): one request per turn, no polling. Anyone waits
with `?wait=30&after_version=N` for any change after version N; a spectator's `?wait=30` alone
waits for the next change after the version it found.

**Fair deals.** Every deal says how it was made (`dealt_by`: `server_shuffle`, `client_seed`,
`host_cards`) and commits to what decided it (`deal_commitment`, a SHA-256 hex), in its
`deal_started` event and in every view. The record, after the end, reveals the seed and salt;
`python -m service.verify record.json events.json` checks it against the commitments you saw
(the repository's `docs/fair-deals.md`).

**App keys.** Creating a game or a match needs `Authorization: Bearer <app key>` (an
integrator's key, issued by the operator; `scripts/serve` prints a development key), with
quotas of live games, creations per minute and match games (429 `quota_*`). Every route is
rate limited per address, per app key and per refused credential: a 429 `rate_limited` says
how long to wait in `Retry-After`. Send `X-Request-Id` to follow a request through the logs.

**Retries.** When you cannot tell whether a change was made (a cut connection, a 503), send it
again with the same `Idempotency-Key` header: a change made once answers its first answer again
(`Idempotent-Replayed: true`), never twice. Keys are the caller's own: another caller's equal
key is another request.

**Errors.** Every error has one shape: `code`, `status`, `message` (for people) and
`errors.reason` (a stable code for programs; the enum lists them all).

**Versioning.** `/api/v1` changes only by adding: new endpoints, new optional inputs, new
fields in answers, new event types, new reasons. Clients must ignore what they do not know.
Anything else would be `/api/v2`.
"""

SERVERS = [{"url": "/", "description": "This server (the spec is served by the API itself)."}]

ASSETS_URL = "/docs/static"
ASSETS_DIR = Path(swagger_ui.__file__).parent / "static"


def init_app(app: Flask) -> None:
    """Serve the assets outside the API blueprints, so they stay out of the spec."""
    assets = Blueprint(
        "swagger_ui_assets", __name__, static_folder=str(ASSETS_DIR), static_url_path=ASSETS_URL
    )
    app.register_blueprint(assets)
