"""The ratings ladder: each bot's rating per game, fitted at once from every paired margin.

A match game deals the same cards to every rotation, so what it measures is by how much one bot
outscored another on the same cards: `pair_differences`, a's mean score per deal minus b's, one
sample per pair of opponents per match game (never teammates: a Doubleduck side; Doppelkopf's
parties change every deal, so every pair counts). The ladder is the least-squares fit of all of
them at once, as the chess-engine rating lists fit all their games (`fit`):

- each sample d of a pair (a, b) is d ~ N(r_a - r_b, s^2), r a bot's skill in points a deal;
- s, the spread of one match game's paired difference, is pooled over every pair's samples
  around that pair's own mean, with one more sample at the raw root mean square, so a ladder
  of one game has a spread at all;
- every bot starts at N(0, (3 s)^2): before it plays, its skill is within about six spreads of
  the ladder's average, and its first game moves it most of the way to what it showed;
- the posterior is solved exactly (its mean does not depend on s; its covariance scales with
  s^2). Only differences are observed, so `mu` is a bot's skill above the ladder's average bot
  (the means add up to 0) and `sigma` its standard deviation relative to that average.

The order is the ordinal, mu - 3 sigma: a skill the bot very likely has at least, so a bot
climbs by playing more, not by one lucky game. A rating is provisional while sigma is above half
the spread (`PROVISIONAL_SPREADS`; about its first four match games against rated bots). Each
rated game re-fits the whole ladder, so a bot's rating can move a little when others play: that
is the fit learning more about the bots it met.

Ratings by who won (openskill's Plackett-Luce on each match game's ranks) came first; they left
the built-in anchors' order to luck where a level wins more often by less (docs/benchmarks.md,
"The anchors rated by paired margins"), and the fit reads the margins the duplicate deals are
designed to measure.

Exactly once: a match game is rated under an id (`match id.index`, or the hash of its spec and
record where no match id is given). `Ratings.rate` reads the ladder's version and head-to-head
sums, fits them with the game's samples added, and a Lua compare-and-set writes the new ratings
only if the version is still the one read and the id is not yet rated; in the same step it adds
the samples, appends the game's bots' history points, marks the id rated and raises the version.
Two workers rating at once: one wins, the other reads again and re-fits. A ladder's keys share
one hash tag, so the script runs on one Redis or a Cluster.

    dp:{ladder:<game>}:ratings  hash: bot -> {"mu", "sigma", "games", "last_played"} JSON
    dp:{ladder:<game>}:fit      hash: version (raised by every rated game), spread
    dp:{ladder:<game>}:rated    sorted set: rated ids by the ms they were rated; ids older than
                                `RATED_KEEP_SECONDS` are dropped (a retried job comes long before)
    dp:{ladder:<game>}:history:<bot>  list: the bot's rating after each of its rated games,
                                oldest first, at most `HISTORY_POINTS` (older ones thinned)
    dp:{ladder:<game>}:h2h:<bot>      hash: n:<opponent>, s:<opponent>, q:<opponent>: the
                                paired differences' count, sum and sum of squares

`service.matches.history` reads the histories and head-to-head sums. The anchors (`python -m
service.ratings anchors`, and the keeper): built-in bots' matches that put every ladder's scale
in place.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import math
import random
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from bots import BOTS, parse_bot
from bots.match import MatchSpec, check, play_match_game
from engine import GAMES
from service.core.shards import DataClient
from service.storage.keys import fit_key, h2h_key, history_key, rated_key, ratings_key

JSON = dict[str, Any]
Sums = tuple[int, float, float]
"""A pair's samples: (count, sum, sum of squares) of its per-game paired differences."""
Slot = tuple[int, int, int]
"""An anchor match game: (round, line-up index, that line-up's match game index)."""
Pairs = Mapping[tuple[str, str], Sums]
"""Every pair's sums, a before b by name, the differences a's minus b's."""
PRIOR_SPREADS = 3.0
"""A bot's prior: N(0, (3 s)^2), s the ladder's spread (the module docstring)."""
PROVISIONAL_SPREADS = 0.5
"""A rating is provisional while its sigma is above half the ladder's spread: its 95% interval
(mu +- 1.96 sigma) is then wider than about one match game's spread either way."""
RATED_KEEP_SECONDS = 7 * 24 * 3600
Z95 = 1.959964
"""A 95% interval of a normal skill estimate: mu +- Z95 sigma."""
ATTEMPTS = 50
"""Compare-and-set rounds before `rate` gives up (each loses only to another worker's write)."""

