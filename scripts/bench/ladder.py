"""The ladder's anchors: per game, do the built-in bots rank search:strong > search:fast >
heuristic > random by the ladder's ordinal after their anchor matches?

Plays the anchor matches of `service.matches.ratings` (`anchor_lineups`: a chain of line-ups
closed by strong against the heuristic in Doubleduck and Duck Soup; in Duck and Doppelkopf the
heuristic and both search levels at one table; random against the heuristic in every game, one
round in four, `anchor_schedule`; one deal per match game where the game allows it,
`ANCHOR_OPTIONS`; `ANCHOR_GAMES` rounds) in-process and rates each match game as it ends, in
order, with the ladder's own math (`service.matches.ratings.refit`, what `Ratings.rate`
stores), from an empty ladder. `python -m service.ratings anchors` plays the same games into the
service's Redis.

    .venv/bin/python scripts/bench/ladder.py --game doppelkopf   # ANCHOR_GAMES a line-up
    .venv/bin/python scripts/bench/ladder.py --games 4          # every game, 4 per line-up
    .venv/bin/python scripts/bench/ladder.py --smoke            # Doppelkopf, 1 per line-up (CI)
    .venv/bin/python scripts/bench/ladder.py --game duck --seed anchors-b --save var/b
        # records kept in var/b.duck.jsonl: a rerun rates them again and plays only what is
        # missing (a record is reused only for the same line-up, seed and index)

The CPU and wall seconds are the playing's (a run from saved records plays nothing). Reported
per game: the ladder (ordinal, mu, sigma, games) and its spread, whether the order holds, each
neighbouring step's paired difference straight from their own meetings (mean a deal with its
95% interval; how firm the step is), the match games and paired samples rated, CPU and wall
seconds, and each line-up's paired duplicate figures (`bots.match.summarize`). The exit status
says whether the order held in every game played (except with `--smoke`). The last line
printed is the figures as JSON.
"""

from __future__ import annotations

import argparse
import itertools
import json
import resource
import sys
import time
from collections.abc import Iterator
from multiprocessing import get_context
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bots.match import MatchSpec, summarize, table
from engine import GAMES
from service.matches.history import estimate
from service.matches.ratings import (
    ANCHOR_GAMES,
    ANCHORS,
    Pairs,
    Skill,
    Sums,
    anchor_jobs,
    entries,
    play_anchor,
    refit,
)

ORDER = list(reversed(ANCHORS))
"""The order the anchors should stand in, strongest first."""


def cpu_seconds() -> float:
    """This process's CPU and its finished children's (the pool's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


Key = tuple[str, tuple[str, ...], int]


def record_key(spec: MatchSpec, index: int) -> Key:
    """What a saved record is reused for: the same line-up's game of that seed and index (a
    line-up that changed keeps its seed, so the seed alone would replay another's games)."""
    return spec.seed, tuple(spec.bots), index


def load(saved: Path | None) -> dict[Key, dict[str, Any]]:
    """The records of a `--save` file by `record_key`."""
    done: dict[Key, dict[str, Any]] = {}
    if saved is not None and saved.exists():
        for line in saved.read_text().splitlines():
            item = json.loads(line)
            spec = MatchSpec.from_json(item["spec"])
            done[record_key(spec, item["record"]["index"])] = item["record"]
    return done


def played(
    game: str,
    games: int,
    seed: str,
    processes: int,
    saved: Path | None,
) -> Iterator[tuple[MatchSpec, dict[str, Any]]]:
    """The anchors' match games in order: played, or read back from `saved` (JSON lines of
    `--save`) when it holds the same line-up's game of that seed and index; played ones are
    appended to it."""
    work = anchor_jobs(game, games, seed)
    done = load(saved)
    todo = [job for job in work if record_key(*job) not in done]
    with get_context("spawn").Pool(processes) as pool:
        fresh = pool.imap(play_anchor, todo)
        for n, (spec, index) in enumerate(work, 1):
            record = done.get(record_key(spec, index))
            if record is None:
                spec, record = next(fresh)
                if saved is not None:
                    with saved.open("a") as out:
                        out.write(json.dumps({"spec": spec.to_json(), "record": record}) + "\n")
            print(f"\r{game}: {n}/{len(work)} match games", end="", file=sys.stderr, flush=True)
            yield spec, record
    print(file=sys.stderr)


