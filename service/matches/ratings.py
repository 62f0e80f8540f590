"""The ratings ladder: an OpenSkill (Plackett-Luce) rating per bot and game, from match games.

Every recorded match game (all its rotations, on either match path) is rated once, as one or
more contests whose teams are ranked by score (higher is better in every game: Duck's red
penalties are negative points; a tie shares a rank). `contests` makes them:

- Doubleduck, Duck Soup, Duck: the match game is ONE contest, as its duplicate deals mean it:
  every rotation dealt the same cards to other bots, so each team is ranked by its mean score
  per deal over all the rotations, which cancels the luck of the cards (a contest per deal of
  each rotation would rate the cards more than the play). The teams are those that stay
  together through the rotations: Doubleduck's sides (seats 0+2 and 1+3, as the engine's
  `teams()` says: rotations move a side's two bots together), one bot each in the other games.
- Doppelkopf: one contest per deal of each rotation, between the deal's parties, which change
  with every deal. A match record keeps each seat's deal score, not the parties, but they follow
  from it: the engine scores both members of a party alike and the two parties oppositely, so
  the seats that scored above 0 are one party and those below 0 the other. A deal that scored
  0 (nobody paid) does not show them and is not rated. A solo (one seat against three, after a
  failed wedding) is rated seat by seat: openskill adds a team's skills up, so it would take
  three average seats for three times the soloist and rate every soloist's win a huge upset.

A bot that holds several seats of a rotation (`heuristic,random,heuristic,random`): in Duck Soup
and Duck it is one player, scored by the mean of its seats; in a team (a Doubleduck side it
holds both seats of, a Doppelkopf party) or in a solo deal each of its seats plays from its one
rating, and its new rating adds the seats' changes up (mu by the sum of their changes, sigma^2
times the product of their shrink factors), as if it had played them one after another. A
contest that has only one bot in it teaches nothing and is skipped. `search` and
`search:fast` are one bot (a level's name is always written out).

Exactly once: a match game is rated under an id (`match id.index`, or the hash of its spec and
record where no match id is given); a Lua compare-and-set writes the new ratings only if the
ladder still holds the ratings they were computed from and the id is not yet rated, and marks
it rated in the same step. Two workers rating at once: one wins, the other reads again and
recomputes. A ladder's keys share one hash tag, so the script runs on one Redis or a Cluster.

    dp:{ladder:<game>}:ratings  hash: bot -> {"mu", "sigma", "games", "last_played"} JSON
    dp:{ladder:<game>}:rated    sorted set: rated ids by the ms they were rated; ids older than
                                `RATED_KEEP_SECONDS` are dropped (a retried job comes long before)
    dp:{ladder:<game>}:history:<bot>  list: the bot's rating after each rated game, oldest
                                first, at most `HISTORY_POINTS` (older ones thinned)
    dp:{ladder:<game>}:h2h:<bot>      hash: n:<opponent>, s:<opponent>, q:<opponent>: the
                                paired differences' count, sum and sum of squares

The same script appends the history points and adds the head-to-head samples
(`pair_differences`), so a game rated once is in them once (`service.matches.history` reads them).

The anchors (`python -m service.ratings anchors`): built-in bots' matches that pin the scale.
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
from dataclasses import dataclass, replace
from typing import Any, cast

from openskill.models import PlackettLuce

from bots import BOTS, parse_bot
from bots.match import MatchSpec, check, play_match_game
from engine import GAMES
from service.core.shards import DataClient
from service.storage.keys import h2h_key, history_key, rated_key, ratings_key

JSON = dict[str, Any]
MODEL = PlackettLuce()
"""openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (sigma's floor of growth)."""
RATED_KEEP_SECONDS = 7 * 24 * 3600
PROVISIONAL_SIGMA = 5.0
"""A rating is provisional while its sigma is above this: its 95% interval (mu +- 1.96 sigma)
is then wider than +-9.8 points, and a few more games may still move it past its neighbours.
openskill starts every bot at 8.33; sigma falls with each rated game (docs/matches.md)."""
Z95 = 1.959964
"""A 95% interval of a normal skill estimate: mu +- Z95 sigma."""
ATTEMPTS = 50
"""Compare-and-set rounds before `rate` gives up (each loses only to another worker's write)."""

RATE_SCRIPT = """
-- Write one match game's new ratings, once, and only over the ratings they came from; in the
-- same step append each rated bot's new rating to its history and add the game's head-to-head
-- samples (`service.matches.history`).
-- KEYS[1] dp:{ladder:<game>}:ratings; KEYS[2] dp:{ladder:<game>}:rated;
-- KEYS[2 + i] bot i's history, KEYS[2 + nb + i] bot i's head-to-head (i = 1..nb)
-- ARGV[1] the match game's id; ARGV[2] now (ms); ARGV[3] drop ids rated before this (ms);
-- ARGV[4] the history's cap; ARGV[5] nb; ARGV[6 ..] nb triples: bot, its rating read before
-- ("" for none), its new rating; then quintuples: bot i, bot j (indexes), d, -d, d * d
-- (d: i's mean score per deal minus j's in this game)
-- Returns "rated", "duplicate" (the id is rated already) or "conflict" (read again).
if redis.call("ZSCORE", KEYS[2], ARGV[1]) then return "duplicate" end
local cap, nb = tonumber(ARGV[4]), tonumber(ARGV[5])
local pairs_at = 6 + 3 * nb
for i = 6, pairs_at - 1, 3 do
  if (redis.call("HGET", KEYS[1], ARGV[i]) or "") ~= ARGV[i + 1] then return "conflict" end
end
for b = 1, nb do
  local at = 3 + 3 * b
  redis.call("HSET", KEYS[1], ARGV[at], ARGV[at + 2])
  local history = KEYS[2 + b]
  local length = redis.call("RPUSH", history, ARGV[at + 2])
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
  local a, b = ARGV[3 + 3 * i], ARGV[3 + 3 * j]
  redis.call("HINCRBY", KEYS[2 + nb + i], "n:" .. b, 1)
  redis.call("HINCRBYFLOAT", KEYS[2 + nb + i], "s:" .. b, ARGV[p + 2])
  redis.call("HINCRBYFLOAT", KEYS[2 + nb + i], "q:" .. b, ARGV[p + 4])
  redis.call("HINCRBY", KEYS[2 + nb + j], "n:" .. a, 1)
  redis.call("HINCRBYFLOAT", KEYS[2 + nb + j], "s:" .. a, ARGV[p + 3])
  redis.call("HINCRBYFLOAT", KEYS[2 + nb + j], "q:" .. a, ARGV[p + 4])
end
redis.call("ZADD", KEYS[2], ARGV[2], ARGV[1])
redis.call("ZREMRANGEBYSCORE", KEYS[2], "-inf", "(" .. ARGV[3])
return "rated"
"""
HISTORY_POINTS = 512
"""The most points a bot's history holds per game: past it, the older half is thinned to every
second point (its first kept), so a history spans all of a bot's games, the recent ones dense."""


@dataclass(frozen=True, slots=True)
class Skill:
    """One bot's rating in one game: openskill's mu and sigma, and what it was rated from."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    """Rated games (each rotation of a match game is one game)."""
    last_played: int | None = None
    """When its last game was rated, ms since the epoch."""

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma (openskill's `ordinal`): a skill it very likely has at least; the
        ladder's order, so a bot climbs by playing more, not by a lucky first game."""
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


@dataclass(frozen=True, slots=True)
class Contest:
    """One rated result: teams of seats' bots and each team's rank (0 best, ties share), and
    the rotations of the match game it covers (a bot in it played a game in each)."""

    teams: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]
    rotations: tuple[int, ...]


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


