"""Playing every seat the service hands an app key's outside bots, many games at once.

Where seats come from: the key's feed (`match_seat` entries: game, seat, bot, token; the feed
is opened for those and `match_finished` only, `FOLLOWED`) and, on every (re)connection of
the feed, `GET /api/v1/feed/seats` (every seat of the key in a live match game), so a kit that
was down or cut off finds the seats it missed. A seat is played once however often it is
heard of.

How a seat is played (one thread each: a seat spends its time waiting on the network, and a
move's decision is short): read the view with `?wait=` (the answer comes when the seat is to
act), ask the bot's `choose(view)`, post the move with `?wait=` (its answer is the seat's next
turn: one request per move), with `expected_version` and an `Idempotency-Key` of (this runner, game,
seat, version), so a retry after a cut is applied at most once. A 409 (the version moved on: the
service played a timed-out turn, or a retry found its move applied) re-reads the view. Every
request carries the seat's token and `Duckpond-App-Key` (an outside bot's seat is bound to its
owner's key). A seat the service marked away (its moves timed out while the kit was gone) is
taken back first (`POST .../seats/{seat}/return`). A `choose` that raises or answers a move
the service refuses is logged and the seat left to its turn clock: the service plays it.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import httpx

from duckpond_kit.feed import FeedReader
from duckpond_kit.transport import KitError, headers_of, json_of, reason_of

if TYPE_CHECKING:
    from duckpond_kit.kit import Kit

log = logging.getLogger("duckpond_kit")

JSON = dict[str, Any]
Choose = Callable[[JSON], JSON]
"""A bot: the seat's view (`legal_moves` among it) -> one of those moves."""
ENDED = frozenset({"over", "abandoned"})
GONE = frozenset(
    {
        "no_such_game",
        "game_over",
        "game_abandoned",
        "bad_token",
        "token_of_another_game",
        "seat_of_another_key",
        "app_key_revoked",
        "app_key_required",
    }
)
"""Refusals after which a seat has nothing left to play."""
STATS = ("seats", "seats_done", "moves", "refused", "choose_errors", "feed_entries")
FOLLOWED = ("match_seat", "match_finished")
"""The feed entries a runner acts on (`?events=`): it plays its seats with `?wait=`, so the
feed's `turn` entries would only cost both ends a read, a frame and a parse per move."""


@dataclass(frozen=True, slots=True)
class SeatOrder:
    """One seat an outside bot must play: a `match_seat` entry."""

    game_id: str
    seat: int
    bot: str
    token: str
    match_id: str = ""
    game: str = ""

    @classmethod
    def of(cls, entry: Mapping[str, Any]) -> SeatOrder:
        return cls(
            game_id=str(entry["game_id"]),
            seat=int(entry["seat"]),
            bot=str(entry["bot"]),
            token=str(entry["token"]),
            match_id=str(entry.get("match_id") or ""),
            game=str(entry.get("game") or ""),
        )


