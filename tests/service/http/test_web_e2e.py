"""The web client end to end: Debian's chromium (driven by Playwright) against the real service
(a threaded werkzeug server on a loopback port, the session's RQ worker for the bots), with
app keys required, as scripts/serve runs it: each browser holds an app key in localStorage, as
the `#/key/<app key>` link scripts/serve prints leaves it.

Every game is played by clicks as a person would; every page must log no console error. Each
game's table is photographed at desktop and phone widths into var/screenshots/ (gitignored).
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from typing import Any

import pytest
import redis
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Request,
    expect,
)
from testkit.web_e2e import DESKTOP, KEYS, PHONE, SHOTS, TURN, Console

from engine.duck import DECK_NAMES as DUCK_DECK
from service.storage.keys import fit_key, ratings_key

pytestmark = pytest.mark.e2e

# --- helpers ----------------------------------------------------------------------------------


def start_table(page: Page, game: str, seats: list[str], **options: Any) -> None:
    """Fill the lobby form: the game, each seat ("" you or a friend, else a bot), options."""
    page.goto("/")
    page.check(f"input[name=game][value={game}]")
    if page.locator("#seat-count").count():
        page.select_option("#seat-count", str(len(seats)))
    for seat, who in enumerate(seats):
        page.select_option(f"#seat-{seat}", who)
    for name, value in options.items():
        if isinstance(value, bool):
            page.set_checked(f"#opt-{name}", value)
        elif name == "seed":
            page.fill("input[name=seed]", str(value))
        else:
            page.fill(f"#opt-{name}", str(value))
    page.click("form.lobby button[type=submit]")


def table(page: Page) -> dict[str, str]:
    """The table's state as the page shows it: version, status and whose turn."""
    locator = page.locator(".table-page")
    return {k: locator.get_attribute(f"data-{k}") or "" for k in ("version", "status", "turn")}


def wait_ready(page: Page, after: str | None = None) -> dict[str, str]:
    """Wait until it is our turn or the game is over (and past version `after`)."""
    page.wait_for_function(
        """(after) => {
            const t = document.querySelector('.table-page');
            if (!t || (after !== null && t.dataset.version === after)) return false;
            return t.dataset.turn === 'you' || t.dataset.status === 'over';
        }""",
        arg=after,
        timeout=TURN,
    )
    return table(page)


def play_one(page: Page) -> None:
    """Our turn: a playable card (its first call, when it has calls), or a non-card move."""
    legal = page.locator(".hand button.card.legal")
    if legal.count():
        legal.first.click()
        call = page.locator(".actions button.call")
        if call.count():
            call.first.click()
    else:
        page.locator(".actions button.action").first.click()


def play_out(page: Page, *, until: str = "over", limit: int = 200) -> int:
    """Play until the status is `until`; returns the number of our moves."""
    moves = 0
    state = wait_ready(page)
    while state["status"] != until:
        assert moves < limit, "the game did not end"
        play_one(page)
        moves += 1
        state = wait_ready(page, state["version"])
    return moves


def shoot(page: Page, name: str) -> None:
    """The table at desktop and phone widths; the phone layout must not scroll sideways, and no
    text on it shows a field the client read under a wrong name ("undefined", "NaN")."""
    text = page.locator("main").inner_text()
    for slip in ("undefined", "NaN", "[object Object]"):
        assert slip not in text, f"{name}: the page shows {slip!r}:\n{text}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"{name}-desktop.png", full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=SHOTS / f"{name}-phone.png", full_page=True)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{name}: the phone layout is {overflow}px too wide"
    page.set_viewport_size(DESKTOP)