RATE_SCRIPT = """
-- Write one match game's re-fitted ladder, once, and only over the version it was fitted from;
-- in the same step add the game's head-to-head samples, append each of its bots' new rating to
-- its history and raise the version (`service.matches.ratings`, `service.matches.history`).
-- KEYS[1] ratings; KEYS[2] rated; KEYS[3] fit; KEYS[3 + i] the game's bot i's history,
-- KEYS[3 + nb + i] its head-to-head (i = 1..nb)
-- ARGV[1] the match game's id; ARGV[2] now (ms); ARGV[3] drop ids rated before this (ms);
-- ARGV[4] the history's cap; ARGV[5] the version read ("0" for none); ARGV[6] the new spread;
-- ARGV[7] nb; ARGV[8] na; then nb pairs: the game's bot, its new rating; then na pairs: every
-- other bot, its new rating; then quintuples: bot i, bot j (indexes among the game's bots),
-- d, -d, d * d (d: i's mean score per deal minus j's in this game)
-- Returns "rated", "duplicate" (the id is rated already) or "conflict" (read again).
if redis.call("ZSCORE", KEYS[2], ARGV[1]) then return "duplicate" end
if (redis.call("HGET", KEYS[3], "version") or "0") ~= ARGV[5] then return "conflict" end
local cap, nb, na = tonumber(ARGV[4]), tonumber(ARGV[7]), tonumber(ARGV[8])
local pairs_at = 9 + 2 * (nb + na)
for at = 9, pairs_at - 1, 2 do redis.call("HSET", KEYS[1], ARGV[at], ARGV[at + 1]) end
for b = 1, nb do
  local history = KEYS[3 + b]
  local length = redis.call("RPUSH", history, ARGV[8 + 2 * b])
  if length > cap then
    -- Thin the older half: keep its first point and every second one after it.
    local half = math.floor(length / 2)
    local old = redis.call("LRANGE", history, 0, half - 1)
    redis.call("LTRIM", history, half, -1)
    for k = #old - (#old + 1) % 2, 1, -2 do redis.call("LPUSH", history, old[k]) end
  end
end
for p = pairs_at, #ARGV, 5 do
  local i, j = tonumber(ARGV[p]), tonumber(ARGV[p + 1])
  local a, b = ARGV[7 + 2 * i], ARGV[7 + 2 * j]
  redis.call("HINCRBY", KEYS[3 + nb + i], "n:" .. b, 1)
  redis.call("HINCRBYFLOAT", KEYS[3 + nb + i], "s:" .. b, ARGV[p + 2])
  redis.call("HINCRBYFLOAT", KEYS[3 + nb + i], "q:" .. b, ARGV[p + 4])
  redis.call("HINCRBY", KEYS[3 + nb + j], "n:" .. a, 1)
  redis.call("HINCRBYFLOAT", KEYS[3 + nb + j], "s:" .. a, ARGV[p + 3])
  redis.call("HINCRBYFLOAT", KEYS[3 + nb + j], "q:" .. a, ARGV[p + 4])
end
redis.call("HINCRBY", KEYS[3], "version", 1)
redis.call("HSET", KEYS[3], "spread", ARGV[6])
redis.call("ZADD", KEYS[2], ARGV[2], ARGV[1])
redis.call("ZREMRANGEBYSCORE", KEYS[2], "-inf", "(" .. ARGV[3])
return "rated"
"""
REFIT_SCRIPT = """
-- Re-fit a whole ladder from its head-to-head sums, with no new game (`Ratings.refit_ladder`):
-- write every bot's rating and the spread only over the version read, and raise the version.
-- KEYS[1] ratings; KEYS[2] fit; ARGV[1] the version read; ARGV[2] the spread; ARGV[3 ..] pairs:
-- a bot, its new rating. Returns "refitted" or "conflict" (read again).
if (redis.call("HGET", KEYS[2], "version") or "0") ~= ARGV[1] then return "conflict" end
for at = 3, #ARGV, 2 do redis.call("HSET", KEYS[1], ARGV[at], ARGV[at + 1]) end
redis.call("HINCRBY", KEYS[2], "version", 1)
redis.call("HSET", KEYS[2], "spread", ARGV[2])
return "refitted"
"""
HISTORY_POINTS = 512
"""The most points a bot's history holds per game: past it, the older half is thinned to every
second point (its first kept), so a history spans all of a bot's games, the recent ones dense."""


