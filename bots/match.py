"""Bot-versus-bot matches with duplicate deals, and their statistics (pure: no I/O, no clock).

A match of `games` games plays game i from the seed `f"{match_seed}:{i}"` once per *rotation*:
the bots shifted through the seats, so every bot plays every seat's cards of the same deals and
the luck of the cards cancels out. Rotations that repeat an earlier seat -> bot assignment are
skipped (heuristic,random,heuristic,random has two: the original and the sides swapped).
A bot with levels is named with its level (`search:strong`); match games play it untimed (its
level's worlds alone bound a decision), so a match reproduces on any machine.

The service runs one match game (all its rotations) per RQ job through `play_match_game`; the
command line and the benchmark call the same functions in-process, so both give equal numbers.

Statistics: the independent unit is one match game with all its rotations (a *cluster*). Seats
within it are not independent (partners share a side's score; rotations share the cards),
games are (each has its own seed). A bot's mean deal score is its total over all its
seat-deals divided by their number (mean per deal); its mean game points likewise per
seat-game. The 95% interval is the normal approximation mean +- 1.96 * s / sqrt(n) over the n
games, s the sample standard deviation (n - 1) of each game's linearised residual
(S_i - mean * C_i) / mean(C), S_i the bot's sum and C_i its count in game i: with the same count
in every game (fixed deals per game) that is exactly the plain s of the per-game means.
Comparisons of two bots use the difference of those residuals game by game (paired: the same
cards), which is what makes duplicate deals pay off.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bots import decide, known, parse_bot, turn_rng
from engine import GAMES, Game

JSON = dict[str, Any]
MAX_GAMES = 10_000
Z95 = 1.96
METHOD = (
    "deal_score: mean per seat-deal (a side's score for each of its seats); game_points: mean "
    "per seat-game. ci95 = mean +- 1.96*s/sqrt(n), normal approximation over the n match games "
    "as independent clusters (s: sample standard deviation of the per-game means, ratio-"
    "linearised when games have different numbers of deals); null below 2 games. "
    "Comparisons: paired per match game (duplicate deals)."
)


class MatchError(ValueError):
    """A match that cannot be played; `reason` is the service's error reason."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """What defines a match: everything else (deals, moves, results) follows from it."""

    game: str
    bots: tuple[str, ...]
    games: int
    seed: str
    options: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> JSON:
        return {
            "game": self.game,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchSpec:
        return cls(
            game=str(data["game"]),
            bots=tuple(str(b) for b in data["bots"]),
            games=int(data["games"]),
            seed=str(data["seed"]),
            options=dict(data.get("options") or {}),
        )


def check(spec: MatchSpec, outside: Collection[str] = ()) -> None:
    """Refuse a match that could not run, before anything is queued: unknown game or bot, a seat
    count or options the game refuses (the engine's SetupError passes through), games range.
    `outside` names bots that play from outside the service (the caller vouches for them)."""
    cls = GAMES.get(spec.game)
    if cls is None:
        raise MatchError("unknown_game", f"no game is named {spec.game!r}; see the catalog")
    for bot in spec.bots:
        if bot in outside:
            continue
        name, level = parse_bot(bot)
        if not known(name, spec.game, level):
            raise MatchError("unknown_bot", f"no bot named {bot!r} plays {spec.game}")
    if not 1 <= spec.games <= MAX_GAMES:
        raise MatchError("validation_error", f"games must be 1 to {MAX_GAMES}, not {spec.games}")
    cls.new(len(spec.bots), seed=game_seed(spec.seed, 0), options=spec.options)


# --- duplicate deals ------------------------------------------------------------------------


def game_seed(match_seed: str, index: int) -> str:
    """Game i's seed; every rotation of game i uses it, so their deals are identical."""
    return f"{match_seed}:{index}"


def rotations(bots: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct seat -> bot assignments of the bots shifted r seats (r = 0, 1, ...), in
    order: rotation r puts the bot of seat k into seat k + r."""
    n = len(bots)
    out: list[tuple[str, ...]] = []
    for r in range(n):
        assignment = tuple(bots[(seat - r) % n] for seat in range(n))
        if assignment not in out:
            out.append(assignment)
    return out


def score_index(game: Game, seat: int) -> int:
    """Where a seat's score sits in `result().totals`: its team's index (Doubleduck: seats 0+2
    are side 0, 1+3 side 1; every other game scores each seat)."""
    return next(i for i, members in enumerate(game.teams()) if seat in members)


def play_rotation(
    game_name: str, assignment: Sequence[str], seed: str, options: Mapping[str, Any]
) -> JSON:
    """One game to its end with these bots in these seats, through the public protocol and
    `bots.decide` (each bot sees only its seat's view). Scores come back per seat."""
    game = GAMES[game_name].new(len(assignment), seed=seed, options=options)
    steps = 0
    while not game.is_over():
        if game.deal_pending():
            game.next_deal()
            continue
        seat = min(game.to_act())
        bot = assignment[seat]
        name, level = parse_bot(bot)
        rng = turn_rng(bot, seed, steps, seat)
        move = decide(name, game, seat, rng, level=level, timed=False)
        if move is None:
            raise RuntimeError(f"{game_name}: seat {seat} is to act but has no legal move")
        game.apply(seat, move)
        steps += 1
    return rotation_record(game, assignment, steps)


def rotation_record(game: Game, assignment: Sequence[str], moves: int) -> JSON:
    """One finished rotation's record: scores per seat (a side's for each of its seats)."""
    index = [score_index(game, s) for s in range(game.seats)]
    result = game.result()
    deal_scores: list[list[int]] = []
    before = [0] * len(result.totals)
    for deal in result.deals:
        after = [int(t) for t in deal["totals"]]
        deal_scores.append([after[i] - before[i] for i in index])
        before = after
    return {
        "bots": list(assignment),
        "deal_scores": deal_scores,
        "totals": [int(result.totals[i]) for i in index],
        "game_points": [int(result.game_points[i]) for i in index],
        "winners": sorted(int(w) for w in result.winners),
        "moves": moves,
    }


def play_match_game(spec: MatchSpec, index: int) -> JSON:
    """Match game `index`: every distinct rotation of the bots over the same deals."""
    seed = game_seed(spec.seed, index)
    return {
        "index": index,
        "seed": seed,
        "rotations": [
            play_rotation(spec.game, a, seed, spec.options) for a in rotations(spec.bots)
        ],
    }


def play_match(
    spec: MatchSpec, progress: Callable[[int, int], None] | None = None
) -> tuple[list[JSON], JSON]:
    """The whole match in-process: its game records and their summary."""
    check(spec)
    records = []
    for i in range(spec.games):
        records.append(play_match_game(spec, i))
        if progress is not None:
            progress(i + 1, spec.games)
    return records, summarize(spec.bots, records)


# --- statistics -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Estimate:
    """A sample mean with its 95% interval (normal approximation); None where undefined."""

    mean: float | None
    half_width: float | None
    n: int

    def to_json(self) -> JSON:
        ci = None
        if self.mean is not None and self.half_width is not None:
            ci = [self.mean - self.half_width, self.mean + self.half_width]
        return {"mean": self.mean, "ci95": ci, "half_width": self.half_width, "n": self.n}


def from_residuals(mean: float | None, residuals: Sequence[float]) -> Estimate:
    """1.96 * s / sqrt(n), s the sample standard deviation (n - 1) of residuals summing to 0."""
    n = len(residuals)
    if mean is None or n < 2:
        return Estimate(mean, None, n)
    s = math.sqrt(math.fsum(r * r for r in residuals) / (n - 1))
    return Estimate(mean, Z95 * s / math.sqrt(n), n)


def estimate(values: Sequence[float]) -> Estimate:
    """The plain sample mean +- 1.96 * s / sqrt(n); no interval from fewer than two values."""
    if not values:
        return Estimate(None, None, 0)
    mean = math.fsum(values) / len(values)
    return from_residuals(mean, [v - mean for v in values])


def ratio(sums: Sequence[float], counts: Sequence[int]) -> tuple[float | None, list[float]]:
    """Mean per unit over clusters (sum_i S_i / sum_i C_i) and each cluster's linearised
    residual (S_i - mean * C_i) / mean(C): with equal C_i these are the cluster means minus
    their mean, so the interval is the plain 1.96 * s / sqrt(n) of the per-cluster means."""
    total = sum(counts)
    if not counts or total == 0:
        return None, []
    mean = math.fsum(sums) / total
    cbar = total / len(counts)
    return mean, [(s - mean * c) / cbar for s, c in zip(sums, counts, strict=True)]


def distinct(bots: Iterable[str]) -> list[str]:
    """Each bot once, in order of first appearance."""
    return list(dict.fromkeys(bots))


def block_totals(record: Mapping[str, Any]) -> dict[str, list[int]]:
    """Per bot in one match game, over every rotation and seat it held:
    [deal score sum, seat-deals, game points sum, seat-games, wins, timeouts]. A rotation
    without `timeouts` (an in-process game: nobody can time out) counts none."""
    acc: dict[str, list[int]] = {}
    for rot in record["rotations"]:
        winners = set(rot["winners"])
        timeouts = rot.get("timeouts") or [0] * len(rot["bots"])
        for seat, bot in enumerate(rot["bots"]):
            a = acc.setdefault(bot, [0, 0, 0, 0, 0, 0])
            a[0] += sum(deal[seat] for deal in rot["deal_scores"])
            a[1] += len(rot["deal_scores"])
            a[2] += rot["game_points"][seat]
            a[3] += 1
            a[4] += seat in winners
            a[5] += timeouts[seat]
    return acc


def summarize(bots: Sequence[str], records: Iterable[Mapping[str, Any]]) -> JSON:
    """Per-bot figures and pairwise duplicate comparisons over the given (finished) games.

    Deal score: every seat-deal of the bot counts once (mean per deal); game points: every
    seat-game. The interval treats each match game as one cluster (see the module docstring)."""
    ordered = sorted(records, key=lambda r: int(r["index"]))
    names = distinct(bots)
    blocks = [block_totals(r) for r in ordered]
    fits: dict[str, tuple[tuple[float | None, list[float]], tuple[float | None, list[float]]]] = {}
    per_bot = []
    for bot in names:
        mine = [b[bot] for b in blocks if bot in b]
        deal = ratio([m[0] for m in mine], [m[1] for m in mine])
        points = ratio([m[2] for m in mine], [m[3] for m in mine])
        fits[bot] = (deal, points)
        seat_games = sum(m[3] for m in mine)
        wins = sum(m[4] for m in mine)
        per_bot.append(
            {
                "bot": bot,
                "seat_games": seat_games,
                "seat_deals": sum(m[1] for m in mine),
                "wins": wins,
                "win_rate": wins / seat_games if seat_games else None,
                "deal_score": from_residuals(*deal).to_json(),
                "game_points": from_residuals(*points).to_json(),
                "timeouts": sum(m[5] for m in mine),
            }
        )
    comparisons = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            # Every bot plays in every game (rotations keep the line-up), so residuals pair up.
            diffs = []
            for k in (0, 1):
                (ma, ra), (mb, rb) = fits[a][k], fits[b][k]
                mean = None if ma is None or mb is None else ma - mb
                diffs.append(from_residuals(mean, [x - y for x, y in zip(ra, rb, strict=True)]))
            comparisons.append(
                {
                    "bots": [a, b],
                    "deal_score_diff": diffs[0].to_json(),
                    "game_points_diff": diffs[1].to_json(),
                }
            )
    return {"games": len(ordered), "method": METHOD, "bots": per_bot, "comparisons": comparisons}


def table(summary: Mapping[str, Any]) -> str:
    """The summary as a markdown table (the command line and the benchmark print it)."""

    def fmt(e: Mapping[str, Any]) -> str:
        if e["mean"] is None:
            return "-"
        if e["half_width"] is None:
            return f"{e['mean']:.2f}"
        return f"{e['mean']:.2f} ± {e['half_width']:.2f}"

    lines = [
        "| bot | seat-games | wins | mean deal score (95% CI) | mean game points (95% CI) |",
        "|---|---:|---:|---:|---:|",
    ]
    for b in summary["bots"]:
        lines.append(
            f"| {b['bot']} | {b['seat_games']} | {b['wins']} | {fmt(b['deal_score'])} "
            f"| {fmt(b['game_points'])} |"
        )
    for c in summary["comparisons"]:
        a, b = c["bots"]
        lines.append(
            f"| {a} - {b} (paired) | | | {fmt(c['deal_score_diff'])} "
            f"| {fmt(c['game_points_diff'])} |"
        )
    return "\n".join(lines)
