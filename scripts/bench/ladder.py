"""The ladder's anchors: per game, do the built-in bots rank search:strong > search:fast >
heuristic > random by the ladder's ordinal after their anchor matches?

Plays the anchor matches of `service.matches.ratings` (`anchor_lineups`: all four bots at one
table in Doppelkopf and Duck; in Doubleduck and Duck Soup each against its neighbours in a chain
closed by strong against the heuristic; one deal per match game where the game allows it,
`ANCHOR_OPTIONS`; `ANCHOR_GAMES` a line-up) in-process and rates each match game as it ends, in
order, with the ladder's own math (`service.matches.ratings.rate_record`, the function
`Ratings.rate` stores), from an empty ladder. `python -m service.ratings anchors` plays the same
games into the service's Redis.

    .venv/bin/python scripts/bench/ladder.py --game doppelkopf   # 24 games, ANCHOR_GAMES
    .venv/bin/python scripts/bench/ladder.py --games 4          # every game, 4 per line-up
    .venv/bin/python scripts/bench/ladder.py --smoke            # Doppelkopf, 1 per line-up (CI)
    .venv/bin/python scripts/bench/ladder.py --game duck --save var/anchors   # records kept in
        # var/anchors.duck.jsonl: a rerun rates them again (and plays only what is missing)

Other line-ups and rules, for the question of what would order the anchors firmly (docs/
benchmarks.md, "Three more ways to order the anchors"): `--lineups random-apart` plays Duck
and Doppelkopf with random kept away from the search levels' table; every run also rates its
records by exact and online paired margins, and with `--pool K` by ranks with K match games a
contest, and prints whether each rule orders the anchors. The ladder itself rates by ranks.

    .venv/bin/python scripts/bench/ladder.py --game duck --seed anchors-c \
        --lineups random-apart --pool 4 --save var/apart

The CPU and wall seconds are the playing's (a run from saved records plays nothing).
Reported per game: the ladder (ordinal, mu, sigma, games), whether the order holds, the match
games and contests rated, CPU and wall seconds, and each line-up's paired duplicate figures
(`bots.match.summarize`) for context. The exit status says whether the order held in every
game played (except with `--smoke`). The last line printed is the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import statistics
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bots.match import MatchSpec, summarize, table
from engine import GAMES
from service.matches.ratings import (
    ANCHOR_GAMES,
    ANCHORS,
    Skill,
    anchor_jobs,
    anchor_lineups,
    contests,
    entries,
    pair_differences,
    play_anchor,
    rate_record,
)

ORDER = list(reversed(ANCHORS))
"""The order the anchors should stand in, strongest first."""


def cpu_seconds() -> float:
    """This process's CPU and its finished children's (the pool's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def lineups(game: str, which: str) -> list[tuple[str, ...]]:
    """The line-ups to play: `anchors`, the anchors' own (`anchor_lineups`); `random-apart`,
    in Duck and Doppelkopf random kept away from the search levels' table (Duck: heuristic,
    fast and strong at a table of three; Doppelkopf: the heuristic in two seats of the
    four), and random against the heuristic on its own (`random,heuristic,random,heuristic`);
    the other games as the anchors' own."""
    if which == "anchors" or game not in ("duck", "doppelkopf"):
        return anchor_lineups(game)
    weakest, heuristic, fast, strong = ANCHORS
    table = (heuristic, fast, strong) if game == "duck" else (heuristic, fast, strong, heuristic)
    return [table, (weakest, heuristic, weakest, heuristic)]


def played(
    game: str,
    games: int,
    seed: str,
    processes: int,
    saved: Path | None,
    chosen: Sequence[tuple[str, ...]] | None = None,
) -> Iterator[tuple[MatchSpec, dict[str, Any]]]:
    """The anchors' match games in order: played, or read back from `saved` (JSON lines of
    `--save`) when that file exists; played ones are appended to it."""
    work = anchor_jobs(game, games, seed, chosen)
    done: dict[tuple[str, int], dict[str, Any]] = {}
    if saved is not None and saved.exists():
        for line in saved.read_text().splitlines():
            item = json.loads(line)
            done[(item["spec"]["seed"], item["record"]["index"])] = item["record"]
    todo = [job for job in work if (job[0].seed, job[1]) not in done]
    with get_context("spawn").Pool(processes) as pool:
        fresh = pool.imap(play_anchor, todo)
        for n, (spec, index) in enumerate(work, 1):
            record = done.get((spec.seed, index))
            if record is None:
                spec, record = next(fresh)
                if saved is not None:
                    with saved.open("a") as out:
                        out.write(json.dumps({"spec": spec.to_json(), "record": record}) + "\n")
            print(f"\r{game}: {n}/{len(work)} match games", end="", file=sys.stderr, flush=True)
            yield spec, record
    print(file=sys.stderr)


# --- other rules, on the same records (docs/benchmarks.md, "Three more ways ...") ----------


def pooled(items: Sequence[tuple[MatchSpec, dict[str, Any]]], k: int) -> list[dict[str, Any]]:
    """The records with every `k` consecutive match games of a line-up joined into one (their
    deals pooled per rotation, as one match game of k deals): ranked, a contest then weighs
    k deals' total, not one deal's winner. A line-up's last group short of k is left out."""
    groups: dict[str, list[dict[str, Any]]] = {}
    out = []
    for spec, record in items:
        group = groups.setdefault(spec.seed, [])
        group.append(record)
        if len(group) == k:
            rotations = [
                {"bots": rotation["bots"],
                 "deal_scores": [d for r in group for d in r["rotations"][i]["deal_scores"]]}
                for i, rotation in enumerate(group[0]["rotations"])
            ]  # fmt: skip
            out.append({"index": group[0]["index"], "rotations": rotations})
            groups[spec.seed] = []
    return out


def by_ranks(game: str, records: Sequence[Mapping[str, Any]]) -> dict[str, tuple[float, float]]:
    """The ladder's own rule (openskill's ranks, in order): each bot's (mu, sigma)."""
    skills: dict[str, Skill] = {}
    for record in records:
        skills.update(rate_record(game, record, skills, 0))
    return {bot: (s.mu, s.sigma) for bot, s in skills.items()}


Observation = tuple[str, str, float]


def differences(game: str, records: Sequence[Mapping[str, Any]]) -> list[Observation]:
    """Every match game's paired differences (`pair_differences`: a's mean score a deal less
    b's), the head-to-head samples the ladder stores."""
    return [(a, b, d) for r in records for (a, b), d in pair_differences(game, r).items()]


def by_margins(observations: Sequence[Observation]) -> dict[str, tuple[float, float]]:
    """Each bot's (mean, sd) of skill in points a deal, from every paired difference at once:
    d ~ N(skill_a - skill_b, s^2) with s the differences' spread, and a prior N(0, (3 s)^2)
    per bot; the posterior solved exactly (least squares with the full covariance), as the
    chess-engine rating lists fit all their games at once. Only differences are observed, so
    a bot's own sd keeps the prior's share of the common level: the ordinal orders by means."""
    bots = sorted({x for a, b, _ in observations for x in (a, b)})
    spread = statistics.pstdev([d for _, _, d in observations]) or 1.0
    at = {bot: i for i, bot in enumerate(bots)}
    precision = np.eye(len(bots)) / (3 * spread) ** 2
    pulled = np.zeros(len(bots))
    for a, b, d in observations:
        v = np.zeros(len(bots))
        v[at[a]], v[at[b]] = 1.0, -1.0
        precision += np.outer(v, v) / spread**2
        pulled += v * d / spread**2
    covariance = np.linalg.inv(precision)
    mean = covariance @ pulled
    return {bot: (float(mean[i]), math.sqrt(covariance[i, i])) for bot, i in at.items()}


def by_margins_online(observations: Sequence[Observation]) -> dict[str, tuple[float, float]]:
    """As `by_margins`, one observation at a time as a ladder would rate them (a Kalman step
    per difference, each bot's own variance only, no covariance kept)."""
    spread = statistics.pstdev([d for _, _, d in observations]) or 1.0
    mean: dict[str, float] = {}
    var: dict[str, float] = {}
    for a, b, d in observations:
        for x in (a, b):
            mean.setdefault(x, 0.0)
            var.setdefault(x, (3 * spread) ** 2)
        total = spread**2 + var[a] + var[b]
        error = d - (mean[a] - mean[b])
        gain_a, gain_b = var[a] / total, var[b] / total
        mean[a] += gain_a * error
        mean[b] -= gain_b * error
        var[a] *= 1 - gain_a
        var[b] *= 1 - gain_b
    return {bot: (mean[bot], math.sqrt(var[bot])) for bot in mean}


def standing(fit: Mapping[str, tuple[float, float]]) -> tuple[list[str], bool]:
    """The bots by ordinal (mean - 3 sd), best first, and whether the anchors stand in order."""
    order = sorted(fit, key=lambda bot: -(fit[bot][0] - 3 * fit[bot][1]))
    return order, [bot for bot in order if bot in ORDER] == ORDER


def rules(
    game: str,
    items: Sequence[tuple[MatchSpec, dict[str, Any]]],
    pool: int,
    ranked: Mapping[str, Skill],
    observations: Sequence[Observation],
) -> dict[str, dict[str, tuple[float, float]]]:
    """The anchors rated by each rule: the ladder's ranks (`ranked`, as the run rated them;
    also with match games pooled `pool` at a time when above 1), exact margins and online
    margins (of `observations`, the run's paired differences)."""
    out = {"ranks": {bot: (s.mu, s.sigma) for bot, s in ranked.items()}}
    if pool > 1:
        out[f"ranks, {pool} match games a contest"] = by_ranks(game, pooled(items, pool))
    if observations:
        out["margins, exact"] = by_margins(observations)
        out["margins, online"] = by_margins_online(observations)
    return out


def run(
    game: str,
    games: int,
    seed: str,
    processes: int,
    saved: Path | None,
    chosen: Sequence[tuple[str, ...]] | None = None,
    pool: int = 1,
) -> dict[str, Any]:
    skills: dict[str, Skill] = {}
    records: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    items: list[tuple[MatchSpec, dict[str, Any]]] = []
    rated = n = 0
    cpu, wall = cpu_seconds(), time.perf_counter()
    for spec, record in played(game, games, seed, processes, saved, chosen):
        n += 1
        skills.update(rate_record(game, record, skills, int(time.time() * 1000)))
        rated += sum(1 for _ in contests(game, record))
        records.setdefault(spec.bots, []).append(record)
        items.append((spec, record))
    ladder = entries(skills.items())
    order = [e["bot"] for e in ladder]
    observations = differences(game, [record for _, record in items])
    return {
        "ladder": ladder,
        "holds": order == ORDER,
        "match_games": n,
        "contests": rated,
        "pairs": len(observations),
        "rules": rules(game, items, pool, skills, observations),
        "cpu_s": cpu_seconds() - cpu,
        "wall_s": time.perf_counter() - wall,
        "lineups": {bots: summarize(bots, recs) for bots, recs in records.items()},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="default: all")
    parser.add_argument(
        "--games", type=int, help="match games per line-up (default: the command's, per game)"
    )
    parser.add_argument("--seed", default="anchors")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument(
        "--save", type=Path, help="keep the records in this file, and rate those it has again"
    )
    parser.add_argument(
        "--lineups",
        choices=("anchors", "random-apart"),
        default="anchors",
        help="the anchors' own line-ups, or random kept apart in Duck and Doppelkopf",
    )
    parser.add_argument(
        "--pool", type=int, default=1, help="also rate by ranks with N match games a contest"
    )
    parser.add_argument("--smoke", action="store_true", help="Doppelkopf, 1 per line-up (CI)")
    args = parser.parse_args(argv)
    if args.smoke:
        args.game, args.games, args.processes = ["doppelkopf"], 1, 1
    figures: dict[str, Any] = {}
    held = True
    for game in args.game or sorted(GAMES):
        saved = None if args.save is None else args.save.with_suffix(f".{game}.jsonl")
        games = args.games or ANCHOR_GAMES[game]
        chosen = lineups(game, args.lineups)
        out = run(game, games, args.seed, args.processes, saved, chosen, args.pool)
        held = held and out["holds"]
        print(
            f"\n{game}: {out['match_games']} anchor match games ({games} per line-up), "
            f"{out['contests']} contests rated, seed {args.seed!r}, {out['cpu_s']:.0f} CPU s, "
            f"{out['wall_s']:.0f} s wall with {args.processes} processes\n"
        )
        print("| bot | ordinal | mu | sigma | games |\n| --- | ---: | ---: | ---: | ---: |")
        for e in out["ladder"]:
            print(
                f"| {e['bot']} | {e['ordinal']:.2f} | {e['mu']:.2f} | {e['sigma']:.2f} "
                f"| {e['games']} |"
            )
        verdict = "holds" if out["holds"] else "does NOT hold"
        print(f"\nOrder search:strong > search:fast > heuristic > random by ordinal: {verdict}.")
        print("\nThe same games by other rules (ordinal: mean - 3 sd; margins in points a deal):\n")
        print("| rule | order (ordinal) | holds |\n| --- | --- | --- |")
        for rule, fit in out["rules"].items():
            order, holds = standing(fit)
            shown = " > ".join(f"{bot} {fit[bot][0] - 3 * fit[bot][1]:.2f}" for bot in order)
            print(f"| {rule} | {shown} | {'yes' if holds else 'no'} |")
            if rule != "ranks":
                key = rule.replace(", ", "_").replace(" ", "_")
                figures[f"{game}_holds_{key}"] = holds
        for bots, summary in out["lineups"].items():
            print(f"\nLine-up {','.join(bots)} (paired duplicate figures):\n")
            print(table(summary))
        figures[f"{game}_match_games"] = out["match_games"]
        figures[f"{game}_contests"] = out["contests"]
        figures[f"{game}_pairs"] = out["pairs"]
        figures[f"{game}_cpu_s"] = round(out["cpu_s"], 1)
        figures[f"{game}_holds"] = out["holds"]
        for e in out["ladder"]:
            figures[f"{game}_{e['bot']}_ordinal"] = round(e["ordinal"], 2)
    print(json.dumps({"figures": figures}))
    return 0 if held or args.smoke else 1


if __name__ == "__main__":
    raise SystemExit(main())
