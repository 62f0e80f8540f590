"""The web table as players expect it, in Debian's chromium against the live service (the
fixtures and helpers of test_web_e2e.py): each game's end-of-deal summary, which waits for the
player; the deal's tricks to browse and the running counts; and the defects found when the four
games were played (each test fails on the page as it was before its fix).

To reach a deal's end quickly, a seat is played through the API with its token (its first
legal move) up to the deal's last move, which the browser plays. Every summary is photographed
at desktop and phone widths into var/screenshots/ (gitignored).
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest
import test_web_e2e as e2e
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_web_e2e import PHONE, Console, api, duck_deal, shoot, start_table, table, wait_ready
from testkit.web_e2e import boxes

from engine.doppelkopf import DECK_NAMES as DOKO_DECK
from engine.doubleduck import DECK_NAMES as DD_DECK
from engine.ducksoup import DECK_NAMES as SOUP_DECK

pytestmark = pytest.mark.e2e


TIMES = "\N{MULTIPLICATION SIGN}"
MINUS = "\N{MINUS SIGN}"

Game = dict[str, Any]


def call(url: str, path: str, token: str, body: dict[str, Any] | None = None) -> Any:
    """A request with a seat's token (api() sends the app key)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    request = urllib.request.Request(f"{url}/api/v1{path}", data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=40) as response:
        return json.load(response)


def play_until(url: str, token: str, stop: Callable[[Game], bool]) -> Game:
    """Play this seat's first legal move at each of its turns until `stop(game)` at its turn."""
    game_id = token.split(".")[0]
    for _ in range(200):
        game: Game = call(url, f"/games/{game_id}?wait=30", token)
        assert game["status"] == "playing", game["status"]
        if stop(game):
            return game
        move = game["view"]["legal_moves"][0]
        call(
            url,
            f"/games/{game_id}/moves",
            token,
            {"move": move, "expected_version": game["version"]},
        )
    raise AssertionError("the seat never reached the stop")


def last_card(game: Game) -> bool:
    """Our turn with one card left: the deal's last trick."""
    return len(game["view"]["hand"]) == 1 and bool(game["view"]["legal_moves"])


def open_seat(page: Page, token: str) -> dict[str, str]:
    page.goto(f"/#/play/{token}")
    return wait_ready(page)


def play_last_card(page: Page) -> None:
    """The deal's last move: our last card (or, after a matched rank, the concede)."""
    state = table(page)
    legal = page.locator(".hand button.card.legal")
    (legal.first if legal.count() else page.locator(".actions button.action").first).click()
    page.wait_for_function(
        "(v) => document.querySelector('.table-page')?.dataset.version !== v", arg=state["version"]
    )


def summary_waits(page: Page) -> None:
    """The summary is up and holds the table: no hand, no turn, until the player closes it."""
    expect(page.locator(".table-page")).to_have_attribute("data-summary", "open")
    expect(page.locator(".summary")).to_be_visible()
    expect(page.locator(".hand")).to_have_count(0)
    page.wait_for_timeout(300)  # still there a moment later: not a banner that vanishes
    expect(page.locator(".summary")).to_be_visible()
    assert table(page)["turn"] == "wait"


# --- the end-of-deal summaries -------------------------------------------------------------------


def at_last_card(page: Page, url: str, game: str, seed: str) -> Game:
    """A game of two deals, we against three bots, shown at our last card of deal 1."""
    bots = [{"bot": "heuristic"}, {"bot": "random"}, {"bot": "heuristic"}]
    body = {"game": game, "seats": [{}, *bots], "options": {"max_deals": 2}, "seed": seed}
    created: Game = api(url, "/games", body)
    token = created["seats"][0]["token"]
    play_until(url, token, last_card)
    open_seat(page, token)
    return created


