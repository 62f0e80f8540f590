"""An app key's feed: one stream on which an integrator hears everything it must act on.

What it carries (`TYPES`): a seat of one of the key's games is to act (`turn`: game, seat,
version), a game was created, dealt, is waiting for its next deal, ended or was abandoned, a
match progressed or finished, a seat of an outside match is the key's bot's to play
(`match_seat`, `service.matches.match_games`), a challenge came or was answered (`challenge`,
`challenge_answered`: `service.matches.challenges`), a tournament invited the key, was
answered, made a round or finished (`tournament`, `tournament_answered`, `tournament_round`,
`tournament_finished`: `service.matches.tournaments`), one of its bots was paused in the arena
(`arena_paused`: `service.matches.arena`). No card or seed: ids, seats, versions and counts,
and in `match_seat` the seat's token, which is useless without the key itself (the seat is
bound to it).

The feed, by concern:

- this module: what a feed carries, the entries a game's change makes (`game_entries`) and
  the entries' numbers (`number_of`: the SSE `id` clients resume after);
- `service.streams.feed_relay`: how entries get into a feed (a bucket's outbox, the relay
  and its recovery) and how a feed is read (`Feed`);
- `service.streams.feed_hub`: the feeds open in a process, woken by the process's shard
  listener (`service.streams.listener`) on each feed's news;
- `service.streams.feed_stream`: an open feed's bytes (SSE or NDJSON, `service.core.sse`)
  and the live games a client that lost part of its feed starts again from.

Keys of a key's feed, on game data's Redis, in a bucket of its own (`key_tag`: the key id's
value modulo the 64 buckets of `service.core.shards`; names in `service.storage.keys`), so
that news of every feed goes out on 64 fixed shard channels, which each API process hears
with its one listener, instead of one subscription (or a blocking read) per feed:

- `dp:{k}:appkey:<id>:feed`       stream: the entries; fields `t` (type) and `d` (the JSON
                                  object). Its id `<ms>-<seq>` is the entry's number
                                  `ms * 1000 + seq` (`number_of`), the SSE `id` clients resume
                                  after. Kept `FEED_RETENTION_SECONDS` (and at most
                                  `FEED_MAX_ENTRIES`), trimmed by the appends: to the
                                  size at once, by age once the oldest entry is a tenth
                                  of the retention past it (no resume point reaches it)
- `dp:{k}:appkey:<id>:relayed`    hash: bucket tag -> the last outbox id moved from it;
                                  `last` -> the newest entry number; `trimmed` -> the
                                  newest entry number trimmed away; `until` -> the ms
                                  until which the feed's TTL runs (renewed, with a tenth
                                  of the retention to spare, only once that is spent);
                                  `count` -> its entries and `oldest` -> a ms no entry is
                                  older than, as the relay counted them (a relay reads the
                                  stream only when a trim may be due); `hooks` -> whether
                                  the key has webhooks (deleted by any change of them)
- `dp:{k}:feednews`               shard channel: `<key id> <newest number> <type>...` after
                                  each relay (the types it appended, each once: a feed that
                                  follows only some types, `?events=`, wakes for those only)
- `dp:{k}:appkey:<id>:webhooks` and `...:webhooks:pending`: see `service.streams.webhooks`;
  the relay script adds each new entry's number to `pending` in the same step when the key
  has webhooks
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.core.codec import dumps_sorted
from service.games.bodies import DEAL_PENDING, OVER, PLAYING

JSON = dict[str, Any]

TYPES = (
    "game_created",
    "game_dealt",
    "turn",
    "deal_pending",
    "game_ended",
    "game_abandoned",
    "match_progress",
    "match_finished",
    "match_seat",
    "challenge",
    "challenge_answered",
    "tournament",
    "tournament_answered",
    "tournament_round",
    "tournament_finished",
    "arena_paused",
)
"""What a feed (and a webhook) carries; each entry's `type`."""

OPENED = "feed_opened"
CLOSED = "feed_closed"
"""The last frame of a feed that ends for good: its `reason` (`app_key_revoked`) says why."""
"""The first frame of a feed opened without a resume point: its `id` is where it starts."""
GAMES_PATH = "/api/v1/feed/games"
"""What to read instead of a lost stretch of the feed: the key's live games."""


def stream_id(number: int) -> str:
    return f"{number // 1000}-{number % 1000}"


def number_of(entry_id: bytes | str) -> int:
    """An entry's number from its stream id `<ms>-<seq>` (the relay keeps seq under 1000)."""
    text = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
    ms, _, seq = text.partition("-")
    return int(ms) * 1000 + int(seq)


# --- what a change tells the feed ----------------------------------------------------------


def game_entries(
    gid: str,
    version: int,
    events: Sequence[Mapping[str, Any]],
    status: str,
    to_act: Sequence[int],
    seats: Sequence[Mapping[str, Any]],
) -> list[JSON]:
    """The feed entries of one change of game `gid`, now at `version`: its creation, deals,
    end or abandonment among `events`, then what is awaited of the key (a human seat's turn,
    or the next deal)."""
    out: list[JSON] = []
    for event in events:
        kind = event["type"]
        if kind == "game_created":
            data = event["data"]
            out.append(
                {
                    "type": "game_created",
                    "game_id": gid,
                    "version": version,
                    "game": data["game"],
                    "seat_count": data["seat_count"],
                }
            )
        elif kind == "deal_started" and event.get("visible_to") is None:
            deal_no = event["data"].get("deal_no")
            out.append(
                {"type": "game_dealt", "game_id": gid, "version": version, "deal_no": deal_no}
            )
        elif kind == "game_abandoned":
            out.append({"type": "game_abandoned", "game_id": gid, "version": version})
    if status == OVER:
        out.append({"type": "game_ended", "game_id": gid, "version": version})
    elif status == DEAL_PENDING:
        out.append({"type": "deal_pending", "game_id": gid, "version": version})
    elif status == PLAYING:
        out += [
            {"type": "turn", "game_id": gid, "seat": seat, "version": version}
            for seat in to_act
            if seats[seat].get("bot") is None
        ]
    return out


def encoded(entries: Sequence[JSON]) -> tuple[tuple[str, bytes], ...]:
    """Feed entries as the outbox and the feed keep them: (type, JSON)."""
    return tuple((str(entry["type"]), dumps_sorted(entry)) for entry in entries)
