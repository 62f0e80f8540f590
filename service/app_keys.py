"""The operators' command for app keys: `python -m service.app_keys issue|list|revoke|quotas`
(`dev` is scripts/serve's development key). The keys themselves: `service.access.app_keys`.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence

import redis

from service.access.app_keys import QUOTAS, AppKeys
from service.access.bot_registry import BotRegistry


def _quota_args(parser: argparse.ArgumentParser) -> None:
    for quota, default in QUOTAS.items():
        parser.add_argument(
            "--" + quota.replace("_", "-"), type=int, dest=quota, help=f"default {default}"
        )


def dev_key(keys: AppKeys, path: str) -> str:
    """scripts/serve's development key: kept in a file of the checkout (never in a deployment,
    where keys are issued by hand), so a browser that holds it keeps working across restarts."""
    with contextlib.suppress(OSError):
        with open(path, encoding="utf-8") as saved:
            key = saved.read().strip()
        if keys.usable(key):
            return key
    key = keys.issue("development key (scripts/serve)").key
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(key + "\n")
    return key


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m service.app_keys", description="Issue, list and revoke app keys."
    )
    parser.add_argument(
        "--redis-url",
        default=os.environ.get("QUEUE_REDIS_URL")
        or os.environ.get("REDIS_URL")
        or "redis://127.0.0.1:6379/0",
        help="the queues' Redis, where app keys live (QUEUE_REDIS_URL, else REDIS_URL)",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    issue = commands.add_parser("issue", help="make a key; it is printed once, never stored")
    issue.add_argument("--name", required=True, help="who the key is for")
    issue.add_argument("--quiet", action="store_true", help="print the key alone")
    _quota_args(issue)
    commands.add_parser(
        "list", help="every key: id, name, quotas, live games, live bots (never the key)"
    )
    dev = commands.add_parser(
        "dev", help="print a development key: the one saved in FILE while usable, else a new one"
    )
    dev.add_argument("--file", required=True, help="where the key is kept (mode 0600)")
    revoke = commands.add_parser(
        "revoke", help="revoke a key by its id, for good; its bots are retired"
    )
    revoke.add_argument("id")
    quotas = commands.add_parser("quotas", help="change a key's quotas")
    quotas.add_argument("id")
    _quota_args(quotas)
    args = parser.parse_args(argv)
    keys = AppKeys(redis.Redis.from_url(args.redis_url, socket_timeout=5))
    chosen = {q: getattr(args, q) for q in QUOTAS if getattr(args, q, None) is not None}
    if args.command == "issue":
        issued = keys.issue(args.name, **chosen)
        if args.quiet:
            print(issued.key)
        else:
            print(f"app key {issued.id} for {args.name!r} (shown once; store it now):")
            print(issued.key)
        return 0
    if args.command == "dev":
        print(dev_key(keys, args.file))
        return 0
    if args.command == "list":
        registry = BotRegistry(keys.redis)
        for entry in keys.list():
            state = "revoked" if entry["revoked"] else "active"
            quota = " ".join(f"{q}={entry[q]}" for q in QUOTAS)
            bots = ",".join(b.name for b in registry.of(entry["id"])) or "-"
            print(
                f"{entry['id']}  {state:7}  live={entry['live']}  {quota}  bots={bots}"
                f"  {entry['name']}"
            )
        return 0
    if args.command == "revoke":
        if not keys.revoke(args.id):
            print(f"no app key {args.id}", file=sys.stderr)
            return 1
        print(f"app key {args.id} revoked (its bots retired)")
        return 0
    if not keys.set_quotas(args.id, **chosen):
        print(f"no app key {args.id}", file=sys.stderr)
        return 1
    print(f"app key {args.id}: {' '.join(f'{q}={v}' for q, v in chosen.items()) or 'unchanged'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