def ranks_of(scores: Sequence[float]) -> tuple[int, ...]:
    """Rank per team from its score, higher better: the number of teams strictly ahead."""
    return tuple(sum(other > mine for other in scores) for mine in scores)


def parties(deal: Sequence[int]) -> tuple[tuple[int, ...], ...] | None:
    """A Doppelkopf deal's parties from its seats' scores (see the module docstring): the
    seats that won and those that lost, or None when the deal scored 0 and shows neither."""
    won = tuple(s for s, v in enumerate(deal) if v > 0)
    lost = tuple(s for s, v in enumerate(deal) if v < 0)
    if not won or not lost or len(won) + len(lost) != len(deal):
        return None
    return won, lost


def party_teams(seats: int, deal: Sequence[int]) -> Sequence[Sequence[int]] | None:
    """A Doppelkopf deal's teams by seat: its parties, or each seat alone in a solo; None when
    the deal scored 0 and shows no parties (see the module docstring)."""
    found = parties(deal)
    if found is None:
        return None
    if len(found[0]) != len(found[1]):  # a solo: seat by seat
        return [(s,) for s in range(seats)]
    return found


def contests(game: str, record: Mapping[str, Any]) -> Iterator[Contest]:
    """Every rated contest of a match game record, in play order (the module docstring)."""
    rotations = [[ladder_name(b) for b in r["bots"]] for r in record["rotations"]]
    if game == "doppelkopf":
        for number, (bots, rotation) in enumerate(zip(rotations, record["rotations"], strict=True)):
            for deal in rotation["deal_scores"]:
                seats = party_teams(len(bots), deal)
                if seats is not None:
                    yield from one_contest(
                        [tuple(bots[s] for s in team) for team in seats],
                        [deal[team[0]] for team in seats],
                        (number,),
                    )
        return
    fixed = seat_teams(game, len(rotations[0]))
    scores: dict[tuple[str, ...], list[float]] = {}
    for bots, rotation in zip(rotations, record["rotations"], strict=True):
        for team in fixed:
            # A team by its bots, whichever seats they sit in: a bot's several seats alone
            # (Duck, Duck Soup) are one team, scored by their mean.
            key = tuple(sorted(bots[s] for s in team))
            scores.setdefault(key, []).extend(deal[team[0]] for deal in rotation["deal_scores"])
    teams = [key for key, got in scores.items() if got]
    yield from one_contest(
        teams, [sum(scores[t]) / len(scores[t]) for t in teams], tuple(range(len(rotations)))
    )


