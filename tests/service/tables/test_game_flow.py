"""A Doubleduck game through the HTTP API, from creation to record, on a real Redis."""

from __future__ import annotations

from typing import Any

import redis
from flask.testing import FlaskClient
from testkit.svc_helpers import API, DECK, Table, auth, flat, pinned_deal, play_out

from engine.record import replay


def test_livez_readyz_catalog(client: FlaskClient) -> None:
    assert client.get("/livez").json == {"status": "ok"}
    assert client.get("/readyz").json == {"status": "ready"}
    games = client.get(f"{API}/catalog").json["games"]
    dd = next(g for g in games if g["name"] == "doubleduck")
    assert dd["min_seats"] == dd["max_seats"] == 4
    names = {o["name"]: o for o in dd["options"]}
    assert names["max_deals"]["default"] == 4 and names["max_deals"]["scope"] == "game"
    assert names["auto_deal"]["scope"] == "service"
    assert {"type": "play", "card": "JS", "call": "quack"} in dd["moves"]
    assert "random" in dd["bots"]


def test_auto_deal_is_on_unless_several_humans_share_the_table(client: FlaskClient) -> None:
    """A human alone against bots must never need the host token between deals; humans
    together deal when they are all ready to go on."""
    bot = {"bot": "random"}
    for seats, default in (
        ([bot, bot, bot, bot], True),
        ([{}, bot, bot, bot], True),
        ([{}, bot, {}, bot], False),
        ([{}, {}, {}, {}], False),
    ):
        created = Table.create(client, seats=seats).created
        assert created["auto_deal"] is default, seats
    explicit = Table.create(client, seats=[{}, bot, bot, bot], options={"auto_deal": False})
    assert explicit.created["auto_deal"] is False


def test_create_answers_tokens_once(client: FlaskClient) -> None:
    r = client.post(f"{API}/games", json={"game": "doubleduck", "seats": [{}, {}, {}, {}]})
    assert r.status_code == 201
    body = r.json
    assert r.headers["Location"].endswith(f"/api/v1/games/{body['id']}")
    assert body["version"] == 0 and body["status"] == "playing"
    tokens = [s["token"] for s in body["seats"]]
    assert len(set(tokens)) == 4 and body["host_token"] not in tokens
    again = client.get(f"{API}/games/{body['id']}", headers=auth(tokens[0])).json
    assert "token" not in str(again["seats"]) and "host_token" not in again
    assert again["seat"] == 0 and again["role"] == "seat"
    assert len(again["view"]["hand"]) == 13


def test_scripted_trick_doubleduck_wins(client: FlaskClient) -> None:
    """RULES.md check: trick C3 C3 C8 C6, the second C3 called doubleduck, wins 1 card."""
    deal = pinned_deal({1: "3C", 2: "3C", 3: "8C", 0: "6C"}, stock_top="KS QS JS TS")
    table = Table.create(client, deal=deal)
    s0, s1, s2, s3 = (table.seat(i) for i in range(4))
    assert table.to_act() == 1
    assert s1.play("3C")["version"] == 1
    answer = s2.play("3C", call="doubleduck", expected_version=1)
    played = answer["events"][0]
    assert played["type"] == "card_played" and played["data"]["call"] == "doubleduck"
    s3.play("8C")
    last = s0.play("6C")
    assert last["version"] == 4
    won = next(e for e in last["events"] if e["type"] == "trick_won")
    assert won["data"]["winner"] == 2 and won["data"]["stored"] == 1
    # Seat 0 sees its own draw and no one else's; the winner (seat 2) drew KS first.
    drawn = [e for e in last["events"] if e["type"] == "card_drawn"]
    assert [e["data"]["seat"] for e in drawn] == [0]
    assert s2.view()["view"]["hand"].count("KS") >= 1
    assert table.to_act() == 2


def test_full_game_to_record_and_replay(client: FlaskClient, r: redis.Redis) -> None:
    table = Table.create(client, deal=pinned_deal(), seed="full-game-seed")
    moves = play_out(table)
    assert moves == 4 * 104 or moves % 104 == 0
    pub = table.public()
    assert pub["status"] == "over"
    score = client.get(f"{API}/games/{table.gid}/score").json
    assert score["over"] is True and len(score["deals"]) == moves // 104
    assert score["totals"] == pub["view"]["totals"]
    rec = client.get(f"{API}/games/{table.gid}/record")
    assert rec.status_code == 200
    record = rec.json["record"]
    assert record["seed"] == "full-game-seed" and record["deal"] == pinned_deal()
    moves_in_record = [a for a in record["actions"] if "move" in a]
    assert len(moves_in_record) == moves
    rebuilt = replay(record)
    assert rebuilt.view(None) == pub["view"]
    assert rebuilt.result().to_json() == {k: score[k] for k in rebuilt.result().to_json()}
    # Version = accepted changes: every move plus every explicit deal.
    deals = [a for a in record["actions"] if "deal" in a]
    assert pub["version"] == moves + len(deals)
    # Finished games expire: every key of the game has a TTL.
    keys = list(r.scan_iter(f"dp:*:{table.gid}:*"))
    assert keys and all(0 < r.ttl(k) <= 3600 for k in keys)
    # A move after the end is a 409 game_over.
    assert table.seats[0].refused("AC") == (409, "game_over")