def test_doubleduck_summary_explains_the_soup_scoring(page: Page, live_url: str) -> None:
    created = at_last_card(page, live_url, "doubleduck", "web-table-dd")
    # Running counts and the deal's tricks, before the last card.
    expect(page.locator(".counts")).to_contain_text("Side 0 (You + Seat 2)")
    expect(page.locator(".counts")).to_contain_text("stored")
    expect(page.locator(".last-trick h2")).to_contain_text("Last trick (25)")
    page.click(".last-trick button.earlier")
    expect(page.locator(".last-trick h2")).to_contain_text("Trick 24 (of 25)")
    expect(page.locator(".last-trick")).to_contain_text("Soup course")
    page.click(".last-trick button.earlier")
    expect(page.locator(".last-trick h2")).to_contain_text("Trick 23 (of 25)")
    page.click(".last-trick button.latest")
    expect(page.locator(".last-trick h2")).to_contain_text("Last trick (25)")

    play_last_card(page)
    summary_waits(page)
    summary = page.locator(".summary")
    expect(summary.locator("h2")).to_contain_text("Deal 1 of 2 is over")
    expect(summary.locator("thead")).to_contain_text("Duck course (cards)")
    expect(summary.locator("thead")).to_contain_text("Soup course (cards)")
    expect(summary.locator(".unit")).to_have_text("Cards each side stored, per course:")
    deal = api(live_url, f"/games/{created['id']}/score")["deals"][0]
    for side in (0, 1):
        row = summary.locator(f"tr[data-team='{side}']")
        product = f"{deal['duck'][side]} {TIMES} {deal['soup'][side]} = {deal['score'][side]}"
        expect(row.locator(".product")).to_have_text(product)
    expect(summary.locator(".legend")).to_contain_text("times the cards it stored in the Soup")
    expect(page.locator(".score .legend")).to_contain_text(f"Duck course {TIMES} cards it stored")
    expect(page.locator(".last-trick h2")).to_contain_text("Last trick (26)")
    shoot(page, "table-summary-doubleduck")
    page.click(".summary button.next")
    expect(page.locator(".summary")).to_have_count(0)
    expect(page.locator(".hand")).to_be_visible()


def test_duck_soup_summary_waits_for_the_next_deal(page: Page, live_url: str) -> None:
    """Two humans: nobody deals automatically; the summary's button deals the next deal."""
    created = api(live_url, "/games", {"game": "ducksoup", "seats": [{}, {}], "seed": "web-ds"})
    tokens = [s["token"] for s in created["seats"]]
    game_id = created["id"]
    # Both seats play through the API until one of them holds the deal's last move.
    for _ in range(100):
        game = call(live_url, f"/games/{game_id}", tokens[0])
        seat = game["view"]["to_act"][0]
        mine = call(live_url, f"/games/{game_id}", tokens[seat])
        if sum(mine["view"]["hand_sizes"]) == 1:
            break
        move = mine["view"]["legal_moves"][0]
        call(
            live_url,
            f"/games/{game_id}/moves",
            tokens[seat],
            {"move": move, "expected_version": mine["version"]},
        )
    open_seat(page, tokens[seat])
    expect(page.locator(".counts")).to_contain_text("Duck")
    # Each trick says how its pairs were stored.
    expect(page.locator(".last-trick")).to_contain_text(
        re.compile(r"points?: a face-(up|down) pair")
    )
    play_last_card(page)
    summary_waits(page)
    assert table(page)["status"] == "deal_pending"
    summary = page.locator(".summary")
    expect(summary.locator("thead")).to_contain_text("Duck course (points)")
    deal = api(live_url, f"/games/{game_id}/score")["deals"][0]
    product = f"{deal['duck'][0]} {TIMES} {deal['soup'][0]} = {deal['score'][0]}"
    expect(summary.locator("tr[data-team='0'] .product")).to_have_text(product)
    expect(summary.locator(".legend")).to_contain_text("face up (2 points)")
    shoot(page, "table-summary-ducksoup")
    next_deal = summary.locator("button.next")
    expect(next_deal).to_have_text("Next deal")
    next_deal.click()
    expect(page.locator(".summary")).to_have_count(0)
    expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
    assert call(live_url, f"/games/{game_id}", tokens[0])["view"]["deal_no"] == 2