def one_contest(
    teams: Sequence[tuple[str, ...]], scores: Sequence[float], rotations: tuple[int, ...]
) -> Iterator[Contest]:
    """The contest of these teams ranked by these scores, unless one team or one bot is all
    there is (`a,a,b,b` in Doubleduck: both sides are a+b)."""
    if len(teams) >= 2 and len({bot for team in teams for bot in team}) >= 2:
        yield Contest(tuple(teams), ranks_of(scores), rotations)


def update(skills: Mapping[str, Skill], contest: Contest) -> dict[str, Skill]:
    """The bots' skills after one contest (only those of its bots; games and time unchanged).
    Each seat rates from its bot's skill; a bot in several seats adds their changes up."""
    teams = [[MODEL.rating(skills[b].mu, skills[b].sigma) for b in team] for team in contest.teams]
    rated = MODEL.rate(teams, ranks=[float(r) for r in contest.ranks])
    mu: dict[str, float] = {}
    shrink: dict[str, float] = {}
    for team, after in zip(contest.teams, rated, strict=True):
        for bot, new in zip(team, after, strict=True):
            old = skills[bot]
            mu[bot] = mu.get(bot, old.mu) + (new.mu - old.mu)
            shrink[bot] = shrink.get(bot, 1.0) * (new.sigma / old.sigma) ** 2
    return {
        bot: replace(skills[bot], mu=mu[bot], sigma=skills[bot].sigma * math.sqrt(shrink[bot]))
        for bot in mu
    }


