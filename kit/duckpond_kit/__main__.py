"""The kit's command: play a key's bots, run a match, register a bot.

    python -m duckpond_kit play --url URL --key KEY --bot mybot=mymodule:choose [--bot ...]
    python -m duckpond_kit match --url URL --key KEY --game ducksoup --bots mybot,heuristic \\
        --games 20 --bot mybot=mymodule:choose [--seed S] [--option target=1]
    python -m duckpond_kit register --url URL --key KEY mybot --games ducksoup,duck [--exist-ok]
    python -m duckpond_kit arena --url URL --key KEY mybot [--games ducksoup] \
        [--games-per-hour 60] [--concurrency 2] [--leave]

`--url` and `--key` default to $DUCKPOND_URL and $DUCKPOND_KEY (a key in the environment stays
out of the process list). `play` runs until Ctrl-C or SIGTERM, playing every seat of the named
bots in every match of the key; `match` creates one, plays it, says each finished game on
stderr and prints the match as JSON. `register --exist-ok` reuses a name that is already a
live bot of the key. `arena` opts the bot in to the arena for `--games` with its budget (the
service then pairs it by itself: `play` plays its seats), takes it out with `--leave`, and
prints its standing as JSON. Only warnings are logged, unless `-v`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import os
import signal
import sys
from collections.abc import Sequence
from types import FrameType
from typing import Any

from duckpond_kit.kit import Kit
from duckpond_kit.runner import Choose, Runner
from duckpond_kit.transport import KitError


def load_bot(spec: str) -> tuple[str, Choose]:
    """`NAME=module:function` -> (NAME, the function)."""
    name, sep, target = spec.partition("=")
    module, colon, function = target.partition(":")
    if not sep or not colon or not name or not module or not function:
        raise argparse.ArgumentTypeError(f"--bot wants NAME=module:function, not {spec!r}")
    try:
        choose = getattr(importlib.import_module(module), function)
    except (ImportError, AttributeError) as exc:
        raise argparse.ArgumentTypeError(f"--bot {spec}: {exc}") from exc
    return name, choose


def option(text: str) -> tuple[str, Any]:
    """`key=value`, the value read as JSON when it is JSON (`target=1`), else a string."""
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"--option wants key=value, not {text!r}")
    try:
        return key, json.loads(raw)
    except ValueError:
        return key, raw


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="python -m duckpond_kit",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = top.add_subparsers(dest="command", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--url", default=os.environ.get("DUCKPOND_URL", "http://127.0.0.1:8000"))
    common.add_argument("--key", default=os.environ.get("DUCKPOND_KEY"), help="the app key")
    common.add_argument(
        "-v", "--verbose", action="store_true", help="log every seat, request retry and cut"
    )
    bots = argparse.ArgumentParser(add_help=False)
    bots.add_argument(
        "--bot", dest="bots", type=load_bot, action="append", default=[],
        metavar="NAME=module:function", help="a bot of the key and its choose(view) -> move",
    )  # fmt: skip
    commands.add_parser("play", parents=[common, bots], help="play the key's bots' seats")
    match = commands.add_parser("match", parents=[common, bots], help="run one match")
    match.add_argument("--game", required=True)
    match.add_argument("--bots", dest="seats", required=True, help="comma-separated, by seat")
    match.add_argument("--games", type=int, required=True)
    match.add_argument("--seed")
    match.add_argument("--option", type=option, action="append", default=[])
    match.add_argument("--move-seconds", type=int)
    match.add_argument("--concurrency", type=int)
    register = commands.add_parser("register", parents=[common], help="register a bot")
    register.add_argument("name")
    register.add_argument("--games", required=True, help="comma-separated")
    register.add_argument("--description", default="")
    register.add_argument(
        "--exist-ok",
        action="store_true",
        help="a live bot of this key by that name is reused (exit 0), not a 409",
    )
    arena = commands.add_parser("arena", parents=[common], help="opt a bot in to the arena")
    arena.add_argument("name")
    arena.add_argument("--games", help="comma-separated: opt in for these (else: only read)")
    arena.add_argument("--games-per-hour", type=int, default=60)
    arena.add_argument("--concurrency", type=int, default=2)
    arena.add_argument("--leave", action="store_true", help="take the bot out of the arena")
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    # `play` runs until stopped and says nothing else: a line per seat it takes is its news.
    # `match` prints a line per finished game itself, so its log stays quiet.
    quiet = logging.INFO if args.command == "play" else logging.WARNING
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else quiet,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    logging.getLogger("httpx").setLevel(logging.WARNING)
    if not args.key:
        print("an app key is needed: --key or $DUCKPOND_KEY", file=sys.stderr)
        return 2
    with Kit(args.url, args.key) as kit:
        try:
            return run(kit, args)
        except KitError as exc:
            print(f"refused: {exc}", file=sys.stderr)
            return 1


def run(kit: Kit, args: argparse.Namespace) -> int:
    if args.command == "register":
        games = [g for g in args.games.split(",") if g]
        bot = kit.register(args.name, games, args.description, exist_ok=args.exist_ok)
        print(json.dumps(bot))
        return 0
    if args.command == "arena":
        chosen = None if args.games is None else [g for g in args.games.split(",") if g]
        standing = kit.arena(
            args.name, chosen, games_per_hour=args.games_per_hour,
            concurrency=args.concurrency, leave=args.leave,
        )  # fmt: skip
        print(json.dumps(standing))
        return 0
    play = dict(args.bots)
    if args.command == "play":
        if not play:
            print("play needs at least one --bot NAME=module:function", file=sys.stderr)
            return 2
        runner = kit.runner(play)
        stop_on_signal(runner)
        runner.run()
        print(json.dumps({"stats": dict(runner.stats)}))
        return 0
    fields: dict[str, Any] = {"options": dict(args.option), "seed": args.seed}
    if args.move_seconds is not None:
        fields["move_seconds"] = args.move_seconds
    if args.concurrency is not None:
        fields["concurrency"] = args.concurrency
    runner = kit.runner(play).start()
    stop_on_signal(runner)
    try:
        created = kit.create_match(args.game, args.seats.split(","), args.games, **fields)
        print(f"match {created['id']}: {args.game} {args.seats} x {args.games}", file=sys.stderr)
        done = kit.wait_match(created["id"], runner=runner, progress=_progress())
    finally:
        runner.stop()
    print(json.dumps(done))
    return 0 if done.get("status") == "done" else 1


def _progress() -> Any:
    """One line on stderr per finished game, however many finish between two reads of the
    match: what the docs promise, and no line while nothing finishes."""
    said: list[int] = [0]

    def show(match: dict[str, Any]) -> None:
        progress = match.get("progress", {})
        total, failed = progress.get("total"), int(progress.get("failed", 0))
        finished = int(progress.get("done", 0))
        for n in range(said[0] + 1, finished + 1):
            note = f" ({failed} failed so far)" if failed else ""
            print(f"game {n}/{total} finished{note}", file=sys.stderr)
        said[0] = max(said[0], finished)

    return show


def stop_on_signal(runner: Runner) -> None:
    """SIGTERM and SIGINT stop the runner (seats in play end at their next request)."""

    def stop(_signum: int, _frame: FrameType | None) -> None:
        runner.stop()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)


if __name__ == "__main__":
    raise SystemExit(main())
