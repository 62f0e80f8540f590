"""The operators' command for the ratings ladder: `python -m service.ratings anchors|show|refit`.

The ladder itself, and the anchors it plays: `service.matches.ratings`. `refit` fits every
game's ladder again from its head-to-head sums: once after upgrading from ratings by who won,
so the ladders show the fit before their next rated game.
"""

from __future__ import annotations

import argparse
import json
import sys

from engine import GAMES
from service.core import config, shards
from service.matches.ratings import ANCHOR_GAMES, Ratings, anchors


def main(argv: list[str] | None = None) -> int:
    """`python -m service.ratings anchors|show|refit`: against the Redis of the settings
    (`REDIS_URL`, or `REDIS_CLUSTER_NODES`), as the service's processes use it."""
    parser = argparse.ArgumentParser(prog="python -m service.ratings", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("anchors", help="play the built-in anchor matches into the ladder")
    play.add_argument("--game", action="append", choices=sorted(GAMES), help="default: all")
    play.add_argument(
        "--games", type=int, help="match games per line-up (default: ANCHOR_GAMES, per game)"
    )
    play.add_argument("--seed", default="anchors")
    play.add_argument("--processes", type=int, default=1, help="games played at once (1)")
    show = sub.add_parser("show", help="print a game's ladder")
    show.add_argument("game", choices=sorted(GAMES))
    again = sub.add_parser("refit", help="fit the ladders again from their head-to-head sums")
    again.add_argument("--game", action="append", choices=sorted(GAMES), help="default: all")
    args = parser.parse_args(argv)
    ratings = Ratings(shards.data_client(config.from_env()))
    if args.command == "refit":
        for game in args.game or sorted(GAMES):
            print(f"{game}: {ratings.refit_ladder(game)} bots fitted", flush=True)
        return 0
    if args.command == "show":
        for entry in ratings.ladder(args.game):
            print(json.dumps(entry))
        return 0
    for game in args.game or sorted(GAMES):
        done = 0
        games = args.games or ANCHOR_GAMES[game]
        for spec, record, outcome in anchors(ratings, game, games, args.seed, args.processes):
            done += 1
            print(f"{game} {'+'.join(spec.bots)} game {record['index']}: {outcome}", flush=True)
        print(f"{game}: {done} anchor match games", flush=True)
        for entry in ratings.ladder(game):
            print(f"  {entry['bot']:<16} ordinal {entry['ordinal']:7.2f}  mu {entry['mu']:6.2f}"
                  f"  sigma {entry['sigma']:5.2f}  games {entry['games']}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