def test_doppelkopf_summary_shows_parties_points_and_extras(page: Page, live_url: str) -> None:
    created = at_last_card(page, live_url, "doppelkopf", "web-table-dk")
    token = created["seats"][0]["token"]
    counts = page.locator(".counts")
    expect(counts).to_contain_text("card points")
    # The running card points are the sum of the tricks' points each seat took.
    events = call(live_url, f"/games/{created['id']}/events?limit=1000", token)["events"]
    won = [e["data"] for e in events if e["type"] == "trick_won"]
    mine = sum(t["points"] for t in won if t["winner"] == 0)
    expect(counts.locator("dd").first).to_have_text(re.compile(rf"^{mine} card points? · "))

    play_last_card(page)
    summary_waits(page)
    summary = page.locator(".summary")
    deal = api(live_url, f"/games/{created['id']}/score")["deals"][0]
    winner = "Re" if deal["winner"] == "re" else "Kontra"
    expect(summary.locator(".headline")).to_contain_text(f"{winner} won with")
    for party in ("re", "kontra"):
        row = summary.locator(f"tr[data-party='{party}']")
        expect(row).to_contain_text(str(deal["points"][party]))
    expect(summary).to_contain_text(f"The deal's value: {deal['value']}")
    expect(summary.locator(".value-parts")).to_contain_text("Won the deal: +1")
    extras = deal["extras"]["re"] + deal["extras"]["kontra"]
    if extras:
        expect(summary.locator(".extras li")).to_have_count(len(extras))
    else:
        expect(summary).to_contain_text("No extra points")
    score = deal["score"][0]
    signed = f"+{score}" if score > 0 else f"{MINUS}{-score}" if score < 0 else "0"
    expect(summary.locator("tr[data-seat='0'] td").first).to_have_text(signed)
    shoot(page, "table-summary-doppelkopf")
    page.click(".summary button.next")
    expect(page.locator(".summary")).to_have_count(0)


def test_duck_summary_lays_the_hands_open(page: Page, live_url: str) -> None:
    hand = ["Y0", "Y1", "B1", "R1", "Y2", "B2", "R2"]  # sums to 9: seat 0 may duck at once
    created = api(
        live_url,
        "/games",
        {
            "game": "duck",
            "seats": [{}, {"bot": "heuristic"}, {"bot": "random"}, {"bot": "heuristic"}],
            "options": {"first_dealer": 3},
            "deal": duck_deal(hand),
        },
    )
    state = open_seat(page, created["seats"][0]["token"])
    expect(page.locator(".turn")).to_contain_text("or duck")
    page.locator(".actions button.action", has_text="Duck!").click()
    page.wait_for_function(
        "(v) => document.querySelector('.table-page')?.dataset.version !== v", arg=state["version"]
    )
    summary_waits(page)
    summary = page.locator(".summary")
    expect(summary.locator(".headline")).to_have_text(
        "You ducked, correctly: no other hand sums as low."
    )
    deal = api(live_url, f"/games/{created['id']}/score")["deals"][0]
    for seat in range(4):
        row = summary.locator(f"tr[data-seat='{seat}']")
        expect(row.locator(".cards .card")).to_have_count(len(deal["revealed"][seat]))
        expect(row.locator("td").nth(1)).to_have_text(str(deal["sums"][seat]))
    you = summary.locator("tr[data-seat='0']")
    expect(you).to_contain_text("6 green (+6)")  # deal 1's lifebelt
    # The best card left: the highest number, the first colour of Y, B, R among equals.
    expect(you.locator("td").nth(2).locator(".card")).to_have_attribute("data-card", "Y2")
    for seat in deal["discarded"]:
        expect(summary.locator(f"tr[data-seat='{seat}']")).to_contain_text("threw the hand away")
    shoot(page, "table-summary-duck")
    page.click(".summary button.next")
    expect(page.locator(".summary")).to_have_count(0)
    expect(page.locator(".counts")).to_contain_text("banked ●2 (2); lifebelt 6 green")


