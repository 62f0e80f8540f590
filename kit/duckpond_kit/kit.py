"""`Kit`: one app key's connection to a duckpond service, for a bot author.

It holds the generated client (`duckpond_client`, typed from the service's OpenAPI spec) and
its connection pool; the calls an author needs take and answer plain JSON (dicts), retried as
`duckpond_kit.transport` says.

    kit = Kit("http://127.0.0.1:8000", "dpk_...")
    kit.register("mybot", ["ducksoup"])
    result = kit.match("ducksoup", ["mybot", "heuristic"], games=20, play={"mybot": choose})
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import httpx
from duckpond_client import AuthenticatedClient, models
from duckpond_client.api.arena import get_arena, join_arena, leave_arena
from duckpond_client.api.bots import get_bot, register_bot
from duckpond_client.api.feed import list_feed_seats
from duckpond_client.api.matches import get_match

from duckpond_kit.runner import Choose, Runner
from duckpond_kit.transport import KitError, Retrier

log = logging.getLogger("duckpond_kit")

JSON = dict[str, Any]
DONE = frozenset({"done", "cancelled"})
POOL = httpx.Limits(max_connections=1024, max_keepalive_connections=256)
"""Every seat in play holds a connection while it waits for its turn."""


class Detailed(Protocol):
    """What a generated operation's `sync_detailed` answers."""

    status_code: Any
    content: bytes
    headers: Any
    parsed: Any


