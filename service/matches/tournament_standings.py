"""A tournament's scoring and what it shows, pure over its stored hash
(`service.matches.tournaments`): a pairing's points from its match, the pairings by round with
their results, the standings (points, then the paired mean per deal, then the seeding), and the
answer's body (`summary` as listed, `body` as read).

Pure but for the match records the standings' intervals need, which the caller hands in
(`records`: a match id's recorded games), so it reads no Redis of its own.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from bots.match import block_totals, estimate

JSON = dict[str, Any]
Records = Callable[[str], Mapping[int, JSON]]
"""A match id's recorded games, by index (`MatchStore.records`)."""


def given_up(match: Mapping[str, Any]) -> bool:
    """Some games' jobs failed for good (RQ's retries spent: `progress.failed`) and no
    game is left to play: the match will never be done, so its round must not wait."""
    progress = match["progress"]
    return bool(progress["failed"]) and progress["done"] + progress["failed"] >= progress["total"]


def salvaged(p: JSON, match: Mapping[str, Any]) -> JSON:
    """A given-up pairing scored from the games it recorded, or void (`failed`, 0 points
    each) with none; `failed_games` says how many games were lost."""
    failed = int(match["progress"]["failed"])
    if match["progress"]["done"]:
        return {**scored(p, match), "failed_games": failed}
    return {"points": [0.0, 0.0], "reason": "failed", "failed_games": failed}


def scored(p: JSON, match: Mapping[str, Any]) -> JSON:
    """A pairing's points from its match: the paired mean difference per deal decides
    (> 0 a win, 1 point; 0 a draw, half each)."""
    diff = _diff(match["results"], str(p["a"]), str(p["b"]))
    mean = diff["mean"] if diff else None
    points = [0.5, 0.5] if not mean else [1.0, 0.0] if mean > 0 else [0.0, 1.0]
    return {"points": points, "deal_score_diff": diff}


def pairings_of(raw: Mapping[str, str]) -> list[JSON]:
    """Every pairing written, by round, with its result (None while unsettled)."""
    made = sorted(int(f.split(":")[1]) for f in raw if f.startswith("round:"))
    out = []
    for n in made:
        for i, p in enumerate(json.loads(raw[f"round:{n}"])):
            result = raw.get(f"result:{n}:{i}")
            out.append({**p, "round": n, "result": json.loads(result) if result else None})
    return out


def standings(raw: Mapping[str, str], spec: JSON, records: Records) -> list[JSON]:
    """Points, then the paired mean per deal, then the order the entrants were given."""
    rows: dict[str, JSON] = {
        e: {"entrant": e, "points": 0.0, "played": 0, "wins": 0, "draws": 0, "losses": 0,
            "byes": 0, "withdrawn": raw.get(f"withdrawn:{e}")}
        for e in spec["entrants"]
    }  # fmt: skip
    diffs: dict[str, list[float]] = {e: [] for e in spec["entrants"]}
    for p in pairings_of(raw):
        result = p["result"]
        if result is None:
            continue
        a, b = p["a"], p["b"]
        if b is None:
            rows[a]["points"] += 1.0
            rows[a]["byes"] += 1
            continue
        for me, mine, theirs in ((a, 0, 1), (b, 1, 0)):
            pts = result["points"]
            rows[me]["points"] += pts[mine]
            if result.get("reason") is None:
                rows[me]["played"] += 1
                key = "wins" if pts[mine] > pts[theirs] else "losses"
                rows[me]["draws" if pts[mine] == pts[theirs] else key] += 1
        if result.get("reason") is None and p.get("match_id"):
            per_game = _per_game(records(str(p["match_id"])), a, b)
            diffs[a] += per_game
            diffs[b] += [-d for d in per_game]
    order = {e: i for i, e in enumerate(spec["entrants"])}
    for e, row in rows.items():
        row["deal_score_diff"] = estimate(diffs[e]).to_json()
    return sorted(
        rows.values(),
        key=lambda r: (
            -r["points"],
            -(r["deal_score_diff"]["mean"] if r["deal_score_diff"]["mean"] is not None
              else float("-inf")),
            order[r["entrant"]],
        ),
    )  # fmt: skip


def summary(tid: str, raw: Mapping[str, str]) -> JSON:
    """A tournament as listed: its spec, status, round and invitations, no pairings."""
    spec = json.loads(raw["spec"])
    made = [f for f in raw if f.startswith("round:")]
    names = json.loads(raw["names"])
    to = json.loads(raw["to"])
    out: JSON = {
        "id": tid,
        "status": raw["status"],
        "from": raw["from_name"],
        **spec,
        "round": len(made),
        "invited": [
            {"key": names[k], "answer": {"accept": "accepted", "decline": "declined"}.get(
                raw.get(f"answer:{k}", ""))}
            for k in to
        ],
        "outside": {n: o["owner_name"] for n, o in json.loads(raw["owners"]).items()},
        "created": int(raw["created"]),
        "expires": int(raw["expires"]),
    }  # fmt: skip
    if raw.get("reason"):
        out["reason"] = raw["reason"]
    return out


def body(tid: str, raw: Mapping[str, str], records: Records) -> JSON:
    """A tournament as read: its summary, pairings, standings and crosstable."""
    spec = json.loads(raw["spec"])
    pairings = pairings_of(raw)
    crosstable = []
    for p in pairings:
        if p.get("b") is None:
            continue
        result = p["result"] or {}
        crosstable.append(
            {
                "bots": [p["a"], p["b"]],
                "round": p["round"],
                "match_id": p["match_id"],
                "points": result.get("points"),
                "reason": result.get("reason"),
                "deal_score_diff": result.get("deal_score_diff"),
            }
        )
    return {
        **summary(tid, raw),
        "pairings": [
            {"round": p["round"], "a": p["a"], "b": p["b"], "match_id": p["match_id"],
             "result": p["result"]}
            for p in pairings
        ],
        "standings": standings(raw, spec, records),
        "crosstable": crosstable,
    }  # fmt: skip


def _per_game(records: Mapping[int, JSON], a: str, b: str) -> list[float]:
    """Per match game, a's mean score per deal minus b's (both played the same cards)."""
    out = []
    for record in records.values():
        t = block_totals(record)
        if a in t and b in t and t[a][1] and t[b][1]:
            out.append(t[a][0] / t[a][1] - t[b][0] / t[b][1])
    return out


def _diff(results: Mapping[str, Any], a: str, b: str) -> JSON | None:
    """a's paired mean difference per deal over b, from a match's `comparisons`."""
    for c in results.get("comparisons") or []:
        pair = list(c["bots"])
        if pair == [a, b]:
            return dict(c["deal_score_diff"])
        if pair == [b, a]:
            d = dict(c["deal_score_diff"])
            ci = d.get("ci95")
            mean = None if d["mean"] is None else -d["mean"]
            return {**d, "mean": mean, "ci95": None if ci is None else [-ci[1], -ci[0]]}
    return None