# --- the defects --------------------------------------------------------------------------------


def test_auto_deal_follows_the_human_seats(page: Page) -> None:
    page.goto("/")
    page.check("input[name=game][value=ducksoup]")
    box = page.locator("#opt-auto_deal")
    expect(box).to_be_checked()  # you against a bot: dealt automatically
    page.select_option("#seat-1", "")
    expect(box).not_to_be_checked()  # two humans: the help text says it is off
    with page.expect_response("**/api/v1/games") as created:
        page.click("form.lobby button[type=submit]")
    assert created.value.json()["auto_deal"] is False
    # Ticked by hand, it stays as the player set it whatever the seats.
    page.goto("/")
    page.check("input[name=game][value=ducksoup]")
    page.select_option("#seat-1", "")
    page.check("#opt-auto_deal")
    page.select_option("#seat-1", "random")
    page.select_option("#seat-1", "")
    expect(page.locator("#opt-auto_deal")).to_be_checked()


def test_ducks_first_dealer_ends_at_the_last_seat(page: Page) -> None:
    page.goto("/")
    page.check("input[name=game][value=duck]")
    for seats in (3, 4, 5):
        page.select_option("#seat-count", str(seats))
        field = page.locator("label.field", has=page.locator("#opt-first_dealer"))
        expect(field).to_contain_text(f"first dealer (0 to {seats - 1})")
        expect(page.locator("#opt-first_dealer")).to_have_attribute("max", str(seats - 1))


def doubleduck_deal(hands: list[list[str]]) -> dict[str, Any]:
    """A Doubleduck deal whose hands start with `hands`, filled up to 13 with no other 3."""
    rest = list(DD_DECK)
    for cards in hands:
        for card in cards:
            rest.remove(card)
    threes = [c for c in rest if c[0] == "3"]
    rest = [c for c in rest if c[0] != "3"]
    full = []
    for cards in hands:
        need = 13 - len(cards)
        full.append(cards + rest[:need])
        rest = rest[need:]
    return {"cards": [*(c for cards in full for c in cards), *rest, *threes]}


def test_the_call_button_says_what_the_server_records(page: Page, live_url: str) -> None:
    """3♦ led, 4♦, 3♠ without a call, then our 3♠: the second 3 after the lead is
    "Quack-quack", and so the button says."""
    deal = doubleduck_deal(
        [["3S", "KH", "KC"], ["3D", "8H", "8C"], ["4D", "9H", "9C"], ["3S", "TH", "TC"]]
    )
    # No other 3 in any hand to muddle the count.
    assert [c for c in deal["cards"][:52] if c[0] == "3"] == ["3S", "3D", "3S"]
    created = api(
        live_url,
        "/games",
        {
            "game": "doubleduck",
            "seats": [{}, {}, {}, {}],
            "options": {"first_dealer": 0},
            "deal": deal,
        },
    )
    tokens = [s["token"] for s in created["seats"]]
    for seat, card in ((1, "3D"), (2, "4D"), (3, "3S")):
        game = call(live_url, f"/games/{created['id']}", tokens[seat])
        move = {"type": "play", "card": card}
        call(
            live_url,
            f"/games/{created['id']}/moves",
            tokens[seat],
            {"move": move, "expected_version": game["version"]},
        )
    state = open_seat(page, tokens[0])
    page.click(".hand button[data-card='3S']")
    quack = page.locator(".actions button.call.with-call", has_text="Quack")
    expect(quack).to_have_text("Play 3♠: “Quack-quack”")
    shoot(page, "table-quack-quack")
    quack.click()
    page.wait_for_function(
        "(v) => document.querySelector('.table-page')?.dataset.version !== v", arg=state["version"]
    )
    events = call(live_url, f"/games/{created['id']}/events", tokens[0])["events"]
    spoken = [e["data"].get("spoken") for e in events if e["type"] == "card_played"]
    assert spoken[-1] == "Quack-quack"
    expect(page.locator(".log")).to_contain_text("You played three of spades: “Quack-quack”.")


