"""Fair deals over HTTP: every deal is disclosed (how it was made, its commitment) in the views
and events every seat and spectator reads, nothing before the end reveals the seed or the salt,
and the documented command (`python -m service.verify`) passes a real finished game's record and
events and fails a changed one.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient
from testkit.svc_helpers import API, Table, auth, flat, pinned_deal

from engine import GAMES

ROOT = Path(__file__).resolve().parents[3]
HEX64 = re.compile(r"^[0-9a-f]{64}$")


def verify_command(*files: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "service.verify", *map(str, files)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def events_of(client: FlaskClient, gid: str, token: str | None) -> dict[str, Any]:
    headers = auth(token) if token else {}
    r = client.get(f"{API}/games/{gid}/events?after=0", headers=headers)
    assert r.status_code == 200, r.json
    return dict(r.json or {})


def started(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e["data"] for e in events if e["type"] == "deal_started"]


def test_a_served_game_discloses_every_deal_and_its_record_verifies(
    client: FlaskClient, tmp_path: Path
) -> None:
    """Four humans, a server seed, deal 1 shuffled and deal 2 chosen by the host."""
    table = Table.create(client, seed=None, options={"max_deals": 2, "target": 100_000})
    seen: list[str] = [json.dumps(table.created)]
    first = table.created["view"]
    assert first["dealt_by"] == "server_shuffle" and HEX64.match(first["deal_commitment"])
    host_deal = pinned_deal({0: "JS 4H"})
    for _ in range(2000):
        public = table.public()
        seen.append(json.dumps(public))
        if public["status"] == "over":
            break
        if public["status"] == "deal_pending":
            r = client.post(
                f"{API}/games/{table.gid}/deal",
                json={"deal": flat(host_deal)},
                headers=auth(table.host),
            )
            assert r.status_code == 200, r.json
            seen.append(json.dumps(r.json))
            (data,) = started(r.json["events"])
            assert data["dealt_by"] == "host_cards"
            assert r.json["view"]["deal_commitment"] == data["deal_commitment"]
            continue
        for seat in table.seats:  # every seat reads the same disclosure as the spectator
            view = seat.view()
            seen.append(json.dumps(view))
            assert view["view"]["deal_commitment"] == public["view"]["deal_commitment"]
            assert view["view"]["dealt_by"] == public["view"]["dealt_by"]
        mover = table.seat(public["view"]["to_act"][0])
        r = mover.post_move(mover.view()["view"]["legal_moves"][0])
        assert r.status_code == 200, r.json
        seen.append(json.dumps(r.json))
    else:
        raise AssertionError("the game did not end")

    feeds = {s.seat: events_of(client, table.gid, s.token) for s in table.seats}
    spectator = events_of(client, table.gid, None)
    seen += [json.dumps(f) for f in [*feeds.values(), spectator]]
    shown = started(spectator["events"])
    assert [d["dealt_by"] for d in shown] == ["server_shuffle", "host_cards"]
    assert all(started(f["events"]) == shown for f in feeds.values())

    answer = client.get(f"{API}/games/{table.gid}/record").json
    record = answer["record"]
    assert record["client_seed"] is False and re.fullmatch(r"[0-9a-f]{32}", record["salt"])
    assert record["commitments"] == [
        {
            "deal_no": d["deal_no"],
            "dealt_by": d["dealt_by"],
            "deal_commitment": d["deal_commitment"],
        }
        for d in shown
    ]
    # Nothing a caller read before the record (views, answers, events) held the seed or salt.
    assert not [t for t in seen if record["seed"] in t or record["salt"] in t]

    record_file, events_file = tmp_path / "record.json", tmp_path / "events.json"
    record_file.write_text(json.dumps(answer))
    events_file.write_text(json.dumps(feeds[1]))
    done = verify_command(record_file, events_file)
    assert done.returncode == 0, done.stderr
    assert "ok, 2 deals (host_cards, server_shuffle)" in done.stdout

    changed = json.loads(json.dumps(answer))
    changed["record"]["seed"] = "f" * 32  # the server swaps the seed after the fact
    record_file.write_text(json.dumps(changed))
    done = verify_command(record_file, events_file)
    assert done.returncode == 1 and "MISMATCH: deal 1" in done.stderr

    changed = json.loads(json.dumps(answer))
    hands = changed["record"]["actions"]
    deal = next(a["deal"] for a in hands if "deal" in a)  # the host's cards, changed
    deal["hands"][0][0], deal["hands"][1][0] = deal["hands"][1][0], deal["hands"][0][0]
    record_file.write_text(json.dumps(changed))
    done = verify_command(record_file)
    assert done.returncode == 1 and "MISMATCH: deal 2" in done.stderr

    record_file.write_text(json.dumps(answer))
    lied = json.loads(json.dumps(feeds[1]))
    hand = next(e for e in lied["events"] if e["type"] == "hand_dealt")
    hand["data"]["cards"] = [*hand["data"]["cards"][1:], "JS"]  # another hand than the seed's
    events_file.write_text(json.dumps(lied))
    done = verify_command(record_file, events_file)
    assert done.returncode == 1 and "seat 1's hand is not the one the record deals" in done.stderr

    events_file.write_text("not json")
    assert verify_command(record_file, events_file).returncode == 2


def test_a_client_seed_and_a_host_deal_are_disclosed_to_every_seat(client: FlaskClient) -> None:
    chosen = Table.create(client, seed="round-1")
    for seat in chosen.seats:
        assert seat.view()["view"]["dealt_by"] == "client_seed"
    for feed in (events_of(client, chosen.gid, None), events_of(client, chosen.gid, chosen.host)):
        (data,) = started(feed["events"])
        assert data["dealt_by"] == "client_seed"
    # The commitment is salted: the same client seed in another game commits differently.
    again = Table.create(client, seed="round-1")
    assert again.public()["view"]["deal_commitment"] != chosen.public()["view"]["deal_commitment"]

    dealt = Table.create(client, deal=pinned_deal({0: "JS"}))
    assert dealt.public()["view"]["dealt_by"] == "host_cards"
    assert {s.view()["view"]["dealt_by"] for s in dealt.seats} == {"host_cards"}


def test_the_catalog_documents_how_a_deal_can_be_made(client: FlaskClient) -> None:
    games = client.get(f"{API}/catalog").json["games"]
    assert sorted(g["name"] for g in games) == sorted(GAMES)
    for entry in games:
        assert [d["name"] for d in entry["dealt_by"]] == [
            "server_shuffle",
            "client_seed",
            "host_cards",
        ]
        assert all(d["doc"] for d in entry["dealt_by"])