@dataclass(frozen=True, slots=True)
class Skill:
    """One bot's rating in one game: its skill above the ladder's average in points a deal, the
    skill's standard deviation, and what it was rated from. The default is a bot not on the
    ladder: average, and unknown."""

    mu: float = 0.0
    sigma: float = math.inf
    games: int = 0
    """Rated games (each rotation of a match game is one game)."""
    last_played: int | None = None
    """When its last game was rated, ms since the epoch."""

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma: a skill it very likely has at least; the ladder's order, so a bot
        climbs by playing more, not by a lucky first game."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> JSON:
        return {
            "mu": self.mu,
            "sigma": self.sigma,
            "games": self.games,
            "last_played": self.last_played,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Skill:
        last = data.get("last_played")
        return cls(
            float(data["mu"]),
            float(data["sigma"]),
            int(data["games"]),
            None if last is None else int(last),
        )


def ladder_name(bot: str) -> str:
    """The bot's name on the ladder: a built-in bot with levels always with its level
    (`search` -> `search:fast`, its default), so one bot has one rating."""
    name, level = parse_bot(bot)
    entry = BOTS.get(name)
    if entry is None or not entry.levels:
        return bot
    chosen = entry.level(level)
    return f"{name}:{chosen.name}" if chosen is not None else bot


def kind_of(bot: str) -> str:
    """`builtin` for the service's own bots (with any level), `outside` for registered ones."""
    return "builtin" if parse_bot(bot)[0] in BOTS else "outside"


@functools.cache
def seat_teams(game: str, seats: int) -> tuple[tuple[int, ...], ...]:
    """The game's fixed teams by seat (Doubleduck's sides; one seat each elsewhere)."""
    table = GAMES[game].new(seats, seed="teams")
    return tuple(tuple(team) for team in table.teams())


def pair_differences(game: str, record: Mapping[str, Any]) -> dict[tuple[str, str], float]:
    """The samples of one match game: for each pair of bots that were never teammates in it (a
    Doubleduck side; every other game's seats play alone, Doppelkopf's parties change per deal
    so every pair counts), a's mean score per deal minus b's, a before b by name. A bot's mean is
    over every seat-deal it held in every rotation (its side's score for a Doubleduck seat;
    several seats together), so both sides of a pair played the same cards: the paired
    difference of `bots.match`'s `comparisons`, one value per match game."""
    rotations = [[ladder_name(b) for b in r["bots"]] for r in record["rotations"]]
    if not rotations:
        return {}
    fixed = seat_teams(game, len(rotations[0]))
    sums: dict[str, list[float]] = {}
    mates: set[tuple[str, str]] = set()
    for bots, rotation in zip(rotations, record["rotations"], strict=True):
        deals = rotation["deal_scores"]
        for seat, bot in enumerate(bots):
            got = sums.setdefault(bot, [0.0, 0])
            got[0] += math.fsum(deal[seat] for deal in deals)
            got[1] += len(deals)
        for team in fixed:
            for x, y in itertools.combinations(sorted({bots[s] for s in team}), 2):
                mates.add((x, y))
    means = {bot: total / count for bot, (total, count) in sums.items() if count}
    return {
        (a, b): means[a] - means[b]
        for a, b in itertools.combinations(sorted(means), 2)
        if (a, b) not in mates
    }


def add_samples(
    pairs: Pairs, samples: Mapping[tuple[str, str], float]
) -> dict[tuple[str, str], Sums]:
    """`pairs` with one match game's samples (`pair_differences`) added."""
    out = dict(pairs)
    for pair, d in samples.items():
        n, total, squares = out.get(pair, (0, 0.0, 0.0))
        out[pair] = (n + 1, total + d, squares + d * d)
    return out


def spread(pairs: Pairs) -> float:
    """The spread of one match game's paired difference: pooled around each pair's own mean,
    with one more sample at the raw root mean square (the module docstring). 0 with no sample;
    1 point a deal while every sample is 0 (ties only: no scale shows yet)."""
    count = sum(n for n, _, _ in pairs.values())
    if count == 0:
        return 0.0
    groups = sum(1 for n, _, _ in pairs.values() if n)
    within = sum(max(0.0, q - s * s / n) for n, s, q in pairs.values() if n)
    raw = sum(q for _, _, q in pairs.values()) / count
    return math.sqrt((within + raw) / (count - groups + 1)) or 1.0


def fit(bots: Iterable[str], pairs: Pairs) -> tuple[dict[str, tuple[float, float]], float]:
    """Every bot's (mu, sigma) from every pair's samples at once, and the spread (the module
    docstring). `bots`: those on the ladder (a bot in `pairs` is on it anyway); with no sample
    at all there is nothing to fit and nobody is rated."""
    s = spread(pairs)
    if s == 0.0:
        return {}, 0.0
    names = sorted(set(bots) | {x for pair in pairs for x in pair})
    at = {bot: i for i, bot in enumerate(names)}
    # In units of s^2: precision = I / PRIOR^2 + the pairs' Laplacian; pull = the sums.
    precision = np.eye(len(names)) / PRIOR_SPREADS**2
    pull = np.zeros(len(names))
    for (a, b), (n, total, _) in pairs.items():
        i, j = at[a], at[b]
        precision[i, i] += n
        precision[j, j] += n
        precision[i, j] -= n
        precision[j, i] -= n
        pull[i] += total
        pull[j] -= total
    covariance = np.linalg.inv(precision)
    mean = covariance @ pull
    centre = np.eye(len(names)) - 1.0 / len(names)
    relative = centre @ covariance @ centre
    return {
        bot: (float(mean[i]), s * math.sqrt(max(0.0, float(relative[i, i]))))
        for bot, i in at.items()
    }, s


def refit(
    game: str,
    record: Mapping[str, Any],
    pairs: Pairs,
    skills: Mapping[str, Skill],
    now_ms: int,
) -> tuple[dict[tuple[str, str], Sums], dict[str, Skill], float]:
    """The pure rating math of one match game: the pairs with its samples added, every bot's
    new skill (the game's bots count one game per rotation and `now_ms`; the others keep their
    counts) and the new spread. A game without samples (one bot, or only teammates) changes
    nothing."""
    samples = pair_differences(game, record)
    if not samples:
        return dict(pairs), dict(skills), spread(pairs)
    after = add_samples(pairs, samples)
    fitted, s = fit(skills, after)
    played = {x for pair in samples for x in pair}
    rotations = len(record["rotations"])
    out: dict[str, Skill] = {}
    for bot, (mu, sigma) in fitted.items():
        old = skills.get(bot, Skill())
        if bot in played:
            out[bot] = Skill(mu, sigma, old.games + rotations, now_ms)
        else:
            out[bot] = Skill(mu, sigma, old.games, old.last_played)
    return after, out, s


def rate_records(
    game: str, records: Iterable[Mapping[str, Any]], now_ms: int = 0
) -> tuple[dict[str, Skill], float]:
    """A ladder rated from nothing by these records in order, in-process (benchmarks, tests)."""
    pairs: dict[tuple[str, str], Sums] = {}
    skills: dict[str, Skill] = {}
    s = 0.0
    for record in records:
        pairs, skills, s = refit(game, record, pairs, skills, now_ms)
    return skills, s


def record_id(spec: MatchSpec, record: Mapping[str, Any], match_id: str | None) -> str:
    """What a match game is rated under: its match and index, or (no match id) the hash of
    its spec and record, which are the same however often it is told."""
    if match_id is not None:
        return f"{match_id}.{int(record['index'])}"
    blob = json.dumps([spec.to_json(), record], sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(blob.encode()).hexdigest()[:32]


class Ratings:
    """The ladders in Redis (one Redis or a Cluster); one instance per process."""

    def __init__(
        self,
        client: DataClient,
        keep_seconds: int = RATED_KEEP_SECONDS,
        history_points: int = HISTORY_POINTS,
    ) -> None:
        self.redis = client
        self.keep_seconds = keep_seconds
        self.history_points = history_points
        self._rate = client.register_script(RATE_SCRIPT)
        self._refit = client.register_script(REFIT_SCRIPT)

    def rate(self, spec: MatchSpec, record: Mapping[str, Any], match_id: str | None = None) -> str:
        """Rate one recorded match game (every rotation) once: "rated", or "duplicate" when it
        was rated before. Safe to call twice, and from two workers at once."""
        game, rid = spec.game, record_id(spec, record, match_id)
        for _ in range(ATTEMPTS):
            if self.rated(game, rid):
                return "duplicate"
            version, skills, pairs = self._read(game)
            now = int(time.time() * 1000)
            _, after, s = refit(game, record, pairs, skills, now)
            samples = pair_differences(game, record)
            players = sorted({x for pair in samples for x in pair})
            others = sorted(set(after) - set(players))
            args: list[str | int] = [rid, now, now - self.keep_seconds * 1000]
            args += [self.history_points, version, repr(s), len(players), len(others)]
            for bot in [*players, *others]:
                args += [bot, json.dumps(after[bot].to_json(), separators=(",", ":"))]
            index = {bot: i for i, bot in enumerate(players, 1)}
            for (a, b), d in sorted(samples.items()):
                args += [index[a], index[b], repr(d), repr(-d), repr(d * d)]
            keys = [ratings_key(game), rated_key(game), fit_key(game)]
            keys += [history_key(game, b) for b in players]
            keys += [h2h_key(game, b) for b in players]
            outcome = self._rate(keys=keys, args=args)
            outcome = outcome.decode() if isinstance(outcome, bytes) else str(outcome)
            if outcome != "conflict":
                return outcome
            time.sleep(random.uniform(0, 0.01))  # another worker rated this game: read again
        raise RuntimeError(f"ratings of {game}: {ATTEMPTS} conflicting writes in a row")

    def refit_ladder(self, game: str) -> int:
        """Fit the whole ladder again from its head-to-head sums, rating no new game: for a
        ladder rated by an older rule (ratings by who won, before the fit), whose sums the
        fit reads as they are. Returns how many bots it rated; safe beside `rate`."""
        for _ in range(ATTEMPTS):
            version, skills, pairs = self._read(game)
            fitted, s = fit(skills, pairs)
            args: list[str | int] = [version, repr(s)]
            for bot, (mu, sigma) in sorted(fitted.items()):
                old = skills.get(bot, Skill())
                new = Skill(mu, sigma, old.games, old.last_played)
                args += [bot, json.dumps(new.to_json(), separators=(",", ":"))]
            outcome = self._refit(keys=[ratings_key(game), fit_key(game)], args=args)
            outcome = outcome.decode() if isinstance(outcome, bytes) else str(outcome)
            if outcome != "conflict":
                return len(fitted)
            time.sleep(random.uniform(0, 0.01))
        raise RuntimeError(f"ratings of {game}: {ATTEMPTS} conflicting writes in a row")

    def _read(self, game: str) -> tuple[str, dict[str, Skill], dict[tuple[str, str], Sums]]:
        """The ladder's version, ratings and every pair's sums. The version is read first: a
        write in between raises it, so the compare-and-set refuses what was read after."""
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.hget(fit_key(game), "version")
            pipe.hgetall(ratings_key(game))
            raw_version, raw = cast(tuple[bytes | None, dict[bytes, bytes]], pipe.execute())
        skills = {k.decode(): Skill.from_json(json.loads(v)) for k, v in raw.items()}
        bots = sorted(skills)
        with self.redis.pipeline(transaction=False) as pipe:
            for bot in bots:
                pipe.hgetall(h2h_key(game, bot))
            found = cast(list[dict[bytes, bytes]], pipe.execute())
        pairs: dict[tuple[str, str], Sums] = {}
        for bot, sums in zip(bots, found, strict=True):
            for opponent, got in parse_sums(sums).items():
                if bot < opponent:
                    pairs[(bot, opponent)] = got
        return "0" if raw_version is None else raw_version.decode(), skills, pairs

    def rated(self, game: str, rid: str) -> bool:
        """Whether the match game of id `rid` (`record_id`) is on the ladder already."""
        return self.redis.zscore(rated_key(game), rid) is not None

    def skills(self, game: str) -> dict[str, Skill]:
        raw = cast(dict[bytes, bytes], self.redis.hgetall(ratings_key(game)))
        return {k.decode(): Skill.from_json(json.loads(v)) for k, v in raw.items()}

    def spread(self, game: str) -> float:
        """The ladder's spread as its last rated game left it (0 before any)."""
        raw = cast(bytes | None, self.redis.hget(fit_key(game), "spread"))
        return 0.0 if raw is None else float(raw)

    def ladder(self, game: str) -> list[JSON]:
        """The game's rated bots, best ordinal first (ties: more games, then by name)."""
        return entries(self.skills(game).items(), self.spread(game))


def parse_sums(raw: Mapping[bytes, bytes]) -> dict[str, Sums]:
    """A bot's head-to-head hash (`n:<opponent>`, `s:`, `q:`) by opponent."""
    fields = {k.decode(): v.decode() for k, v in raw.items()}
    return {
        name[2:]: (int(count), float(fields[f"s:{name[2:]}"]), float(fields[f"q:{name[2:]}"]))
        for name, count in fields.items()
        if name.startswith("n:")
    }


def entries(skills: Iterable[tuple[str, Skill]], spread: float) -> list[JSON]:
    """Ladder entries (without owners), best ordinal first."""
    ranked = sorted(skills, key=lambda item: (-item[1].ordinal, -item[1].games, item[0]))
    return [
        {"bot": bot, "kind": kind_of(bot), **s.to_json(), **firmness(s, spread)}
        for bot, s in ranked
    ]


def firmness(skill: Skill, spread: float) -> JSON:
    """How firm a rating is, as the ladder shows it: its ordinal, the 95% interval of its mu,
    and whether it is still provisional (`PROVISIONAL_SPREADS` of the ladder's `spread`)."""
    return {
        "ordinal": skill.ordinal,
        "mu_low": skill.mu - Z95 * skill.sigma,
        "mu_high": skill.mu + Z95 * skill.sigma,
        "provisional": provisional(skill, spread),
    }


def provisional(skill: Skill, spread: float) -> bool:
    """Whether a rating is still provisional: sigma above half the ladder's spread."""
    return skill.sigma > PROVISIONAL_SPREADS * spread


# --- the anchors ------------------------------------------------------------------------------

ANCHORS = ("random", "heuristic", "search:fast", "search:strong")
"""The built-in bots that pin each game's scale, weakest first."""
ANCHOR_OPTIONS: dict[str, JSON] = {
    "doubleduck": {"max_deals": 1, "target": 100_000},
    "ducksoup": {"target": 1},
    "doppelkopf": {"max_deals": 1},
    "duck": {},
}
"""One deal per match game where the game allows it (Duck's five rounds are fixed): the search
bots' worlds make a decision cost up to ~200 ms, and a match game of one deal, rotated, is
already a duplicate comparison."""
ANCHOR_GAMES = {"doubleduck": 24, "ducksoup": 64, "doppelkopf": 96, "duck": 24}
"""Match games per line-up that the anchor command and the keeper play unless told: the sizes
at which `scripts/bench/ladder.py` found the anchors in order across three seeds and more
(docs/benchmarks.md, "The anchors on the margins ladder")."""


def anchor_lineups(game: str, anchors: Sequence[str] | None = None) -> list[tuple[str, ...]]:
    """The anchor matches' line-ups of one game, of `anchors` (weakest first; default
    `ANCHORS`). The weakest (random) meets only the second weakest (the heuristic): its margins
    against anyone are so large that they say little about who of the others is stronger, and
    a least-squares fit would read them as if they did (a ring that closed with strong against
    random put the heuristic above both search levels in Duck Soup).

    - Doubleduck and Duck Soup: a chain, each anchor against the next, closed by the strongest
      against the second weakest, so the levels in doubt each play two line-ups (Doubleduck
      with a side each, `x,y,x,y`: a side with random in it loses whoever its partner is).
    - Duck and Doppelkopf: the anchors above the weakest at one table (Doppelkopf's fourth seat
      to the second weakest), and the weakest against the second weakest (`w,h,w,h`): random's
      play at the search bots' table would blur the steps between them (docs/benchmarks.md,
      "Three more ways to order the anchors").

    Fewer than four anchors, or more above the weakest than a table seats: a table game seats
    them in turn round a table of four; two anchors play one line-up."""
    anchors = tuple(ANCHORS if anchors is None else anchors)
    if game in ("doubleduck", "ducksoup"):
        pairs: list[tuple[str, ...]] = [*itertools.pairwise(anchors)]
        if len(anchors) > 2:
            pairs.append((anchors[-1], anchors[1]))
        return [(x, y, x, y) for x, y in pairs] if game == "doubleduck" else pairs
    weakest, second, above = anchors[0], anchors[1], anchors[1:]
    seats = 3 if game == "duck" else 4
    if len(anchors) < 4 or len(above) > GAMES[game].max_seats:
        return [tuple(anchors[i % len(anchors)] for i in range(4))]
    table = tuple(above[i % len(above)] for i in range(max(seats, len(above))))
    return [table, (weakest, second, weakest, second)]


WEAKEST_EVERY = 4
"""The weakest anchor's line-up plays one round in this many (round 0 among them), the others
every round: its step is tens of times the others' (random against the heuristic: +419 +- 14
points a deal in Duck Soup, against steps of 5 to 15), so a quarter of the games place it, and
the second weakest, who plays it, gains less of a smaller sigma than the levels above it have
(docs/benchmarks.md, "The anchors on the margins ladder")."""


def anchor_schedule(game: str, rounds: int, anchors: Sequence[str] | None = None) -> list[Slot]:
    """The anchors' match games in play order, round by round: (round, line-up index, that
    line-up's match game index). Round 0 has every line-up, so one round puts every anchor on the
    ladder; the weakest's line-up (the one with `anchors[0]` in it) then plays every
    `WEAKEST_EVERY` rounds."""
    lineups = anchor_lineups(game, anchors)
    weakest = (ANCHORS if anchors is None else tuple(anchors))[0]
    every = [WEAKEST_EVERY if weakest in lineup and len(lineups) > 1 else 1 for lineup in lineups]
    return [
        (r, n, r // every[n])
        for r in range(rounds)
        for n in range(len(lineups))
        if r % every[n] == 0
    ]


def anchor_jobs(game: str, games: int, seed: str) -> list[tuple[MatchSpec, int]]:
    """Every (spec, game index) of the anchor matches of `games` rounds (`anchor_schedule`), one
    spec per line-up, seeded `<seed>:<game>:<line-up index>`."""
    slots = anchor_schedule(game, games)
    count: dict[int, int] = {}
    for _, n, index in slots:
        count[n] = index + 1
    specs = [
        MatchSpec(game, lineup, count[n], f"{seed}:{game}:{n}", ANCHOR_OPTIONS[game])
        for n, lineup in enumerate(anchor_lineups(game))
    ]
    for spec in specs:
        check(spec)
    return [(specs[n], index) for _, n, index in slots]


def play_anchor(job: tuple[MatchSpec, int]) -> tuple[MatchSpec, JSON]:
    spec, index = job
    return spec, play_match_game(spec, index)


def anchors(
    ratings: Ratings, game: str, games: int, seed: str, processes: int = 1
) -> Iterator[tuple[MatchSpec, JSON, str]]:
    """Play the anchor matches of `game` and rate each match game as it ends, under the match
    id `anchor:<seed>:<game>:<n>`; a game rated before (a rerun with the same seed) is not
    played again."""
    work = [
        (spec, index)
        for spec, index in anchor_jobs(game, games, seed)
        if not ratings.rated(game, f"anchor:{spec.seed}.{index}")
    ]
    if processes > 1:
        from multiprocessing import get_context

        with get_context("spawn").Pool(processes) as pool:
            for spec, record in pool.imap(play_anchor, work):  # in order: reproducible
                yield spec, record, ratings.rate(spec, record, match_id=f"anchor:{spec.seed}")
        return
    for job in work:
        spec, record = play_anchor(job)
        yield spec, record, ratings.rate(spec, record, match_id=f"anchor:{spec.seed}")