def test_refusals_show_cards_as_drawn_and_plain_words(
    page: Page, live_url: str, console: Console
) -> None:
    console.allow(r"status of (409|422)")  # illegal plays are 409 (the game's state)
    # Duck: two cards that are neither a set nor a run.
    hand = ["B1", "R2", "Y5", "Y6", "B7", "R8", "Y8"]
    created = api(
        live_url,
        "/games",
        {
            "game": "duck",
            "seats": [{}, {"bot": "heuristic"}, {"bot": "heuristic"}],
            "options": {"first_dealer": 2},
            "deal": duck_deal(hand),
        },
    )
    open_seat(page, created["seats"][0]["token"])
    page.click(".hand button[data-card=B1]")
    page.click(".hand button[data-card=R2]")
    page.locator(".actions button[data-draw]").first.click()
    notice = page.locator("#notice")
    expect(notice).to_contain_text("■1 ▲2 is not a set")
    expect(notice).not_to_contain_text("B1")
    shoot(page, "table-refusal-duck")

    # Doppelkopf: a spade led, and we play a trump although we hold a spade.
    mine = ["KS", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD", "KD"]
    rest = list(DOKO_DECK)
    for card in [*mine, "AS"]:
        rest.remove(card)
    leader = ["AS", *rest[:11]]
    rest = rest[11:]
    hands = [mine, leader, rest[:12], rest[12:]]
    created = api(
        live_url,
        "/games",
        {
            "game": "doppelkopf",
            "seats": [{}, {}, {"bot": "heuristic"}, {"bot": "heuristic"}],
            "options": {"first_dealer": 0},
            "deal": {"cards": [c for hand in hands for c in hand]},
        },
    )
    seat1 = created["seats"][1]["token"]
    game = call(live_url, f"/games/{created['id']}", seat1)
    call(
        live_url,
        f"/games/{created['id']}/moves",
        seat1,
        {"move": {"type": "play", "card": "AS"}, "expected_version": game["version"]},
    )
    state = open_seat(page, created["seats"][0]["token"])
    page.click(".hand button[data-card=QD]")
    expect(notice).to_contain_text("You must follow suit: play a spade ♠")
    expect(notice).not_to_contain_text("(plain)")
    assert table(page)["version"] == state["version"]


def test_a_matched_rank_with_no_third_card_asks_to_concede(page: Page, live_url: str) -> None:
    """Duck Soup: we led 5♥, the follower matched with 5♣, and we hold no other 5: the only
    move is to concede, and the banner says so (not "play a card")."""
    mine = ["5H", "2C", "3C", "4C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]
    rest = [c for c in SOUP_DECK if c not in mine and c != "5C"]
    theirs = ["5C", *rest[:12]]
    created = api(
        live_url,
        "/games",
        {
            "game": "ducksoup",
            "seats": [{}, {}],
            "options": {"first_dealer": 1},  # seat 0 leads
            "deal": {"cards": [*mine, *theirs, *rest[12:]]},
        },
    )
    tokens = [s["token"] for s in created["seats"]]
    state = open_seat(page, tokens[0])
    page.click(".hand button[data-card='5H']")
    game = call(live_url, f"/games/{created['id']}?wait=30", tokens[1])  # once 5♥ is on the table
    assert game["view"]["trick"] == [{"seat": 0, "card": "5H"}]
    call(
        live_url,
        f"/games/{created['id']}/moves",
        tokens[1],
        {"move": {"type": "play", "card": "5C"}, "expected_version": game["version"]},
    )
    wait_ready(page, state["version"])
    banner = page.locator(".turn")
    expect(banner).to_contain_text("you hold no third 5: concede the pair")
    expect(banner).not_to_contain_text("play a card")
    expect(page.locator(".hand button.card.legal")).to_have_count(0)
    shoot(page, "table-concede")


def test_the_two_player_opponent_sits_on_top_on_a_phone(page: Page) -> None:
    page.set_viewport_size(PHONE)
    start_table(page, "ducksoup", ["", "heuristic"], seed="web-phone")
    wait_ready(page)
    me, them = boxes(page, ".felt .seat.me", ".felt .seat:not(.me)")
    assert them["y"] + them["height"] <= me["y"], (them, me)


def test_counts_read_in_the_singular_and_your_pile(page: Page) -> None:
    """The plurals and owners of the page's sentences, checked in the page's own module."""
    page.goto("/")
    said = page.evaluate(
        """async () => {
            const games = await import('/web/js/games.js');
            const who = (s) => (s === 0 ? 'You' : `Seat ${s}`);
            const say = (type, data) => games.describe({n: 1, version: 1, type, data}, who);
            const plays = ['AS', 'KS', 'QS', '9S'].map((card, i) => ({seat: (i + 1) % 4, card}));
            return [
                say('trick_won', {trick_no: 1, plays, winner: 1, points: 1}),
                say('card_drawn', {seat: 1, source: 'right', from_seat: 0, card: 'R5', top: null}),
                say('card_drawn', {seat: 0, source: 'left', from_seat: 1, card: 'R5', top: null}),
                say('cards_drawn', {order: [0, 1], stock_count: 1}),
                say('rank_matched', {seat: 0, rank: 'T'}),
                games.count(1, 'trick'), games.count(2, 'trick'),
            ];
        }"""
    )
    assert said == [
        "Seat 1 took trick 1 (A♠ K♠ Q♠ 9♠; 1 point).",
        "Seat 1 took red 5 from your pile.",
        "You took red 5 from Seat 1's pile.",
        "Everyone drew; 1 card left in the stock.",
        "The rank (10) was matched: you must concede or play a third.",
        "1 trick",
        "2 tricks",
    ]


# --- tables people come and go from: open seats, the lobby, rematch, live games ----------------


def second_page(browser: Browser, url: str, console: Console) -> tuple[BrowserContext, Page]:
    """Another browser (its own storage) holding the same app key."""
    ctx = browser.new_context(base_url=url, viewport=e2e.DESKTOP)
    ctx.add_init_script(f"localStorage.setItem('duckpond.appKey', {json.dumps(e2e.KEYS[url])})")
    ctx.set_default_timeout(e2e.TURN)
    return ctx, console.watch(ctx.new_page())


def test_an_open_seat_is_claimed_from_the_lobby(
    browser: Browser, page: Page, live_url: str, console: Console
) -> None:
    page.goto("/")
    page.check("input[name=game][value=ducksoup]")
    page.select_option("#seat-1", "open")
    page.check("#list-in-lobby")
    page.click("form.lobby button[type=submit]")
    expect(page.locator(".turn")).to_contain_text(
        "Waiting for players to take the open seat (seat 1)"
    )
    expect(page.locator(".invites .open-seats code")).not_to_be_empty()
    join = page.locator(".invites a.join").get_attribute("href") or ""
    assert "#/join/" in join
    shoot(page, "table-open-seat")
    ctx, friend = second_page(browser, live_url, console)
    try:
        friend.goto("/")
        friend.check("input[name=game][value=ducksoup]")
        take = friend.locator(".open-tables button", has_text="Take seat 1")
        expect(take).to_have_count(1)
        shoot(friend, "lobby-open-tables")
        take.click()
        expect(friend.locator(".table-title")).to_contain_text("You are seat 1")
        wait_ready(friend)  # seat 0 dealt: the one who took seat 1 leads
        expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
        friend.goto("/")
        friend.check("input[name=game][value=ducksoup]")
        expect(friend.locator(".open-tables")).to_contain_text("No table waits for players")
    finally:
        ctx.close()


def test_a_rematch_between_two_browsers(
    browser: Browser, page: Page, live_url: str, console: Console
) -> None:
    body = {"game": "ducksoup", "seats": [{}, {}], "options": {"target": 1, "auto_deal": True}}
    created = api(live_url, "/games", {**body, "seed": "web-rematch"})
    tokens = [s["token"] for s in created["seats"]]
    for _ in range(300):  # both seats play through the API to the end
        game = call(live_url, f"/games/{created['id']}", tokens[0])
        if game["status"] == "over":
            break
        seat = game["view"]["to_act"][0]
        mine = call(live_url, f"/games/{created['id']}", tokens[seat])
        move = {"move": mine["view"]["legal_moves"][0], "expected_version": mine["version"]}
        call(live_url, f"/games/{created['id']}/moves", tokens[seat], move)
    ctx, friend = second_page(browser, live_url, console)
    try:
        new_ids = []
        for who, token in ((page, tokens[0]), (friend, tokens[1])):
            who.goto(f"/#/play/{token}")
            expect(who.locator(".summary button.rematch")).to_be_visible()
        shoot(page, "table-rematch")
        for seat, who in enumerate((page, friend)):
            who.click(".summary button.rematch")
            who.wait_for_function(f"() => !location.hash.includes('{tokens[seat]}')")
            expect(who.locator(".table-title")).to_contain_text(f"You are seat {seat}")
            new_ids.append(who.evaluate("location.hash").split("/")[-1].split(".")[0])
        assert new_ids[0] == new_ids[1] != created["id"]
    finally:
        ctx.close()


def test_the_watch_page_lists_live_games(page: Page, live_url: str) -> None:
    seats = [{"bot": "random"}, {"bot": "heuristic"}, {"bot": "random"}, {"bot": "random"}]
    created = api(live_url, "/games", {"game": "doppelkopf", "seats": [{}, *seats[1:]]})
    page.goto("/#/watch")
    link = page.locator(f".live-list a[href='#/watch/{created['id']}']")
    expect(link).to_be_visible()
    link.click()
    expect(page.locator(".table-title")).to_contain_text("Watching")


def test_a_join_link_takes_the_open_seat(page: Page, live_url: str) -> None:
    created = api(live_url, "/games", {"game": "ducksoup", "seats": [{}, {"open": True}]})
    page.goto(f"/#/join/{created['id']}/{created['invite_code']}")
    expect(page.locator(".table-title")).to_contain_text("You are seat 1")
    assert created["invite_code"] not in page.url  # the code leaves the address bar
    assert api(live_url, f"/games/{created['id']}")["status"] == "playing"


def test_a_timed_seat_shows_its_clock_and_steps_away_and_back(page: Page, live_url: str) -> None:
    created = api(
        live_url,
        "/games",
        {
            "game": "doubleduck",  # the other seats human: the game waits for them
            "seats": [{}, {}, {}, {}],
            "options": {"turn_seconds": 60, "first_dealer": 3},
        },
    )
    open_seat(page, created["seats"][0]["token"])
    me = page.locator(".felt .seat.me")
    expect(me.locator(".clock")).to_contain_text(re.compile(r"· [01]:\d\d left"))
    shoot(page, "table-clock")
    page.click(".actions button.presence")
    expect(me).to_contain_text("away: ")
    expect(page.locator(".log")).to_contain_text("You stepped away")
    expect(page.locator(".log")).to_contain_text("You played")  # the bot, for us
    page.click(".actions button.presence", timeout=e2e.TURN)
    expect(me).not_to_contain_text("away: ")
    expect(page.locator(".log")).to_contain_text("You are back")


def test_a_timed_out_seat_is_played_by_its_bot(page: Page, live_url: str) -> None:
    """A seat whose clock runs out while its player looks on: the page says so in words, and
    the seat's `on_timeout` bot's card is played for it."""
    created = api(
        live_url,
        "/games",
        {
            "game": "doubleduck",  # the other seats human: only our clock runs first
            "seats": [{}, {}, {}, {}],
            "options": {"turn_seconds": 1, "reserve_seconds": 0, "first_dealer": 3},
        },
    )
    open_seat(page, created["seats"][0]["token"])
    log = page.locator(".log")
    expect(log).to_contain_text("You ran out of time: the heuristic bot played instead.",
                                timeout=e2e.TURN)  # fmt: skip
    expect(log).to_contain_text("You played", timeout=e2e.TURN)
    shoot(page, "table-timed-out")