def test_deal_pending_then_deal(client: FlaskClient) -> None:
    table = Table.create(client, options={"max_deals": 2})
    for _ in range(104):
        pub = table.public()
        seat = table.seat(pub["view"]["to_act"][0])
        seat.post_move(seat.view()["view"]["legal_moves"][0])
    pub = table.public()
    assert pub["status"] == "deal_pending"
    assert table.seats[1].refused("AC") == (409, "deal_pending")
    # Only the host may pass an explicit deal.
    r = table.seats[1].deal(pinned_deal())
    assert r.status_code == 403 and r.json["errors"]["reason"] == "host_only"
    # The host's deal must be this game's cards: another game's whole deck is the game's
    # state (409, as a spec-valid body), cards of no game's deck are malformed (422).
    for cards, status, reason in (
        (sorted(set(DECK)), 409, "deck_mismatch"),  # one pack: Duck Soup's deck
        (["AC"] * 104, 422, "invalid_deal"),
    ):
        r = client.post(
            f"{API}/games/{table.gid}/deal", json={"deal": {"cards": cards}},
            headers=auth(table.host),
        )  # fmt: skip
        assert (r.status_code, r.json["errors"]["reason"]) == (status, reason), r.json
    r = client.post(
        f"{API}/games/{table.gid}/deal",
        json={"deal": flat(pinned_deal())},
        headers=auth(table.host),
    )
    assert r.status_code == 200, r.json
    assert r.json["status"] == "playing" and r.json["role"] == "host"
    assert r.json["view"]["deal_no"] == 2
    assert [e["type"] for e in r.json["events"]] == ["deal_started"]  # hands stay private
    r = table.seats[2].deal()
    assert r.status_code == 409 and r.json["errors"]["reason"] == "no_deal_pending"


def test_auto_deal_for_humans_when_asked(client: FlaskClient) -> None:
    table = Table.create(client, options={"max_deals": 2, "auto_deal": True})
    for _ in range(104):
        pub = table.public()
        seat = table.seat(pub["view"]["to_act"][0])
        last = seat.post_move(seat.view()["view"]["legal_moves"][0])
    body: dict[str, Any] = last.json
    assert body["status"] == "playing" and body["view"]["deal_no"] == 2
    types = [e["type"] for e in body["events"]]
    assert "deal_scored" in types and "deal_started" in types
    assert "hand_dealt" in types  # the mover's own new hand only
    assert [e["data"]["seat"] for e in body["events"] if e["type"] == "hand_dealt"] == [
        body["seat"]
    ]


def test_events_feed_numbers_and_visibility(client: FlaskClient) -> None:
    table = Table.create(client, deal=pinned_deal())
    for _ in range(4):
        pub = table.public()
        seat = table.seat(pub["view"]["to_act"][0])
        seat.post_move(seat.view()["view"]["legal_moves"][0])
    public = client.get(f"{API}/games/{table.gid}/events").json
    numbers = [e["n"] for e in public["events"]]
    assert numbers == sorted(numbers) and numbers[0] == 1
    assert all("visible_to" not in e for e in public["events"])
    mine = client.get(f"{API}/games/{table.gid}/events", headers=auth(table.seats[3].token)).json[
        "events"
    ]
    private = [e for e in mine if "visible_to" in e]
    assert private and all(e["visible_to"] == 3 for e in private)
    assert len(mine) == len(public["events"]) + len(private)
    assert mine[-1]["n"] == public["last"]
    later = client.get(f"{API}/games/{table.gid}/events?after=3").json
    assert [e["n"] for e in later["events"]] == [n for n in numbers if n > 3]
    host = client.get(f"{API}/games/{table.gid}/events", headers=auth(table.host)).json
    assert host["events"] == public["events"]


def test_if_match_header_counts_as_expected_version(client: FlaskClient) -> None:
    table = Table.create(client)
    seat = table.seat(table.to_act())
    card = seat.view()["view"]["legal_moves"][0]["card"]
    assert seat.refused(card, headers={"If-Match": '"7"'}) == (409, "future_version")
    assert seat.refused(card, headers={"If-Match": "seven"}) == (422, "invalid_if_match")
    assert seat.play(card, headers={"If-Match": '"0"'})["version"] == 1
    r = client.get(f"{API}/games/{table.gid}", headers=auth(seat.token))
    assert r.headers["ETag"] == f'"1.seat{seat.seat}"' and r.json["version"] == 1


def test_first_deal_events_reach_only_their_seat(client: FlaskClient) -> None:
    deal = pinned_deal({0: "AS 2S", 1: "KH QH"})
    table = Table.create(client, deal=deal)
    for seat in range(4):
        s = table.seat(seat)
        feed = client.get(f"{API}/games/{table.gid}/events", headers=auth(s.token)).json
        dealt = [e for e in feed["events"] if e["type"] == "hand_dealt"]
        assert [e["data"]["seat"] for e in dealt] == [seat]
        assert sorted(dealt[0]["data"]["cards"]) == sorted(deal["hands"][seat])
    public = client.get(f"{API}/games/{table.gid}/events").json["events"]
    assert [e["type"] for e in public] == ["game_created", "deal_started"]


def test_swagger_ui_is_served_without_a_cdn(client: FlaskClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "cdn" not in html and "/docs/static/swagger-ui-bundle.js" in html
    for asset in ("swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "swagger-ui.css"):
        r = client.get(f"/docs/static/{asset}")
        assert r.status_code == 200 and len(r.data) > 1000, asset
    bundle = client.get("/docs/static/swagger-ui-bundle.js").get_data(as_text=True)
    assert 'PACKAGE_VERSION:"5.' in bundle  # Swagger UI 5 reads OpenAPI 3.1