def api(url: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if body is not None:
        headers["Authorization"] = f"Bearer {KEYS[url]}"
    request = urllib.request.Request(f"{url}/api/v1{path}", data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def log_text(page: Page) -> str:
    return page.locator(".log ol").inner_text()


# --- the games ----------------------------------------------------------------------------------


def test_a_whole_duck_soup_game_against_a_bot(page: Page) -> None:
    start_table(page, "ducksoup", ["", "heuristic"], target=1, seed="web-soup")
    wait_ready(page)
    expect(page.locator(".turn")).to_contain_text("Your turn")
    shoot(page, "ducksoup")
    # The first card by keyboard: the hand's focused card moves with the arrows, Enter plays.
    state = table(page)
    page.locator(".hand button[tabindex='0']").focus()
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    name = page.evaluate("document.activeElement.getAttribute('aria-label')").split(",")[0]
    page.keyboard.press("Enter")
    wait_ready(page, state["version"])
    assert f"You played {name}." in log_text(page)
    moves = play_out(page)
    assert moves >= 12
    expect(page.locator(".turn")).to_contain_text("Game over")
    expect(page.locator(".score tfoot")).to_contain_text("Total")
    expect(page.locator(".log")).to_contain_text("Game over")


def test_the_requests_carry_their_credentials_in_headers_never_in_urls(
    page: Page, live_url: str
) -> None:
    """The typed transport (api.js: openapi-fetch's client per credential) sends what the
    hand-written one did: the app key on the creation and the seat's token on every request of
    the table as `Authorization: Bearer`, never in a URL; a move as JSON with an
    `Idempotency-Key` (a retry cannot play twice); the stream asked for as NDJSON after an
    event number."""
    sent: list[Request] = []
    page.on("request", lambda r: sent.append(r) if "/api/v1/" in r.url else None)
    start_table(page, "ducksoup", ["", "heuristic"], target=1, seed="web-headers")
    before = wait_ready(page)["version"]
    token = page.url.split("#/play/")[1]
    play_one(page)
    wait_ready(page, before)

    def heard(method: str, pattern: str) -> list[tuple[Request, dict[str, str]]]:
        found = [r for r in sent if r.method == method and re.search(pattern, r.url)]
        assert found, f"no {method} {pattern} among {[r.url for r in sent]}"
        return [(r, r.all_headers()) for r in found]

    for _, headers in heard("POST", r"/api/v1/games$"):
        assert headers["authorization"] == f"Bearer {KEYS[live_url]}"
    for request, headers in heard("POST", r"/games/[^/]+/moves$"):
        assert headers["authorization"] == f"Bearer {token}"
        assert re.fullmatch(
            r"[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}", headers["idempotency-key"]
        )
        assert headers["content-type"] == "application/json"
        assert set(request.post_data_json or {}) == {"move", "expected_version"}
    for _, headers in heard("GET", r"/games/[^/]+/stream\?after=\d+(&rematch=true)?$"):
        assert headers["authorization"] == f"Bearer {token}"
        assert headers["accept"] == "application/x-ndjson"
    for _, headers in heard("GET", r"/games/[^/?]+(\?.*)?$"):
        assert headers["authorization"] == f"Bearer {token}"
    assert not [r.url for r in sent if token in r.url or KEYS[live_url] in r.url]


def test_a_search_bot_at_a_chosen_level(page: Page, live_url: str) -> None:
    """The lobby offers every level of a bot that thinks; the seat is created at that level."""
    page.goto("/")
    page.check("input[name=game][value=ducksoup]")
    labels = page.locator("#seat-1 option").all_inner_texts()
    levels = next(b for b in api(live_url, "/bots")["bots"] if b["name"] == "search")["levels"]
    for level in levels:
        assert any(f"search ({level['name']}," in label for label in labels), labels
    start_table(page, "ducksoup", ["", "search:normal"], target=1, seed="web-level")
    wait_ready(page)
    expect(page.locator(".felt .seat").nth(1)).to_contain_text("bot: search (normal)")
    token = page.evaluate("location.hash").split("/")[-1]
    game = api(live_url, f"/games/{token.split('.')[0]}")
    assert game["seats"][1] == {**game["seats"][1], "bot": "search", "level": "normal"}
    # One move, so the search bot has answered at its level at least once.
    state = table(page)
    play_one(page)
    wait_ready(page, state["version"])


def test_a_whole_doubleduck_deal_against_three_bots(page: Page) -> None:
    start_table(
        page, "doubleduck", ["", "heuristic", "random", "heuristic"], max_deals=1, seed="web-dd"
    )
    wait_ready(page)
    expect(page.locator(".felt .seat")).to_have_count(4)
    shoot(page, "doubleduck")
    assert play_out(page) == 26  # 13 tricks of the Duck course, 13 of the Soup course
    expect(page.locator(".score tbody tr")).to_have_count(1)
    expect(page.locator(".last-trick")).to_contain_text("Last trick (26)")
    expect(page.locator(".log")).to_contain_text("Deal 1 is scored")
    shoot(page, "doubleduck-over")


def duck_deal(hand: list[str]) -> dict[str, Any]:
    """A Duck deal where seat 0 holds `hand`; the others get the highest numbers (so that no
    bot can duck soon), then the face-up cards and the stock, highest numbers first (the
    list is read in that order: seat 0's hand, the other hands, `face_up`, the stock)."""
    rest = sorted(DUCK_DECK, key=lambda card: -int(card[1:]))
    for card in hand:
        rest.remove(card)
    return {"cards": [*hand, *rest]}


def test_a_duck_turn_with_a_run_and_a_draw_then_a_refused_set(
    page: Page, live_url: str, console: Console
) -> None:
    hand = ["Y2", "Y3", "Y4", "B5", "B7", "R6", "R8"]
    created = api(
        live_url,
        "/games",
        {
            "game": "duck",
            "seats": [{}, {"bot": "heuristic"}, {"bot": "random"}, {"bot": "heuristic"}],
            "options": {"first_dealer": 3},  # seat 0 sits left of the dealer: it plays first
            "deal": duck_deal(hand),
        },
    )
    page.goto(f"/#/play/{created['seats'][0]['token']}")
    state = wait_ready(page)
    shoot(page, "duck")
    for card in ("Y2", "Y3", "Y4"):  # the run, in laying order (Y4 lies on top)
        page.click(f".hand button[data-card={card}]")
    expect(page.locator(".actions .hint")).to_contain_text("a legal play")
    page.click(".actions button[data-draw=stock]")
    state = wait_ready(page, state["version"])
    log = log_text(page)
    assert "You laid a run: ●2 ●3 ●4" in log
    assert re.search(r"You drew \w+ \d\.", log)
    expect(page.locator(".hand button.card")).to_have_count(5)

    # Two cards that are neither a set nor a run: the server refuses (409, the rules in this
    # state) and says why.
    console.allow(r"status of 409")
    page.click(".hand button[data-card=B5]")
    page.click(".hand button[data-card=B7]")
    expect(page.locator(".actions .hint")).to_contain_text("not a set or a run")
    page.locator(".actions button[data-draw]").first.click()
    expect(page.locator("#notice")).to_contain_text("against the rules")
    assert table(page)["version"] == state["version"]  # nothing changed
    expect(page.locator(".hand button.card")).to_have_count(5)


def test_a_doppelkopf_announcement(page: Page) -> None:
    start_table(
        page, "doppelkopf", ["", "heuristic", "heuristic", "random"], first_dealer=3, seed="web-dk"
    )
    state = wait_ready(page)
    shoot(page, "doppelkopf")
    announce = page.locator(".actions button.action", has_text="Announce")
    expect(announce).to_be_visible()
    party = "Re" if "Re" in announce.inner_text() else "Kontra"
    announce.click()
    # Announcing keeps the turn: the card comes next.
    state = wait_ready(page, state["version"])
    assert f"You announced “{party}”" in log_text(page)
    expect(page.locator(".actions button.action", has_text="Announce")).to_have_count(0)
    expect(page.locator(".seat.me .tag", has_text=party)).to_be_visible()
    play_one(page)
    wait_ready(page, state["version"])


def test_an_invite_link_plays_the_other_seat_and_a_stale_tab_recovers(
    browser: Browser, live_url: str, context: BrowserContext, page: Page, console: Console
) -> None:
    start_table(page, "ducksoup", ["", ""], seed="web-invite")
    link = page.locator(".invites a.invite[data-seat='1']")
    href = link.get_attribute("href") or ""
    assert "#/play/" in href and "?" not in href  # the token travels in the fragment only
    friend_context = browser.new_context(base_url=live_url, viewport=PHONE)
    try:
        friend = console.watch(friend_context.new_page())
        friend.goto(href)
        # Seat 0 deals, so the friend (seat 1) leads.
        state = wait_ready(friend)
        expect(friend.locator(".table-title")).to_contain_text("You are seat 1")
        play_one(friend)
        mine = wait_ready(page)
        assert "Seat 1 played" in log_text(page)

        # The same seat in a second tab moves first: this tab hears of it at once (its stream),
        # but its read of the view after it is held here, so its own move is stale.
        console.allow(r"status of 409")
        gid = page.url.split("/play/")[1].split(".")[0]
        held: list[Any] = []
        view = f"**/api/v1/games/{gid}"

        def hold(route: Any) -> None:
            held.append(route)

        page.route(view, hold)
        twin = console.watch(context.new_page())
        twin.goto(page.url)
        wait_ready(twin)
        play_one(twin)
        for _ in range(100):  # the twin's move reached this tab's stream: it reads the view
            if held:
                break
            page.wait_for_timeout(50)
        assert held, "this tab did not hear of the twin's move"
        page.locator(".hand button.card.legal").first.click()
        expect(page.locator("#notice")).to_contain_text("Another tab or window moved first")
        expect(page.locator("#notice")).to_contain_text("reloaded")
        page.unroute(view, hold)  # the held reads go on
        page.wait_for_function(
            "(v) => document.querySelector('.table-page')?.dataset.version !== v",
            arg=mine["version"],
        )
        twin.close()
        # The game goes on from the reloaded table: whoever is to act plays, four times.
        for _ in range(4):
            page.wait_for_function(
                "() => [...document.querySelectorAll('.table-page')].length === 1"
            )
            players = [p for p in (page, friend) if table(p)["turn"] == "you"]
            if not players:
                friend.wait_for_timeout(100)
                continue
            before = table(players[0])["version"]
            play_one(players[0])
            players[0].wait_for_function(
                """(v) => {
                    const t = document.querySelector('.table-page');
                    return t && (t.dataset.version !== v || t.dataset.turn !== 'you');
                }""",
                arg=before,
            )
        assert state["version"] != table(friend)["version"]
    finally:
        friend_context.close()


def test_watching_a_bot_game_through_a_lost_connection(
    page: Page, live_url: str, console: Console
) -> None:
    created = api(
        live_url,
        "/games",
        {"game": "ducksoup", "seats": [{"bot": "random"}, {"bot": "heuristic"}], "seed": "w"},
    )
    # The server cannot be reached at first: the page says so and tries again by itself.
    console.allow(r"ERR_FAILED|ERR_INTERNET_DISCONNECTED")
    page.route("**/api/v1/games/**", lambda route: route.abort("internetdisconnected"))
    page.goto(f"/#/watch/{created['id']}")
    expect(page.locator("#notice")).to_contain_text("Lost the connection")
    page.unroute("**/api/v1/games/**")
    expect(page.locator("#notice")).to_contain_text("Connected again", timeout=10_000)
    expect(page.locator(".table-title")).to_contain_text("Watching")
    expect(page.locator(".turn")).to_contain_text("Game over", timeout=60_000)
    expect(page.locator(".score tfoot")).to_contain_text("Total")


def test_a_match_shows_its_results_as_a_chart(page: Page) -> None:
    page.goto("/#/matches")
    page.select_option("#match-game", "ducksoup")
    page.select_option("#match-bot-0", "heuristic")
    page.select_option("#match-bot-1", "random")
    page.fill("#match-games", "4")
    page.click("form.lobby button[type=submit]")
    page.wait_for_url(re.compile(r"#/match/"))
    expect(page.locator(".match-status")).to_contain_text("4 of 4 games played", timeout=60_000)
    expect(page.locator(".chart svg")).to_have_count(2)
    expect(page.locator(".chart svg circle.mean")).to_have_count(4)
    expect(page.locator(".results tbody tr")).to_have_count(2)
    shoot(page, "match")
    # The worker rated each game as it recorded it: both bots are on the game's ladder.
    page.click("nav a[href='#/ladder']")
    page.select_option("#ladder-game", "ducksoup")
    rows = page.locator(".ladder tbody th")
    expect(rows).to_have_count(2)
    # Four match games between the only two bots pin their difference (sigma under half the
    # spread from the first game on): neither rating is provisional.
    assert sorted(rows.all_inner_texts()) == ["heuristic · built-in", "random · built-in"]
    expect(page.locator("#ladder-title")).to_have_text("Ladder: Duck Soup")
    shoot(page, "ladder")


def test_the_ladder_shows_how_firm_each_rating_is(
    page: Page, live_url: str, redis_port: int
) -> None:
    """Each row shows mu's 95% interval; a provisional rating (sigma above half the ladder's
    spread) is marked so, a firm one is not."""
    ladder = {  # bot: (mu, sigma, games) in Duck's points a round, as the anchors might stand
        "search:strong": (1.35, 0.19, 96),
        "search:fast": (1.28, 0.25, 40),
        "heuristic": (0.22, 0.9, 12),
        "random": (-2.85, 1.4, 2),
    }
    with redis.Redis(port=redis_port, db=1) as r:  # the live server's database
        for bot, (mu, sigma, games) in ladder.items():
            skill = {"mu": mu, "sigma": sigma, "games": games, "last_played": 1767225600000}
            r.hset(ratings_key("duck"), bot, json.dumps(skill))
        r.hset(fit_key("duck"), mapping={"version": "1", "spread": "1.6"})  # provisional: > 0.8
    page.goto("/#/ladder/duck")
    rows = page.locator(".ladder tbody tr")
    expect(rows).to_have_count(4)
    assert rows.locator("th").all_inner_texts() == [
        "search:strong · built-in",
        "search:fast · built-in",
        "heuristic · built-in provisional",
        "random · built-in provisional",
    ]
    interval = rows.nth(0).locator("td").nth(3).inner_text()  # 1.35 +- 1.96 x 0.19
    assert interval == "0.98 \u2013 1.72"
    expect(page.locator(".ladder tr.provisional")).to_have_count(2)
    expect(page.locator(".ladder .spread")).to_contain_text("1.60 points a deal")
    expect(page.locator(".ladder")).to_contain_text(
        "provisional while \u03c3 is above half the spread"
    )
    shoot(page, "ladder-firmness")


def test_outside_bots_are_offered_to_matches_marked_by_owner(page: Page, live_url: str) -> None:
    """A registered bot is a match's choice, named with its key; a plain table's seats keep
    the built-in bots (the service has no program to play an outside bot there)."""
    api(live_url, "/bots", {"name": "trump-counter", "games": ["ducksoup"]})
    page.goto("/#/matches")
    page.select_option("#match-game", "ducksoup")
    labels = page.locator("#match-bot-0 option").all_inner_texts()
    assert "trump-counter (outside bot of e2e)" in labels and "heuristic" in labels
    page.goto("/")
    page.check("input[name=game][value=ducksoup]")
    labels = page.locator("#seat-1 option").all_inner_texts()
    assert "Bot: heuristic" in labels and not [x for x in labels if "trump-counter" in x]


def test_an_app_key_link_is_kept_and_leaves_the_url(
    browser: Browser, live_url: str, console: Console
) -> None:
    """A browser without a key is told how to get one; scripts/serve's `#/key/<key>` link
    hands it over, and the key leaves the address bar (and the history) at once."""
    ctx = browser.new_context(base_url=live_url, viewport=DESKTOP)
    ctx.set_default_timeout(TURN)
    try:
        page = console.watch(ctx.new_page())
        console.allow(r"status of 401")
        start_table(page, "ducksoup", ["", "random"])
        expect(page.locator("#notice")).to_contain_text("needs an app key")
        expect(page.locator(".key-state")).to_contain_text("No app key")
        page.goto(f"/#/key/{KEYS[live_url]}")
        expect(page.locator("#notice")).to_contain_text("app key is saved")
        assert KEYS[live_url] not in page.url
        assert page.evaluate("localStorage.getItem('duckpond.appKey')") == KEYS[live_url]
        start_table(page, "ducksoup", ["", "random"])
        page.wait_for_selector(".table-page")
        assert "/#/play/" in page.url
    finally:
        ctx.close()


NEW_VERSION = """(v) => {
    const t = document.querySelector('.table-page');
    return t && t.dataset.version !== v;
}"""


def test_two_humans_see_each_others_moves_within_a_second(
    browser: Browser, live_url: str, page: Page, console: Console
) -> None:
    """Two people at one Duck Soup table, each in their own browser: every move shows on the
    other's page within a second (the game's event stream), to the end of the game."""
    start_table(page, "ducksoup", ["", ""], target=1, seed="web-stream")
    href = page.locator(".invites a.invite[data-seat='1']").get_attribute("href") or ""
    friend_context = browser.new_context(base_url=live_url, viewport=DESKTOP)
    try:
        friend = console.watch(friend_context.new_page())
        friend.goto(href)
        expect(friend.locator(".table-title")).to_contain_text("You are seat 1")
        lags: list[float] = []
        deadline = time.monotonic() + 120
        while not all(table(p)["status"] == "over" for p in (page, friend)):
            assert time.monotonic() < deadline, "the game did not end"
            movers = [p for p in (page, friend) if table(p)["turn"] == "you"]
            if not movers:
                page.wait_for_timeout(20)
                continue
            mover = movers[0]
            other = friend if mover is page else page
            before = table(other)["version"]
            play_one(mover)
            clicked = time.monotonic()
            other.wait_for_function(NEW_VERSION, arg=before, timeout=TURN)
            lags.append(time.monotonic() - clicked)
        assert len(lags) >= 20, "a whole deal was played"
        assert max(lags) < 1.0, f"the other page showed a move after {max(lags):.2f} s"
        for p in (page, friend):
            expect(p.locator(".turn")).to_contain_text("Game over")
    finally:
        friend_context.close()


def test_a_tournament_page_shows_its_standings_and_crosstable(page: Page, live_url: str) -> None:
    made = api(
        live_url,
        "/tournaments",
        {
            "game": "ducksoup",
            "entrants": ["heuristic", "random", "search:fast"],
            "format": "round_robin",
            "games": 2,
            "options": {"target": 1},
        },
    )
    page.goto(f"/#/tournament/{made['id']}")
    expect(page.locator("#tournament-title")).to_have_text("Tournament: round robin of ducksoup")
    expect(page.locator("#tournament-status")).to_contain_text("done", timeout=120_000)
    expect(page.locator(".standings tbody tr")).to_have_count(3)
    expect(page.locator(".crosstable tbody tr")).to_have_count(3)
    expect(page.locator(".crosstable td.self")).to_have_count(3)
    expect(page.locator(".crosstable td strong")).to_have_count(6)  # both sides of 3 pairings
    assert " ± " in page.locator(".crosstable").inner_text()  # each with its interval
    shoot(page, "tournament")
