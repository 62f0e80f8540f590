"""Each bot's rating history and head-to-head records per game, as the rating script wrote them.

`service.matches.ratings`' compare-and-set writes both in the step that rates a match game
(so a game is in them exactly once); this module only reads them.

- **History**: a bot's rating after each of its rated match games, oldest first (the point is
  its ladder entry as that game left it). At most `ratings.HISTORY_POINTS` (512) per bot and
  game: past it the older half is thinned to every second point, so the list still spans the
  bot's first game to its last, the recent games densest and the oldest ones sparsest.
- **Head-to-head**: per pair of bots that met as opponents, one sample per match game, the
  difference of their mean scores per deal in it (`ratings.pair_differences`); kept as count,
  sum and sum of squares, so the mean and its 95% interval (normal approximation,
  mean +- 1.96 s / sqrt(n), s of the per-game differences; none below 2 games) come from three
  numbers whatever the number of games. Each match game weighs one, whatever its deals.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import Any, cast

from bots.match import Z95, Estimate
from service.core.shards import DataClient
from service.matches.ratings import Skill, Sums, parse_sums
from service.storage.keys import h2h_key, history_key

JSON = dict[str, Any]


def point(raw: Mapping[str, Any]) -> JSON:
    """One history point from the rating the script stored."""
    skill = Skill.from_json(raw)
    return {
        "time": skill.last_played,
        "mu": skill.mu,
        "sigma": skill.sigma,
        "ordinal": skill.ordinal,
        "games": skill.games,
    }


def estimate(sums: Sums) -> Estimate:
    """Mean +- 1.96 s / sqrt(n) from a pair's sums; no interval below two games. The variance
    is clamped at 0: sum of squares minus sum times mean may round a hair below it."""
    n, total, squares = sums
    if n == 0:
        return Estimate(None, None, 0)
    mean = total / n
    if n < 2:
        return Estimate(mean, None, n)
    variance = max(0.0, (squares - total * mean) / (n - 1))
    return Estimate(mean, Z95 * math.sqrt(variance / n), n)


class History:
    """The histories and head-to-head records of the ladders (one Redis or a Cluster)."""

    def __init__(self, client: DataClient) -> None:
        self.redis = client

    def points(self, game: str, bot: str) -> list[JSON]:
        """The bot's rating after each rated game it played (thinned, see above), oldest first."""
        raw = cast(list[bytes], self.redis.lrange(history_key(game, bot), 0, -1))
        return [point(json.loads(v)) for v in raw]

    def opponents(self, game: str, bot: str) -> dict[str, Estimate]:
        """The bot's record against each opponent it met: its mean score per deal minus theirs."""
        raw = cast(dict[bytes, bytes], self.redis.hgetall(h2h_key(game, bot)))
        return {opponent: estimate(sums) for opponent, sums in parse_sums(raw).items()}

    def crosstable(self, game: str, bots: Sequence[str]) -> list[JSON]:
        """Every pair of `bots` that met, each once in their given order: `bots` [a, b] and
        `deal_score_diff`, a's mean score per deal minus b's."""
        with self.redis.pipeline(transaction=False) as pipe:
            for bot in bots:
                pipe.hgetall(h2h_key(game, bot))
            found = [parse_sums(raw) for raw in pipe.execute()]
        pairs = []
        for i, a in enumerate(bots):
            for b in bots[i + 1 :]:
                sums = found[i].get(b)
                if sums is not None:
                    pairs.append({"bots": [a, b], "deal_score_diff": estimate(sums).to_json()})
        return pairs