def steps(pairs: Pairs) -> list[tuple[str, str, Sums]]:
    """Each neighbouring step of the anchors' order, stronger first, with the sums of their own
    meetings (none: (0, 0, 0))."""
    out = []
    for stronger, weaker in itertools.pairwise(ORDER):
        a, b = sorted((stronger, weaker))
        n, total, squares = pairs.get((a, b), (0, 0.0, 0.0))
        sign = 1.0 if a == stronger else -1.0
        out.append((stronger, weaker, (n, sign * total, squares)))
    return out


def run(game: str, games: int, seed: str, processes: int, saved: Path | None) -> dict[str, Any]:
    pairs: dict[tuple[str, str], Sums] = {}
    skills: dict[str, Skill] = {}
    spread = 0.0
    records: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    n = 0
    cpu, wall = cpu_seconds(), time.perf_counter()
    for spec, record in played(game, games, seed, processes, saved):
        n += 1
        pairs, skills, spread = refit(game, record, pairs, skills, int(time.time() * 1000))
        records.setdefault(spec.bots, []).append(record)
    ladder = entries(skills.items(), spread)
    order = [e["bot"] for e in ladder if e["bot"] in ORDER]
    return {
        "ladder": ladder,
        "spread": spread,
        "holds": order == ORDER,
        "steps": steps(pairs),
        "match_games": n,
        "pairs": sum(count for count, _, _ in pairs.values()),
        "cpu_s": cpu_seconds() - cpu,
        "wall_s": time.perf_counter() - wall,
        "lineups": {bots: summarize(bots, recs) for bots, recs in records.items()},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="default: all")
    parser.add_argument(
        "--games", type=int, help="rounds: match games per line-up (default: ANCHOR_GAMES)"
    )
    parser.add_argument("--seed", default="anchors")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument(
        "--save", type=Path, help="keep the records in this file, and rate those it has again"
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
        out = run(game, games, args.seed, args.processes, saved)
        held = held and out["holds"]
        print(
            f"\n{game}: {out['match_games']} anchor match games ({games} rounds), "
            f"{out['pairs']} paired samples, seed {args.seed!r}, {out['cpu_s']:.0f} CPU s, "
            f"{out['wall_s']:.0f} s wall with {args.processes} processes; "
            f"spread {out['spread']:.2f} a deal\n"
        )
        print("| bot | ordinal | mu | sigma | games |\n| --- | ---: | ---: | ---: | ---: |")
        for e in out["ladder"]:
            print(
                f"| {e['bot']} | {e['ordinal']:.2f} | {e['mu']:.2f} | {e['sigma']:.2f} "
                f"| {e['games']} |"
            )
        verdict = "holds" if out["holds"] else "does NOT hold"
        print(f"\nOrder search:strong > search:fast > heuristic > random by ordinal: {verdict}.")
        print("\nEach step from its own meetings (a deal, 95%):\n")
        print("| step | match games | difference |\n| --- | ---: | ---: |")
        for stronger, weaker, sums in out["steps"]:
            got = estimate(sums)
            shown = "-" if got.mean is None else f"{got.mean:+.2f}"
            if got.half_width is not None:
                shown += f" ± {got.half_width:.2f}"
            print(f"| {stronger} - {weaker} | {sums[0]} | {shown} |")
            figures[f"{game}_step_{stronger}_{weaker}"] = (
                None if got.mean is None else round(got.mean, 3)
            )
        for bots, summary in out["lineups"].items():
            print(f"\nLine-up {','.join(bots)} (paired duplicate figures):\n")
            print(table(summary))
        figures[f"{game}_match_games"] = out["match_games"]
        figures[f"{game}_pairs"] = out["pairs"]
        figures[f"{game}_spread"] = round(out["spread"], 3)
        figures[f"{game}_cpu_s"] = round(out["cpu_s"], 1)
        figures[f"{game}_holds"] = out["holds"]
        for e in out["ladder"]:
            figures[f"{game}_{e['bot']}_ordinal"] = round(e["ordinal"], 2)
    print(json.dumps({"figures": figures}))
    return 0 if held or args.smoke else 1


if __name__ == "__main__":
    raise SystemExit(main())