class Kit:
    """An app key on a service at `url`: register bots, create matches, play their seats."""

    def __init__(
        self, url: str, app_key: str, *, wait: float = 25.0, retry_budget: float = 600.0
    ) -> None:
        self.url = url.rstrip("/")
        self.app_key = app_key
        self.wait = wait
        """Seconds a seat's request waits for its turn (the service's `?wait=`, at most 30)."""
        timeout = httpx.Timeout(10.0, read=wait + 30.0, pool=wait + 30.0)
        self.client = AuthenticatedClient(
            base_url=self.url,
            token=app_key,
            timeout=timeout,
            httpx_args={"limits": POOL},
        )
        self.http: httpx.Client = self.client.get_httpx_client()
        """The generated client's connection pool: the kit's own requests go through it."""
        self.retrier = Retrier(budget=retry_budget)
        self._runners: list[Runner] = []

    def close(self) -> None:
        """Stop this kit's runners (their seats end at their next request), then the pool:
        a seat's thread never sends on a closed client."""
        for runner in self._runners:
            runner.stop()
        self.http.close()

    def __enter__(self) -> Kit:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # --- requests -------------------------------------------------------------------------

    def request(
        self,
        method: str,
        path: str,
        body: JSON | None = None,
        *,
        idempotency_key: str | None = None,
        ok: Sequence[int] = (200, 201, 202),
    ) -> JSON:
        """A request with the app key, retried; its JSON answer, or KitError."""
        headers = {} if idempotency_key is None else {"Idempotency-Key": idempotency_key}

        def send() -> httpx.Response:
            return self.http.request(method, path, json=body, headers=headers)

        response = self.retrier.run(send, f"{method} {path}")
        if response.status_code not in ok:
            raise KitError.of(response)
        answer = response.json()
        return answer if isinstance(answer, dict) else {"items": answer}

    def typed(self, operation: Callable[..., Detailed], **arguments: Any) -> Any:
        """A generated operation (`duckpond_client.api...sync_detailed`), retried; its typed
        answer, or KitError for an error answer."""
        last: list[Detailed] = []

        def send() -> httpx.Response:
            detailed = operation(client=self.client, **arguments)
            last[:] = [detailed]
            status = int(detailed.status_code)
            return httpx.Response(status, headers=detailed.headers, content=detailed.content)

        response = self.retrier.run(send, getattr(operation, "__module__", "operation"))
        if response.status_code >= 400:
            raise KitError.of(response)
        return last[0].parsed

    # --- bots and seats -------------------------------------------------------------------

    def register(
        self, name: str, games: Sequence[str], description: str = "", *, exist_ok: bool = False
    ) -> JSON:
        """Register an outside bot of this key (`POST /api/v1/bots`): its name is the
        service's for good. With `exist_ok`, a name that is already a live bot of this key is
        answered as it is (the refusal says so: `errors.yours`), so a script may register on
        every run; a name of another key, a retired bot's or a built-in's is still the
        `KitError` 409 `bot_name_taken`."""
        body = models.BotIn.from_dict(
            {"name": name, "games": list(games), "description": description}
        )
        try:
            return dict(self.typed(register_bot.sync_detailed, body=body).to_dict())
        except KitError as exc:
            errors = exc.body.get("errors")
            yours = isinstance(errors, dict) and errors.get("yours") is True
            if not exist_ok or exc.reason != "bot_name_taken" or not yours:
                raise
            return dict(self.typed(get_bot.sync_detailed, name=name).to_dict())

    def arena(
        self,
        name: str,
        games: Sequence[str] | None = None,
        *,
        games_per_hour: int = 60,
        concurrency: int = 2,
        leave: bool = False,
    ) -> JSON:
        """The bot's standing in the arena (`GET /api/v1/bots/{name}/arena`); with `games`,
        opt it in for them with this budget first (again: a new budget, and a paused bot
        resumes); with `leave`, take it out. The service then pairs it by itself, in rated
        matches whose seats come on the feed as any match's: a runner plays them."""
        if leave:
            return dict(self.typed(leave_arena.sync_detailed, name=name).to_dict())
        if games is None:
            return dict(self.typed(get_arena.sync_detailed, name=name).to_dict())
        body = models.ArenaIn.from_dict(
            {"games": list(games), "games_per_hour": games_per_hour, "concurrency": concurrency}
        )
        return dict(self.typed(join_arena.sync_detailed, name=name, body=body).to_dict())

    def seats(self) -> list[JSON]:
        """Every seat of this key's outside bots in live match games (`GET /api/v1/feed/seats`):
        the `match_seat` entries a (re)connecting client may have missed."""
        answer = self.typed(list_feed_seats.sync_detailed)
        return [dict(seat.to_dict()) for seat in answer.seats]

    # --- matches --------------------------------------------------------------------------

    def create_match(
        self,
        game: str,
        bots: Sequence[str],
        games: int,
        *,
        seed: str | None = None,
        options: Mapping[str, Any] | None = None,
        **fields: Any,
    ) -> JSON:
        """Create a duplicate match (`POST /api/v1/matches`, retried under one Idempotency-Key):
        `bots` may name this key's outside bots beside built-in ones (`heuristic`,
        `search:fast`...); `fields` are further match fields (`move_seconds`,
        `concurrency`). Answers the match with its `host_token` (which may cancel it)."""
        body: JSON = {"game": game, "bots": list(bots), "games": games, **fields}
        if seed is not None:
            body["seed"] = seed
        if options:
            body["options"] = dict(options)
        # Sent as JSON, not through the generated `create_match`: the spec's match bodies list
        # only the built-in bots' names, so its models refuse an outside bot's.
        key = f"match.{secrets.token_hex(12)}"
        return self.request("POST", "/api/v1/matches", body, idempotency_key=key)

    def get_match(self, match_id: str) -> JSON:
        """The match: status, progress and results so far (a read also advances it)."""
        return dict(self.typed(get_match.sync_detailed, match_id=match_id).to_dict())

    def wait_match(
        self,
        match_id: str,
        *,
        timeout: float | None = None,
        poll: float = 1.0,
        runner: Runner | None = None,
        progress: Callable[[JSON], None] | None = None,
    ) -> JSON:
        """Block until the match is `done` or `cancelled` and answer it (TimeoutError past
        `timeout`). With the `runner` playing its seats, the feed's `match_finished` wakes it
        at once; without, it reads the match every `poll` seconds."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            match = self.get_match(match_id)
            if progress is not None:
                progress(match)
            if match.get("status") in DONE:
                return match
            if deadline is not None and time.monotonic() > deadline:
                raise TimeoutError(f"match {match_id} is still {match.get('status')}")
            if runner is not None:
                if runner.error is not None:
                    raise runner.error
                runner.wait_for(lambda: match_id in runner.finished, timeout=poll)
            else:
                time.sleep(poll)

    def match(
        self,
        game: str,
        bots: Sequence[str],
        games: int,
        *,
        play: Mapping[str, Choose],
        timeout: float | None = None,
        **fields: Any,
    ) -> JSON:
        """Create a match, play this key's bots in it (`play`: bot name -> choose) and answer
        the finished match with its results."""
        runner = self.runner(play).start()
        try:
            created = self.create_match(game, bots, games, **fields)
            return self.wait_match(created["id"], timeout=timeout, runner=runner)
        finally:
            runner.stop()

    def runner(self, play: Mapping[str, Choose]) -> Runner:
        """A runner of this key's seats for these bots (not started)."""
        made = Runner(self, play, wait=self.wait)
        self._runners.append(made)
        return made
