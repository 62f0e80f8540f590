"""Changing tables: moves, deals, resigning, abandoning, going away and returning, and the
bots' turns (a bot seat's, an away seat's, a timed-out human's).

Every change is prepared in memory (`_prepare`: check the expected version, let the engine
validate and apply, deal the next deal when the service option `auto_deal` says so) and then
written by the one commit path (`service.tables.commit`). Building the caller's answer is
apart from both: a bot turn commits with the game it already holds and builds none.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bots import BOTS, decide, turn_rng
from engine import EngineError, Event, Game, Move, Reason
from service.core import metrics
from service.core.connections import NOBODY, Peer
from service.core.errors import ServiceError
from service.games import contract, idempotency, old_forms
from service.games.bodies import (
    ABANDONED,
    OVER,
    WAITING,
    Answer,
    event_entry,
    events_out,
    game_body,
    status_of,
    to_json,
)
from service.games.callers import Caller
from service.games.clocks import Seating, human, stand_in, stand_in_name
from service.storage.records import Stored
from service.streams.waits import Waits, ready
from service.tables.bot_turns import ThinkLimitExceeded, think_limit
from service.tables.commit import Change, Commit, bot_seats
from service.tables.guards import refuse_abandoned, refuse_waiting
from service.tables.reads import Reads

log = logging.getLogger("duckpond.tables")

JSON = dict[str, Any]
Apply = Callable[[Game], tuple[list[Event], list[JSON]]]

EARLY_MS = 2000
"""A timed-out turn's job that runs before the deadline by this process's reckoning (the
clocks of Redis's nodes differ by a few ms) waits for it, up to this long."""


@dataclass(frozen=True, slots=True)
class Actor:
    """Who made a change, as the clocks see it (`service.games.clocks`): a seat's `move`, its bot's
    move after a `timeout`, a `bot` (a bot seat, or an away seat's bot), a seat going `away`
    or making its `return`; the service's deal when a seat's time to deal ran out
    (`deal_timeout`). A caller's deal has none."""

    seat: int
    kind: str


class TableChanges:
    """The changes of a table a caller (or a bot's turn) may make."""

    def __init__(self, commits: Commit, reads: Reads, waits: Waits, think_limit_ms: int) -> None:
        self.commits = commits
        self.store = commits.store
        self.reads = reads
        self.waits = waits
        self.think_limit_ms = think_limit_ms

    def move(
        self,
        gid: str,
        caller: Caller,
        move: Mapping[str, Any],
        expected: Sequence[int | None] = (),
        idempotency_key: str | None = None,
        stored: Stored | None = None,
        wait: float = 0.0,
        peer: Peer = NOBODY,
    ) -> Answer:
        """One move by the caller's seat; `stored` as for `view`. With `wait` seconds (and
        `stored`), the answer comes at the seat's next turn (`Waits.next_turn`)."""
        if caller.seat is None:
            raise ServiceError("not_a_player", "only a seat's token may move")
        seat = caller.seat
        old_forms.check_call(move)
        parsed = Move.from_json(dict(move))

        def apply(game: Game) -> tuple[list[Event], list[JSON]]:
            try:
                events = game.apply(seat, parsed)
            except EngineError as error:
                if error.reason == Reason.MALFORMED_MOVE and contract.moved_somewhere(move):
                    raise ServiceError(
                        "move_of_another_game", f"not a {game.title} move: {error}"
                    ) from None
                raise
            return events, [{"seat": seat, "move": parsed.to_json()}]

        # Only a request with an Idempotency-Key is ever compared with a stored one.
        fp = (
            idempotency.fingerprint("move", parsed.to_json(), list(expected))
            if idempotency_key is not None
            else ""
        )
        with self.waits.for_move(gid, caller, stored, wait) as watch:
            answer = self._change(
                gid, caller, "move", apply, expected, idempotency_key, fp, stored,
                waits=watch is not None, actor=Actor(seat, "move"),
            )  # fmt: skip
            turn = (
                None
                if watch is None
                else self.waits.next_turn(gid, caller, answer, wait, watch, peer)
            )
            if turn is None:
                return answer
            stored, entries = turn
            out = self.reads.body(stored, caller)
            out["events"] = events_out(entries, answer.events_before + 1, caller)
            return Answer(out)

    def deal(
        self,
        gid: str,
        caller: Caller,
        deal: Mapping[str, Any] | None = None,
        expected: Sequence[int | None] = (),
        idempotency_key: str | None = None,
        stored: Stored | None = None,
    ) -> Answer:
        """The next deal, shuffled from the seed or (host only) given explicitly."""
        if caller.seat is None and not caller.host:
            raise ServiceError("missing_token", "dealing needs a seat token or the host token")
        if deal is not None and not caller.host:
            raise ServiceError("host_only", "only the host may pass an explicit deal")

        def apply(game: Game) -> tuple[list[Event], list[JSON]]:
            explicit = old_forms.explicit_deal(game, deal) if deal is not None else None
            try:
                events = game.next_deal(explicit)
            except EngineError as error:
                if deal is None or error.reason != Reason.INVALID_DEAL:
                    raise
                if contract.dealt_somewhere(
                    old_forms.cards_of(deal)
                ):  # another game's deck, or Duck's
                    raise ServiceError(
                        "deck_mismatch", f"not the cards this {game.title} game deals: {error}"
                    ) from None
                raise
            return events, [{"deal": explicit.to_json() if explicit is not None else None}]

        fp = (
            idempotency.fingerprint("deal", deal, list(expected))
            if idempotency_key is not None
            else ""
        )
        return self._change(gid, caller, "deal", apply, expected, idempotency_key, fp, stored)

    def presence(
        self,
        gid: str,
        caller: Caller,
        seat: int,
        away: bool,
        expected: Sequence[int | None] = (),
        stored: Stored | None = None,
    ) -> Answer:
        """A seat hands itself to its `on_timeout` bot (`away`), which plays it at once from
        then on, or takes itself back. Idempotent: a seat already so changes nothing and gets
        its view. Otherwise one change, version-checked as a move is, with its event."""
        if caller.seat is None:
            raise ServiceError("not_a_player", "only a seat's token may leave or return")
        if caller.seat != seat:
            raise ServiceError("not_your_seat", f"this token holds seat {caller.seat}, not {seat}")
        stored = self._expect(self.commits.load(gid) if stored is None else stored, expected)
        refuse_abandoned(stored)
        if stored.status == OVER:
            raise ServiceError(Reason.GAME_OVER, "the game is over", version=stored.version)
        if Seating.of(stored.state, stored.meta).seats[seat].away == away:
            body = self.reads.body(stored, caller)
            body["events"] = []
            return Answer(body)

        def apply(game: Game) -> tuple[list[Event], list[JSON]]:
            return [], []  # no move: the seating's event alone (`_seat_events`)

        kind = "away" if away else "return"
        return self._change(
            gid, caller, kind, apply, expected, None, "", stored, actor=Actor(seat, kind)
        )

    # --- ending early ---------------------------------------------------------------------

    def abandon(
        self,
        gid: str,
        caller: Caller,
        expected: Sequence[int | None] = (),
        stored: Stored | None = None,
    ) -> JSON:
        """The host ends an unfinished game: status `abandoned`, no more changes, its bot
        turns dropped from the due index, its record available, its keys on the finished TTL.

        One compare-and-set, as any change: a move that wins the race makes this a 409."""
        if not caller.host:
            raise ServiceError("host_only", "only the host token may abandon the game")
        stored = self._expect(self.commits.load(gid) if stored is None else stored, expected)
        refuse_abandoned(stored)
        game = self.commits.game(stored)
        if game.is_over():
            raise ServiceError(Reason.GAME_OVER, "the game is over", version=stored.version)
        version = stored.version + 1
        entry = event_entry(Event("game_abandoned", {"by": "host"}), version)
        change = Change(
            stored=stored,
            game=game,
            version=version,
            entries=[entry],
            actions=[],
            status=ABANDONED,
            to_act=(),
            bots=(),
            seating=None,  # no turn is due: the script drops the previous version's
            state=stored.state,
        )
        self.commits.commit(change, "abandon")
        log.info("game %s v%d: abandoned by the host", gid, version)
        written = Stored(
            gid=gid,
            version=version,
            state=stored.state,
            meta=stored.meta,
            status=ABANDONED,
            nevents=stored.nevents + 1,
            to_act=(),
            cached=True,
        )
        body = self.reads.body(written, caller)
        body["events"] = events_out([entry], stored.nevents + 1, caller)
        return body

    def resign(
        self,
        gid: str,
        caller: Caller,
        expected: Sequence[int | None] = (),
        idempotency_key: str | None = None,
        stored: Stored | None = None,
    ) -> Answer:
        """The caller's seat gives up, where its game allows a result (`Game.resign`: the rule
        is the game's). A bot on the seat's team follows it: Doubleduck's side resigns when
        both partners have, and a bot partner never would alone. Committed as a move is."""
        if caller.seat is None:
            raise ServiceError("not_a_player", "only a seat's token may resign")
        seat = caller.seat
        stored = self.commits.load(gid) if stored is None else stored
        bots = {i for i, s in enumerate(stored.meta["seats"]) if s.get("bot") in BOTS}

        def apply(game: Game) -> tuple[list[Event], list[JSON]]:
            events = game.resign(seat)
            actions: list[JSON] = [{"seat": seat, "resign": True}]
            team = next((t for t in game.teams() if seat in t), [seat])
            for mate in team:
                if mate != seat and mate in bots and not game.is_over():
                    events += game.resign(mate)
                    actions.append({"seat": mate, "resign": True})
            return events, actions

        fp = (
            idempotency.fingerprint("resign", list(expected)) if idempotency_key is not None else ""
        )
        return self._change(gid, caller, "resign", apply, expected, idempotency_key, fp, stored)

    def bot_turn(
        self,
        gid: str,
        seat: int,
        version: int,
        before_submit: Callable[[], None] | None = None,
        chain_seconds: float = 0.0,
    ) -> str:
        """Play a bot seat's turn at `version`, or nothing if the game moved on.

        The move is committed as a human's is, expecting `version`: a second run of the same
        turn (a re-enqueued job racing a slow first one) is refused there. It decides and
        commits on the one game it decoded, and builds no answer: nobody reads one. The
        `before_submit` hook runs between the decision and the commit (tests use it).

        With `chain_seconds` > 0 (a worker's job), a move that leaves exactly one bot seat to
        act is followed by that seat's turn in the same job, until that much time has passed:
        consecutive bot turns cost no queue hop (RQ's bookkeeping is most of a bot turn's
        CPU). Each turn is still its own compare-and-set, which records the next as due, so a
        job that dies mid-chain leaves a due turn that the recovery loop re-enqueues."""
        until = time.monotonic() + chain_seconds if chain_seconds > 0 else 0.0
        outcome, follow = self._bot_move(gid, seat, version, before_submit, until)
        while follow is not None:
            pending = follow
            seat, version = pending.bots[0], pending.version
            try:
                _, follow = self._bot_move(gid, seat, version, before_submit, until)
            except BaseException:
                # Its turn was recorded as due but not enqueued: hand it to the queue now.
                self.commits.turns.schedule(gid, [seat], version, pending.stored.meta)
                raise
        return outcome

    def _bot_move(
        self,
        gid: str,
        seat: int,
        version: int,
        before_submit: Callable[[], None] | None,
        chain_until: float,
    ) -> tuple[str, Change | None]:
        """One bot turn; the change, when the caller is to play the next bot turn itself
        (it was not enqueued)."""
        cache = self.commits.cache
        if cache.stored(gid, version + 1) is not None:
            return "stale", None  # this process holds the game past `version`: nothing to read
        stored = cache.stored(gid, version) or self.store.load(gid)
        if stored is None or stored.version != version:
            return "stale", None
        if stored.status in (ABANDONED, WAITING):
            return stored.status, None
        meta = stored.meta
        if not 0 <= seat < len(meta["seats"]):
            return "not_a_bot", None
        kind, bot, level = "bot", meta["seats"][seat].get("bot"), meta["seats"][seat].get("level")
        if bot is None:  # a human seat: away, or its turn timed out
            clock = Seating.of(stored.state, meta).seats[seat]
            if clock.deadline is not None and not clock.away:
                early = clock.deadline - self.commits.clock.now_ms()
                if early > EARLY_MS:
                    return "early", None
                time.sleep(max(early, 0) / 1000)
                kind = "timeout"
            elif not clock.away:
                return "not_a_bot", None
            bot, level = stand_in(meta)
        if bot not in BOTS:
            return "not_a_bot", None
        game = self.commits.game(stored)
        if kind == "timeout" and game.deal_pending() and not game.is_over():
            return self._deal_on_timeout(stored, game, seat), None
        rng = turn_rng(bot, game.seed, version, seat)
        try:
            with think_limit(self.think_limit_ms):
                choice = decide(bot, game, seat, rng, level=level)
        except ThinkLimitExceeded:
            # Stopped; the game goes on with the turn's seeded random move (the same on a retry).
            log.warning("game %s v%d: bot seat %d overran its think limit", gid, version, seat)
            choice = decide("random", game, seat, turn_rng(bot, game.seed, version, seat))
        if choice is None:
            return "idle", None
        if before_submit is not None:
            before_submit()

        def apply(game: Game) -> tuple[list[Event], list[JSON]]:
            return game.apply(seat, choice), [{"seat": seat, "move": choice.to_json()}]

        change = self._prepare(stored, game, apply, Actor(seat, kind))
        chain = len(change.bots) == 1 and time.monotonic() < chain_until
        try:
            self.commits.commit(change, "move", Caller(seat=seat), schedule=not chain)
        except ServiceError as exc:
            if exc.reason == "stale_version":
                return "stale", None
            raise
        metrics.moved("bot")  # each move of a chain counts
        return "moved", change if chain else None

    def _deal_on_timeout(self, stored: Stored, game: Game, seat: int) -> str:
        """A timed table that deals on request waited `turn_seconds` for a deal
        (`Seating.start_deal`): the service deals, as any seat could have, so the table never
        waits for ever; `turn_timed_out` (its `bot`: the game's stand-in, who plays on) says
        why."""

        def apply(game: Game) -> tuple[list[Event], list[JSON]]:
            return game.next_deal(None), [{"deal": None}]

        change = self._prepare(stored, game, apply, Actor(seat, "deal_timeout"))
        try:
            self.commits.commit(change, "deal", Caller(seat=seat))
        except ServiceError as exc:
            if exc.reason == "stale_version":
                return "stale"
            raise
        return "dealt"

    def _change(
        self,
        gid: str,
        caller: Caller,
        kind: str,
        apply: Apply,
        expected: Sequence[int | None],
        idempotency_key: str | None,
        fp: str,
        stored: Stored | None = None,
        waits: bool = False,
        actor: Actor | None = None,
    ) -> Answer:
        """A caller's change and its answer. `stored` may come from an earlier read of this
        request (`open`): the compare-and-set expects its version, so a change made since then
        makes this one a 409, never lost.

        With `waits`, and neither an Idempotency-Key (whose record needs the answer) nor the
        caller ready at once, the answer's body holds only `version` and `status`: the caller
        waits and builds the answer from the game as it is then."""
        stored = self.commits.load(gid) if stored is None else stored
        idem_field = ""
        if idempotency_key is not None:
            idem_field = idempotency.change_field(caller.principal, kind, idempotency_key)
        try:
            stored, change = self._attempt(gid, stored, expected, apply, actor)
        except (ServiceError, EngineError):
            # A retry of a change already made is refused here (the game moved on since), so
            # its first answer is looked for only now; a retry the rules still take is
            # answered by the compare-and-set, which finds the key in the same atomic step.
            # Either way the first answer comes back, and a first try costs no extra read.
            if idem_field:
                prior = self.store.idempotent_response(gid, idem_field)
                if prior is not None:
                    return Answer(idempotency.replay(prior, fp), replayed=True)
            raise
        text: str | None = None
        if waits and not idem_field and not ready(change.head, caller, None):
            body: JSON = {"version": change.version, "status": change.status}
        else:
            body = game_body(
                gid, change.version, change.game, stored.meta, caller, change.seating, change.now
            )
            body["events"] = events_out(change.entries, stored.nevents + 1, caller)
            text = to_json(body)
        response = idempotency.stored_answer(fp, text) if idem_field and text else ""
        replayed = self.commits.commit(
            change, kind, caller, idem_field=idem_field, response=response
        )
        if replayed is not None:
            return Answer(idempotency.replay(replayed, fp), replayed=True)
        return Answer(body, text=text, events_before=stored.nevents, to_act=change.to_act)

    def _attempt(
        self,
        gid: str,
        stored: Stored,
        expected: Sequence[int | None],
        apply: Apply,
        actor: Actor | None,
    ) -> tuple[Stored, Change]:
        """The change made in memory, and the game it was made on; refused as the game
        stands in Redis."""
        refuse_abandoned(stored)
        refuse_waiting(stored)
        try:
            return stored, self._prepare(
                self._expect(stored, expected), self.commits.game(stored), apply, actor
            )
        except EngineError:
            if not stored.cached:
                raise
            # Refusals are told from the game as Redis has it now, never from a cached version
            # that may be behind (a stale move is a 409, not "illegal here").
            stored = self.commits.load(gid)
            refuse_abandoned(stored)
            refuse_waiting(stored)
            return stored, self._prepare(
                self._expect(stored, expected), self.commits.game(stored), apply, actor
            )

    @staticmethod
    def _expect(stored: Stored, expected: Sequence[int | None]) -> Stored:
        """`stored`, if it is at every version the caller expects (409 otherwise)."""
        for version in expected:
            if version is not None and version != stored.version:
                raise ServiceError(
                    "stale_version" if version < stored.version else "future_version",
                    f"the game is at version {stored.version}, not {version}",
                    version=stored.version,
                )
        return stored

    def _prepare(
        self, stored: Stored, game: Game, apply: Apply, actor: Actor | None = None
    ) -> Change:
        """Apply a change to `game` (decoded from `stored`) in memory; an EngineError here
        leaves everything unchanged, as nothing is written yet. The seating follows
        (`service.games.clocks`): the actor's clock and presence, then the clocks of the seats to
        act next."""
        meta = stored.meta
        seating = Seating.of(stored.state, meta)
        now = self.commits.clock.now_ms() if seating.timed else None
        first, last = _seat_events(seating, meta, actor, now or 0)
        events, actions = apply(game)
        if game.deal_pending() and not game.is_over() and meta.get("auto_deal"):
            events += game.next_deal(None)
            actions.append({"deal": None})
        events = first + events + last
        version = stored.version + 1
        if now is not None:
            started = seating.start_turns(meta, sorted(game.to_act()), now)
            if game.deal_pending() and not game.is_over():  # nobody to act: the deal is timed
                started += seating.start_deal(meta, now)
            events += [Event("turn_started", data) for data in started]
        bots = bot_seats(game, meta, seating)
        return Change(
            stored=stored,
            game=game,
            version=version,
            entries=[event_entry(e, version) for e in events],
            actions=actions,
            status=status_of(game),
            to_act=tuple(sorted(game.to_act())),
            bots=bots,
            seating=seating,
            now=now,
        )


def _seat_events(
    seating: Seating, meta: Mapping[str, Any], actor: Actor | None, now: int
) -> tuple[list[Event], list[Event]]:
    """Change `seating` for what `actor` does; the events that say so, those to come before
    the change's own events and those after (`service.games.clocks`)."""
    if actor is None:
        return [], []
    seat, clock = actor.seat, seating.seats[actor.seat]
    if actor.kind == "timeout" or (actor.kind == "bot" and human(meta, seat)):
        clock.stood_in += 1  # the service played this human seat's move
    if actor.kind == "deal_timeout":
        data = {"seat": seat, "deadline": clock.deadline, "at": now, "bot": stand_in_name(meta)}
        seating.dealt_on_timeout(seat)
        return [Event("turn_timed_out", data)], []
    if actor.kind == "timeout":
        data = {"seat": seat, "deadline": clock.deadline, "at": now, "bot": stand_in_name(meta)}
        first = [Event("turn_timed_out", data)]
        if seating.moved(seat, now, timed_out=True):
            return first, [Event("seat_away", {"seat": seat, "by": "timeouts"})]
        return first, []
    if actor.kind in ("away", "return"):
        seating.set_away(seat, actor.kind == "away")
        kind = "seat_away" if actor.kind == "away" else "seat_returned"
        return [], [Event(kind, {"seat": seat, "by": "seat"})]
    returned = actor.kind == "move" and human(meta, seat) and seating.set_away(seat, False)
    seating.moved(seat, now)
    return [], [Event("seat_returned", {"seat": seat, "by": "move"})] if returned else []