def rate_record(
    game: str, record: Mapping[str, Any], skills: Mapping[str, Skill], now_ms: int
) -> dict[str, Skill]:
    """The pure rating math: the skills of the record's bots after rating it, from `skills`
    (a bot missing there starts at openskill's prior). Only bots of rated contests change;
    each counts one game per rotation it was rated in."""
    current = dict(skills)
    played: dict[str, set[int]] = {}
    for contest in contests(game, record):
        for bot in {b for team in contest.teams for b in team}:
            current.setdefault(bot, Skill())
            played.setdefault(bot, set()).update(contest.rotations)
        current.update(update(current, contest))
    return {
        bot: Skill(current[bot].mu, current[bot].sigma, current[bot].games + len(n), now_ms)
        for bot, n in played.items()
    }


def pair_differences(game: str, record: Mapping[str, Any]) -> dict[tuple[str, str], float]:
    """The head-to-head samples of one match game: for each pair of bots that were never
    teammates in it (a Doubleduck side; every other game's seats play alone, Doppelkopf's
    parties change per deal so every pair counts), a's mean score per deal minus b's, a before
    b by name. A bot's mean is over every seat-deal it held in every rotation (its side's score
    for a Doubleduck seat; several seats together), so both sides of a pair played the same
    cards: the paired difference of `bots.match`'s `comparisons`, one value per match game."""
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

    def rate(self, spec: MatchSpec, record: Mapping[str, Any], match_id: str | None = None) -> str:
        """Rate one recorded match game (every rotation) once: "rated", or "duplicate" when it
        was rated before. Safe to call twice, and from two workers at once."""
        rid = record_id(spec, record, match_id)
        ratings, rated = ratings_key(spec.game), rated_key(spec.game)
        bots = sorted({ladder_name(b) for r in record["rotations"] for b in r["bots"]})
        for _ in range(ATTEMPTS):
            if self.rated(spec.game, rid):
                return "duplicate"
            raw = cast(list[bytes | None], self.redis.hmget(ratings, bots))
            before = {b: "" if v is None else v.decode() for b, v in zip(bots, raw, strict=True)}
            skills = {b: Skill.from_json(json.loads(v)) for b, v in before.items() if v}
            now = int(time.time() * 1000)
            after = rate_record(spec.game, record, skills, now)
            rated_bots = sorted(after)
            args: list[str | int] = [rid, now, now - self.keep_seconds * 1000]
            args += [self.history_points, len(rated_bots)]
            for bot in rated_bots:
                args += [bot, before[bot], json.dumps(after[bot].to_json(), separators=(",", ":"))]
            index = {bot: i for i, bot in enumerate(rated_bots, 1)}
            for (a, b), d in sorted(pair_differences(spec.game, record).items()):
                if a in index and b in index:  # both rated: the game counted for both
                    args += [index[a], index[b], repr(d), repr(-d), repr(d * d)]
            keys = [ratings, rated]
            keys += [history_key(spec.game, b) for b in rated_bots]
            keys += [h2h_key(spec.game, b) for b in rated_bots]
            outcome = self._rate(keys=keys, args=args)
            outcome = outcome.decode() if isinstance(outcome, bytes) else str(outcome)
            if outcome != "conflict":
                return outcome
            time.sleep(random.uniform(0, 0.01))  # another worker wrote these bots: read again
        raise RuntimeError(f"ratings of {spec.game}: {ATTEMPTS} conflicting writes in a row")

    def rated(self, game: str, rid: str) -> bool:
        """Whether the match game of id `rid` (`record_id`) is on the ladder already."""
        return self.redis.zscore(rated_key(game), rid) is not None

    def skills(self, game: str) -> dict[str, Skill]:
        raw = cast(dict[bytes, bytes], self.redis.hgetall(ratings_key(game)))
        return {k.decode(): Skill.from_json(json.loads(v)) for k, v in raw.items()}

    def ladder(self, game: str) -> list[JSON]:
        """The game's rated bots, best ordinal first (ties: more games, then by name)."""
        return entries(self.skills(game).items())


def entries(skills: Iterable[tuple[str, Skill]]) -> list[JSON]:
    """Ladder entries (without owners), best ordinal first."""
    ranked = sorted(skills, key=lambda item: (-item[1].ordinal, -item[1].games, item[0]))
    return [{"bot": bot, "kind": kind_of(bot), **s.to_json(), **firmness(s)} for bot, s in ranked]


