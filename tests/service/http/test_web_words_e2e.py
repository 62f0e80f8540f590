"""The page speaks in words, not in the API's (issue 31, items 1, 7, 8 and 9): every refusal
the API can answer has a sentence (quotas and rate limits with the wait the server asked for),
the forms' help and the results say things plainly, games go by their names, open seats and
codes are what they say, and a browser without an app key is told how to get in without a
request that can only fail. Debian's chromium against the live service (test_web_e2e.py's
fixtures); each test failed on the page as it was before its fix.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from playwright.sync_api import Browser, BrowserContext, Page, Request, Route, ViewportSize, expect
from test_web_e2e import KEYS, TURN, Console, api, shoot, start_table, table

from service.access.app_keys import AppKeys
from service.core.errors import status_of
from service.matches.matches import MAX_MATCH_GAMES

pytestmark = pytest.mark.e2e


ROOT = Path(__file__).resolve().parents[3]
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
API_WORDS = re.compile(r"`|\b(?:POST|GET|PUT|DELETE)\b|\.\.\./|\{seat\}|/api/v1|[a-z]+_[a-z_]+")
"""What only the API says: backticks, methods and paths, snake_case names."""


def spec_reasons() -> list[str]:
    """Every reason the spec says the API may answer (the error schema's enum)."""
    spec = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    reason = spec["components"]["schemas"]["ErrorDetailsOut"]["properties"]["reason"]
    return list(reason["enum"])


@pytest.fixture()
def keyless(browser: Browser, live_url: str, console: Console) -> Iterator[Page]:
    """A browser that never got the app key (the plain address, not scripts/serve's link)."""
    ctx = browser.new_context(base_url=live_url, viewport=DESKTOP)
    ctx.set_default_timeout(TURN)
    yield console.watch(ctx.new_page())
    ctx.close()


def keyed(browser: Browser, live_url: str, key: str) -> BrowserContext:
    ctx = browser.new_context(base_url=live_url, viewport=DESKTOP)
    ctx.add_init_script(f"localStorage.setItem('duckpond.appKey', {json.dumps(key)})")
    ctx.set_default_timeout(TURN)
    return ctx


def notice(page: Page) -> str:
    box = page.locator("#notice")
    expect(box).to_be_visible()
    return box.inner_text()


# --- 1. refusals in words -------------------------------------------------------------------


def test_every_refusal_reason_of_the_spec_has_words_in_the_page(page: Page) -> None:
    """Each reason of the spec's enum, answered with no message of the server's own, is a
    sentence of the page: not "HTTP 409" or "The server refused (HTTP 4xx)", nor its code."""
    reasons = [[reason, status_of(reason)] for reason in spec_reasons()]
    assert len(reasons) > 80
    page.goto("/")
    expect(page.locator("#lobby-title")).to_be_visible()
    said: dict[str, str] = page.evaluate(
        """async (reasons) => {
            const { ApiError, explain } = await import('/web/js/api.js');
            const out = {};
            for (const [reason, status] of reasons) {
                const body = { code: status, status: '', message: '', errors: { reason } };
                out[reason] = explain(new ApiError(status, body));
            }
            return out;
        }""",
        reasons,
    )
    wordless = {
        r: s
        for r, s in said.items()
        if re.search(r"The server refused|HTTP \d", s) or not s.strip()
    }
    assert wordless == {}, f"reasons without words in the page: {sorted(wordless)}"
    api_words = {r: s for r, s in said.items() if API_WORDS.search(s)}
    assert api_words == {}, f"words of the API in the page: {api_words}"


def test_a_schema_refusal_names_its_field_in_words(
    page: Page, live_url: str, console: Console
) -> None:
    """A 422 `validation_error` from the live server says which field and why, not only
    that something in the form is wrong."""
    console.allow(r"status of 422")
    page.goto("/")
    expect(page.locator("#lobby-title")).to_be_visible()
    said = page.evaluate(
        """async (key) => {
            const { answer, apiAs, explain } = await import('/web/js/api.js');
            const body = { game: 'ducksoup', bots: ['random', 'random'], games: 0 };
            try {
                await answer(apiAs(key).POST('/matches', { body }));
                return 'accepted';
            } catch (error) {
                return explain(error);
            }
        }""",
        KEYS[live_url],
    )
    assert said.startswith("Something in the form is not what the server accepts. Games: "), said
    assert not API_WORDS.search(said), said


def test_a_match_over_the_keys_quota_is_refused_in_words(
    browser: Browser, live_url: str, redis_port: int, console: Console
) -> None:
    """The 429 `quota_match_games` is the key's limit in words, not a lost connection; the
    form offers no more games than the server plays (the catalog's max_match_games)."""
    small = AppKeys(redis.Redis(port=redis_port, db=1)).issue("small", match_games_per_match=5)
    ctx = keyed(browser, live_url, small.key)
    try:
        page = console.watch(ctx.new_page())
        console.allow(r"status of 429")
        page.goto("/#/matches")
        count = page.locator("#match-games")
        assert count.get_attribute("max") == str(MAX_MATCH_GAMES)
        expect(page.locator("form.lobby")).to_contain_text(f"at most {MAX_MATCH_GAMES} games")
        page.select_option("#match-game", "ducksoup")
        page.fill("#match-games", "6")
        page.click("form.lobby button[type=submit]")
        said = notice(page)
        assert "Lost the connection" not in said
        assert "Too many match games for this app key." in said
        assert "at most 5 games in one match" in said
        shoot(page, "words-match-quota")
    finally:
        ctx.close()


def test_a_rate_limit_says_how_long_to_wait(page: Page, console: Console) -> None:
    """A 429 `rate_limited` on a creation says so with the server's Retry-After."""
    console.allow(r"status of 429")

    def refuse(route: Route) -> None:
        if route.request.method != "POST":
            route.fallback()
            return
        body = {
            "code": 429,
            "status": "Too Many Requests",
            "message": "too many requests from this address",
            "errors": {"reason": "rate_limited"},
        }
        route.fulfill(status=429, json=body, headers={"Retry-After": "42"})

    page.route("**/api/v1/games", refuse)
    start_table(page, "ducksoup", ["", "random"])
    said = notice(page)
    assert "Lost the connection" not in said
    assert (
        "asks this browser (or its app key) to slow down" in said
        and "Try again in 42 seconds." in said
    )
    shoot(page, "words-rate-limited")


def test_a_table_whose_stream_is_refused_says_why_and_waits_as_asked(
    page: Page, live_url: str, console: Console
) -> None:
    """The table's stream answered 429 `too_many_streams` (Retry-After: 3): the page says so
    in words and tries again after 3 seconds, not "Lost the connection"."""
    console.allow(r"status of 429")
    start_table(page, "ducksoup", ["", "random"])
    page.wait_for_selector(".table-page")
    refused: list[float] = []

    def refuse(route: Route) -> None:
        refused.append(time.monotonic())
        body = {
            "code": 429,
            "status": "Too Many Requests",
            "message": "this address holds 8 open streams",
            "errors": {"reason": "too_many_streams"},
        }
        route.fulfill(status=429, json=body, headers={"Retry-After": "3"})

    page.route("**/api/v1/games/*/stream*", refuse)
    page.reload()
    box = page.locator("#notice")
    expect(box).to_contain_text("has as many live tables open as it may")
    said = box.inner_text()
    assert "Lost the connection" not in said and "Trying again in 3 seconds" in said, said
    shoot(page, "words-stream-refused")
    deadline = time.monotonic() + 20
    while len(refused) < 2 and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    assert len(refused) >= 2, "the stream was not tried again"
    assert refused[1] - refused[0] >= 2.9, f"tried again after {refused[1] - refused[0]:.1f} s"
    page.unroute("**/api/v1/games/*/stream*")


# --- 7. the API's words out of the page -----------------------------------------------------


def test_the_start_form_speaks_without_the_apis_words(page: Page) -> None:
    """The options' help: no "POST .../deal", no "(POST .../seats/{seat}/return)", no
    backticked names, for every game."""
    page.goto("/")
    for game in ("doubleduck", "ducksoup", "duck", "doppelkopf"):
        page.check(f"input[name=game][value={game}]")
        text = page.locator("form.lobby details.options").inner_text()
        found = re.findall(r"`[^`]*`|\b(?:POST|GET)\b[^.)]*|\{seat\}", text)
        assert found == [], f"{game}: {found}"
    page.check("input[name=game][value=ducksoup]")
    shoot(page, "words-start-form")


def test_a_match_says_its_method_and_game_in_words(page: Page) -> None:
    page.goto("/#/matches")
    page.select_option("#match-game", "ducksoup")
    page.select_option("#match-bot-0", "random")
    page.select_option("#match-bot-1", "random")
    page.fill("#match-games", "2")
    page.click("form.lobby button[type=submit]")
    page.wait_for_url(re.compile(r"#/match/"))
    expect(page.locator(".match-status")).to_contain_text("2 of 2 games played", timeout=60_000)
    expect(page.locator(".match-page h1")).to_contain_text(": Duck Soup")
    method = page.locator(".results p.small").inner_text()
    for formula in ("ci95", "sqrt", "1.96", "+-", "deal_score", "game_points"):
        assert formula not in method, method
    assert "95% interval" in method
    shoot(page, "words-match-method")


def test_the_watch_list_names_games_by_their_names(page: Page, live_url: str) -> None:
    bot = {"bot": "random"}
    for game, seats in (("ducksoup", [{}, bot]), ("doubleduck", [{}, bot, bot, bot])):
        api(live_url, "/games", {"game": game, "seats": seats})
    page.goto("/#/watch")
    live = page.locator(".live-list")
    expect(live).to_contain_text("Duck Soup · game")
    expect(live).to_contain_text("Doubleduck · game")
    assert "ducksoup" not in live.inner_text() and "doubleduck ·" not in live.inner_text()
    shoot(page, "words-watch-list")


def test_a_taken_seat_is_a_sentence_and_an_open_seat_is_tagged_so(
    page: Page, live_url: str
) -> None:
    """The host's table: the open seat says "open seat" (not "human"); once a player takes
    it, the log says who took which seat, not a bare "seat taken."."""
    start_table(page, "ducksoup", ["", "open"])
    page.wait_for_selector(".table-page")
    tags = page.locator(".seat .tag").all_inner_texts()
    assert "open seat" in tags and tags.count("human") == 1, tags
    shoot(page, "words-open-seat")
    game_id = page.url.split("/#/play/")[1].split(".")[0]
    code = page.locator(".open-seats code").inner_text()
    api(live_url, f"/games/{game_id}/claim", {"invite_code": code})
    log = page.locator(".log ol")
    taken = "A player took Seat 1 at the table. Every seat is taken: the game begins."
    expect(log).to_contain_text(taken)
    assert "seat taken." not in log.inner_text()
    shoot(page, "words-seat-taken")


# --- 8. open seats, codes, copying, the ladder, on_timeout ----------------------------------


def test_a_code_and_game_id_take_the_open_seat_from_the_start_page(
    page: Page, browser: Browser, live_url: str, console: Console
) -> None:
    """The host's page names the game id and the code; the start page takes them."""
    start_table(page, "ducksoup", ["", "open"])
    page.wait_for_selector(".open-seats")
    game_id = page.locator(".open-seats .game-id").inner_text()
    code = page.locator(".open-seats code").inner_text()
    assert page.url.split("/#/play/")[1].startswith(game_id)
    ctx = browser.new_context(base_url=live_url, viewport=DESKTOP)  # a friend without a key
    ctx.set_default_timeout(TURN)
    try:
        friend = console.watch(ctx.new_page())
        friend.goto("/")
        friend.fill("#join-id", game_id)
        friend.fill("#join-code", code)
        shoot(friend, "words-join-box")
        friend.click("form.join-box button[type=submit]")
        friend.wait_for_url(re.compile(r"#/play/"))
        friend.wait_for_selector(".table-page")
        assert table(friend)["status"] in ("playing", "over")
    finally:
        ctx.close()


def test_a_wrong_code_is_refused_in_words(keyless: Page, console: Console) -> None:
    console.allow(r"status of 40[34]")
    keyless.goto("/")
    keyless.fill("#join-id", "nosuchgame")
    keyless.fill("#join-code", "abc")
    keyless.click("form.join-box button[type=submit]")
    expect(keyless.locator("#notice")).to_contain_text("There is no game with this id")


def test_the_join_link_has_a_copy_button_that_says_it_copied(
    context: BrowserContext, page: Page
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    start_table(page, "ducksoup", ["", "open"])
    page.click("button.copy-join")
    expect(page.locator("#notice")).to_contain_text("The join link is copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.locator("a.join").get_attribute("href")
    assert "/#/join/" in copied
    shoot(page, "words-copy-join")


def test_the_ladder_of_no_such_game_says_so_with_links_to_the_real_ones(page: Page) -> None:
    page.goto("/#/ladder/nosuchgame")
    expect(page.locator("#ladder-title")).to_have_text("No such game")
    expect(page.locator("main")).to_contain_text("There is no game called “nosuchgame”")
    links = page.locator(".ladder-links a")
    expect(links).to_have_count(4)
    assert links.all_inner_texts() == [
        "Ladder: Doubleduck",
        "Ladder: Duck Soup",
        "Ladder: Duck",
        "Ladder: Doppelkopf",
    ]
    shoot(page, "words-ladder-no-such-game")
    links.nth(1).click()
    expect(page.locator("#ladder-title")).to_have_text("Ladder: Duck Soup")


def test_the_start_form_sets_on_timeout(page: Page, live_url: str) -> None:
    """The stand-in bot is a choice of the game's bots (levels included), sent as the API
    names it; the game's clock reports it."""
    page.goto("/")
    page.check("input[name=game][value=ducksoup]")
    choices = page.locator("#opt-on_timeout option").evaluate_all("(os) => os.map((o) => o.value)")
    assert "random" in choices and "search:fast" in choices, choices
    assert page.locator("#opt-on_timeout").input_value() == "heuristic"
    page.select_option("#seat-1", "random")
    page.fill("#opt-turn_seconds", "30")
    page.select_option("#opt-on_timeout", "search:fast")
    shoot(page, "words-on-timeout")
    page.click("form.lobby button[type=submit]")
    page.wait_for_selector(".table-page")
    token = page.url.split("/#/play/")[1]
    request = urllib.request.Request(
        f"{live_url}/api/v1/games/{token.split('.')[0]}",
        headers={"Authorization": f"Bearer {token}"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        game: dict[str, Any] = json.load(response)
    assert game["clock"]["on_timeout"] == "search:fast", game["clock"]


# --- 9. without an app key ------------------------------------------------------------------


def test_without_an_app_key_the_page_says_how_to_get_in_and_asks_nothing_bound_to_fail(
    keyless: Page,
) -> None:
    """No `/lobby` request (a 401 for sure) and no console error; words on how to get in; a
    start without a key says so without asking the server."""
    asked: list[str] = []

    def seen(request: Request) -> None:
        if "/api/" in request.url:
            asked.append(f"{request.method} {request.url}")

    keyless.on("request", seen)
    keyless.goto("/")
    expect(keyless.locator("#get-in-title")).to_have_text("How to get in")
    expect(keyless.locator(".get-in")).to_contain_text("#/key/")
    expect(keyless.locator(".open-tables")).to_contain_text("With this server's app key saved")
    keyless.check("input[name=game][value=ducksoup]")
    keyless.click("form.lobby button[type=submit]")
    expect(keyless.locator("#notice")).to_contain_text("needs an app key")
    keyless.goto("/#/matches")
    keyless.click("form.lobby button[type=submit]")
    expect(keyless.locator("#notice")).to_contain_text("needs an app key")
    keyless.goto("/#/watch")
    expect(keyless.locator(".live-games")).to_contain_text("With an app key saved")
    keyless.goto("/#/")
    expect(keyless.locator("#lobby-title")).to_be_visible()
    bound_to_fail = [a for a in asked if "/lobby/" in a or a.startswith("POST") or "/feed" in a]
    assert bound_to_fail == [], bound_to_fail
    shoot(keyless, "words-no-key")


def test_the_key_link_still_hands_the_key_over(keyless: Page, live_url: str) -> None:
    keyless.goto(f"/#/key/{KEYS[live_url]}")
    expect(keyless.locator("#notice")).to_contain_text("app key is saved")
    expect(keyless.locator(".get-in")).to_have_count(0)
    start_table(keyless, "ducksoup", ["", "random"])
    keyless.wait_for_selector(".table-page")