class Runner:
    """Plays the seats of `bots` (bot name -> choose) for as long as it runs: `start()` in the
    background, or `run()` in the foreground; `stop()` ends both. `stats` counts `moves`,
    `seats`, `seats_done`, `refused` and `choose_errors`."""

    def __init__(self, kit: Kit, bots: Mapping[str, Choose], *, wait: float = 25.0) -> None:
        self.kit = kit
        self.bots = dict(bots)
        self.wait = wait
        self.feed = FeedReader(kit.http, events=FOLLOWED)
        self.nonce = secrets.token_hex(4)
        """In every Idempotency-Key: a kit started again never meets the keys of one that died
        mid-request (whose move, if applied, moved the version on: `expected_version`)."""
        self.stats: Counter[str] = Counter(dict.fromkeys(STATS, 0))
        self.finished: set[str] = set()
        """Ids of the matches the feed said are finished (`match_finished`)."""
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._taken: set[tuple[str, int]] = set()
        self._ignored: set[str] = set()
        self._live: set[tuple[str, int]] = set()
        self._stopped = threading.Event()
        self._thread: threading.Thread | None = None
        self.error: BaseException | None = None
        """What ended the feed's thread, when something did."""

    # --- running ------------------------------------------------------------------------

    def start(self) -> Runner:
        """Follow the feed in a background thread; answers at once."""
        self._thread = threading.Thread(target=self._run_guarded, name="kit-feed", daemon=True)
        self._thread.start()
        return self

    def run(self) -> None:
        """Follow the feed in this thread until `stop()` (or Ctrl-C)."""
        self.feed.follow(self._on_entry, self._on_connect)

    def stop(self) -> None:
        """Stop taking seats and playing: seats in play end at their next request."""
        self._stopped.set()
        self.feed.stop()
        with self._changed:
            self._changed.notify_all()

    def _run_guarded(self) -> None:
        try:
            self.run()
        except BaseException as exc:  # a refusal of the feed itself (a revoked key)
            log.error("the feed stopped: %s", exc)
            self.error = exc
            with self._changed:
                self._changed.notify_all()

    def wait_for(self, predicate: Callable[[], bool], timeout: float | None = None) -> bool:
        """Block until `predicate()` (checked at each seat's end and feed news) or timeout."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._changed:
            while not predicate():
                left = None if deadline is None else deadline - time.monotonic()
                if (left is not None and left <= 0) or self._stopped.is_set():
                    return predicate()
                self._changed.wait(1.0 if left is None else min(left, 1.0))
        return True

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    @property
    def live(self) -> int:
        """Seats being played now."""
        with self._lock:
            return len(self._live)

    # --- seats --------------------------------------------------------------------------

    def _on_connect(self) -> None:
        self.take(self.kit.seats())

    def _on_entry(self, kind: str, data: JSON) -> None:
        self.count("feed_entries")
        if kind == "match_seat":
            self.take([data])
        elif kind == "match_finished":
            with self._changed:
                self.finished.add(str(data.get("match_id")))
                self._changed.notify_all()

    def take(self, entries: Iterable[Mapping[str, Any]]) -> None:
        """Play each seat of these entries not taken yet, whose bot this runner plays."""
        for entry in entries:
            order = SeatOrder.of(entry)
            if order.bot not in self.bots:
                if order.bot not in self._ignored:
                    self._ignored.add(order.bot)
                    log.warning("no --bot for %r: its seats are left to the service", order.bot)
                continue
            key = (order.game_id, order.seat)
            with self._lock:
                if key in self._taken or self._stopped.is_set():
                    continue
                self._taken.add(key)
                self._live.add(key)
                self.stats["seats"] += 1
            log.info("playing game %s seat %d (%s)", order.game_id, order.seat, order.bot)
            name = f"kit-{order.game_id}-{order.seat}"
            threading.Thread(target=self._seat, args=(order,), name=name, daemon=True).start()

    def _seat(self, order: SeatOrder) -> None:
        try:
            SeatPlayer(self, order).play()
        except KitError as exc:
            log.warning("game %s seat %d: %s", order.game_id, order.seat, exc)
        except Exception:
            if self._stopped.is_set():  # the kit closed its pool under a waiting request
                log.info("game %s seat %d: stopped", order.game_id, order.seat)
            else:
                log.exception("game %s seat %d failed", order.game_id, order.seat)
        finally:
            with self._changed:
                self._live.discard((order.game_id, order.seat))
                self.stats["seats_done"] += 1
                self._changed.notify_all()

    def count(self, what: str) -> None:
        with self._lock:
            self.stats[what] += 1


class SeatPlayer:
    """One seat of one game, played to the game's end (see the module docstring)."""

    def __init__(self, runner: Runner, order: SeatOrder) -> None:
        self.runner = runner
        self.order = order
        self.choose = runner.bots[order.bot]
        self.kit = runner.kit
        self.headers = headers_of(order.token, self.kit.app_key)
        self.path = f"/api/v1/games/{order.game_id}"
        self.params = {"wait": f"{runner.wait:g}"}
        # A move's URL is built once: httpx parses and merges a relative URL and its query on
        # every request, a quarter of the kit's CPU for a move.
        self.move_url = self.kit.http.base_url.join(f"{self.path}/moves").copy_merge_params(
            self.params
        )

    def play(self) -> None:
        answer = self._read()
        while answer is not None and not self.runner.stopped:
            if answer.get("status") in ENDED:
                return
            if self._away(answer):
                answer = self._send("POST", f"{self.path}/seats/{self.order.seat}/return", {})
                continue
            view = answer.get("view") or {}
            if not view.get("legal_moves"):
                answer = self._read()  # not our turn: the wait ran out, or a deal ended
                continue
            version = int(answer["version"])
            try:
                move = self.choose(view)
            except Exception:
                log.exception("%s: choose failed at version %d", self.order.bot, version)
                self.runner.count("choose_errors")
                answer = self._read(after_version=version)  # the turn clock plays it
                continue
            answer = self._move(move, version)

    def _move(self, move: JSON, version: int) -> JSON | None:
        body = {"move": move, "expected_version": version}
        key = f"kit.{self.runner.nonce}.{self.order.game_id}.{self.order.seat}.{version}"
        response = self._request("POST", self.move_url, body, key, None)
        if response.status_code == 200:
            self.runner.count("moves")
            return json_of(response)
        reason = reason_of(response)
        if reason in GONE:
            raise KitError.of(response)
        if reason in ("stale_version", "not_your_turn", "future_version", "deal_pending"):
            return self._read()  # the game moved on (a timed-out turn played for us)
        # The service refused the bot's move: say so, and let the turn clock play it.
        self.runner.count("refused")
        log.error("%s chose %r at version %d: %s", self.order.bot, move, version, reason)
        return self._read(after_version=version)

    def _read(self, after_version: int | None = None) -> JSON | None:
        params = dict(self.params)
        if after_version is not None:
            params["after_version"] = str(after_version)
        response = self._request("GET", self.path, None, None, params)
        if response.status_code == 200:
            return json_of(response)
        raise KitError.of(response)

    def _send(self, method: str, path: str, body: JSON) -> JSON | None:
        response = self._request(method, path, body, None, None)
        if response.status_code == 200:
            return json_of(response)
        if reason_of(response) in GONE:
            raise KitError.of(response)
        return self._read()

    def _away(self, answer: JSON) -> bool:
        seats = answer.get("seats") or []
        mine: JSON = next((s for s in seats if s.get("seat") == self.order.seat), {})
        return bool(mine.get("away"))

    def _request(
        self,
        method: str,
        path: str | httpx.URL,
        body: JSON | None,
        idempotency_key: str | None,
        params: Mapping[str, str] | None,
    ) -> httpx.Response:
        headers = dict(self.headers)
        if idempotency_key is not None:
            headers["Idempotency-Key"] = idempotency_key
        what = f"{method} {path}"

        def send() -> httpx.Response:
            return self.kit.http.request(method, path, json=body, headers=headers, params=params)

        return self.kit.retrier.run(send, what, lambda: self.runner.stopped)