def firmness(skill: Skill) -> JSON:
    """How firm a rating is, as the ladder shows it: its ordinal, the 95% interval of its mu,
    and whether it is still provisional (`PROVISIONAL_SIGMA`)."""
    return {
        "ordinal": skill.ordinal,
        "mu_low": skill.mu - Z95 * skill.sigma,
        "mu_high": skill.mu + Z95 * skill.sigma,
        "provisional": provisional(skill),
    }


def provisional(skill: Skill) -> bool:
    """Whether a rating is still provisional: sigma above `PROVISIONAL_SIGMA`."""
    return skill.sigma > PROVISIONAL_SIGMA


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
ANCHOR_GAMES = {"doubleduck": 24, "ducksoup": 64, "doppelkopf": 24, "duck": 24}
"""Match games per line-up that the anchor command and the keeper play unless told: the sizes
at which `scripts/bench/ladder.py` found the anchors in order across the seeds `anchors`,
`anchors-b` and `anchors-c` in Doubleduck, and in two of three in Duck Soup, Duck and
Doppelkopf: there neighbouring steps are too small for any size a keeper can afford
(Doppelkopf at 48 held in two of three too; docs/benchmarks.md, "The anchors across three
seeds, again", and "Doppelkopf's fast level, re-spaced")."""


def anchor_lineups(game: str, anchors: Sequence[str] | None = None) -> list[tuple[str, ...]]:
    """The anchor matches' line-ups of one game, of `anchors` (weakest first; default
    `ANCHORS`). Doubleduck and Duck Soup: each anchor against its neighbours in the order
    random, heuristic, fast, strong, and the strongest against the second weakest (heuristic),
    so strong and fast both play two line-ups whose results are in doubt: the ordinal (mu - 3
    sigma) holds back a bot whose sigma shrank less, and a game against random, won by any
    search bot, shrinks it little (strong against random put strong's sigma 0.4 above fast's
    after 64 games a line-up, and fast above strong by ordinal with strong above by mu). Random
    plays only the heuristic: it is last by far whatever its sigma. Doubleduck with a side each
    (`x,y,x,y`): a side with random in it loses whoever its partner is, and would teach nothing
    of the partner. The other games: all four at one table. Other anchors (the keeper's
    `ANCHOR_KEEPER_BOTS`): the same chain closed the same way (two anchors: both seatings),
    and a table of four seats them in turn."""
    anchors = tuple(ANCHORS if anchors is None else anchors)
    closing = anchors[1] if len(anchors) > 2 else anchors[0]
    pairs: list[tuple[str, ...]] = [*itertools.pairwise(anchors), (anchors[-1], closing)]
    if game == "doubleduck":
        return [(x, y, x, y) for x, y in pairs]
    if game == "ducksoup":
        return pairs
    return [tuple(anchors[i % len(anchors)] for i in range(4))]


def anchor_specs(
    game: str, games: int, seed: str, lineups: Sequence[tuple[str, ...]] | None = None
) -> list[MatchSpec]:
    """One match spec per line-up (default `anchor_lineups`), `games` match games each."""
    return [
        MatchSpec(game, lineup, games, f"{seed}:{game}:{n}", ANCHOR_OPTIONS[game])
        for n, lineup in enumerate(anchor_lineups(game) if lineups is None else lineups)
    ]


def anchor_jobs(
    game: str, games: int, seed: str, lineups: Sequence[tuple[str, ...]] | None = None
) -> list[tuple[MatchSpec, int]]:
    """Every (spec, game index) of the anchors, interleaved across line-ups so that a run cut
    short has rated each line-up about as often. `lineups`: others than the anchors' own
    (`scripts/bench/ladder.py --lineups`)."""
    specs = anchor_specs(game, games, seed, lineups)
    for spec in specs:
        check(spec)
    return [(spec, i) for i in range(games) for spec in specs]


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
