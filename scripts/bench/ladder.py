"""The ladder's anchors: per game, do the built-in bots rank search:strong > search:fast >
heuristic > random by the ladder's ordinal after their anchor matches?

Plays the anchor matches of `service.matches.ratings` (`anchor_lineups`: all four bots at one table
in
Doppelkopf and Duck, each against its two neighbours in a ring in Doubleduck and Duck Soup; one
deal per match game where the game allows it, `ANCHOR_OPTIONS`; `ANCHOR_GAMES` a line-up)
in-process and rates each match game as it ends, in order, with the
ladder's own math (`service.matches.ratings.rate_record`, the function `Ratings.rate` stores), from
an
empty ladder. `python -m service.ratings anchors` plays the same games into the service's Redis.

    .venv/bin/python scripts/bench/ladder.py --game doppelkopf   # 24 games, ANCHOR_GAMES
    .venv/bin/python scripts/bench/ladder.py --games 4          # every game, 4 per line-up
    .venv/bin/python scripts/bench/ladder.py --smoke            # Doppelkopf, 1 per line-up (CI)
    .venv/bin/python scripts/bench/ladder.py --game duck --save var/anchors   # records kept in
        # var/anchors.duck.jsonl: a rerun rates them again (and plays only what is missing)

The CPU and wall seconds are the playing's (a run from saved records plays nothing).
Reported per game: the ladder (ordinal, mu, sigma, games), whether the order holds, the match
games and contests rated, CPU and wall seconds, and each line-up's paired duplicate figures
(`bots.match.summarize`) for context. The exit status says whether the order held in every
game played (except with `--smoke`). The last line printed is the figures as JSON.
"""

from __future__ import annotations

import argparse
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
from service.matches.ratings import (
    ANCHOR_GAMES,
    ANCHORS,
    Skill,
    anchor_jobs,
    contests,
    entries,
    play_anchor,
    rate_record,
)


def cpu_seconds() -> float:
    """This process's CPU and its finished children's (the pool's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def played(
    game: str, games: int, seed: str, processes: int, saved: Path | None
) -> Iterator[tuple[MatchSpec, dict[str, Any]]]:
    """The anchors' match games in order: played, or read back from `saved` (JSON lines of
    `--save`) when that file exists; played ones are appended to it."""
    work = anchor_jobs(game, games, seed)
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


def run(game: str, games: int, seed: str, processes: int, saved: Path | None) -> dict[str, Any]:
    skills: dict[str, Skill] = {}
    records: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    rated = n = 0
    cpu, wall = cpu_seconds(), time.perf_counter()
    for spec, record in played(game, games, seed, processes, saved):
        n += 1
        skills.update(rate_record(game, record, skills, int(time.time() * 1000)))
        rated += sum(1 for _ in contests(game, record))
        records.setdefault(spec.bots, []).append(record)
    ladder = entries(skills.items())
    order = [e["bot"] for e in ladder]
    return {
        "ladder": ladder,
        "holds": order == list(reversed(ANCHORS)),
        "match_games": n,
        "contests": rated,
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
        for bots, summary in out["lineups"].items():
            print(f"\nLine-up {','.join(bots)} (paired duplicate figures):\n")
            print(table(summary))
        figures[f"{game}_match_games"] = out["match_games"]
        figures[f"{game}_contests"] = out["contests"]
        figures[f"{game}_cpu_s"] = round(out["cpu_s"], 1)
        figures[f"{game}_holds"] = out["holds"]
        for e in out["ladder"]:
            figures[f"{game}_{e['bot']}_ordinal"] = round(e["ordinal"], 2)
    print(json.dumps({"figures": figures}))
    return 0 if held or args.smoke else 1


if __name__ == "__main__":
    raise SystemExit(main())
