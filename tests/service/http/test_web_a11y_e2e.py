"""The web client for everyone: axe-core (axe-playwright-python) over every page and dialog at
desktop and phone widths, failing on any serious or critical violation; and a whole deal of
Duck Soup played with the keyboard alone (Tab, arrow keys, Enter, Space), against a bot.

One chromium for the module (test_web_e2e.py's fixtures); each page is loaded once and audited
at both sizes, so the whole audit stays within a couple of minutes on two loaded cores.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import test_web_e2e as e2e
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, ViewportSize, expect
from test_web_e2e import (
    Console,
    api,
    duck_deal,
    play_one,
    shoot,
    table,
    wait_ready,
)
from test_web_table_e2e import call, last_card, open_seat, play_until

pytestmark = pytest.mark.e2e


DESKTOP = ViewportSize(width=1280, height=800)
PHONE = ViewportSize(width=390, height=844)
AXE = Axe()
BLOCKING = ("serious", "critical")
"""The impacts that fail a page."""
HELD = ("page-has-heading-one",)
"""Rules of lesser impact the pages keep all the same: every page says what it is in an h1."""


class Audit:
    """axe's serious and critical violations of every page it is shown, at both sizes; the
    test fails once at its end, listing them all (a page, its size, the rule, where)."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self.pages: list[str] = []

    def check(self, page: Page, name: str) -> None:
        """Audit the page as it is now at 1280x800, then at 390x844 (and back)."""
        for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
            page.set_viewport_size(size)
            page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(null)))")
            self.found.extend(violations(page, f"{name} ({label})"))
        page.set_viewport_size(DESKTOP)
        self.pages.append(name)

    def assert_clean(self) -> None:
        assert not self.found, "axe found serious or critical violations:\n" + "\n".join(self.found)


def violations(page: Page, where: str) -> list[str]:
    """axe's serious and critical violations on the page, one readable line each."""
    results: dict[str, Any] = AXE.run(page).response
    lines = []
    for rule in results["violations"]:
        if rule["impact"] not in BLOCKING and rule["id"] not in HELD:
            continue
        nodes = rule["nodes"]
        targets = ", ".join(" ".join(map(str, n["target"])) for n in nodes[:6])
        more = f" (+{len(nodes) - 6} more)" if len(nodes) > 6 else ""
        summary = nodes[0].get("failureSummary", "").replace("\n", " ")
        lines.append(
            f"- {where}: {rule['id']} [{rule['impact']}] {rule['help']}: "
            f"{len(nodes)} node(s): {targets}{more}. {summary}"
        )
    return lines


# --- every page and dialog -------------------------------------------------------------------


def test_every_page_passes_axe(page: Page, live_url: str, console: Console) -> None:
    audit = Audit()
    page.goto("/")
    expect(page.locator("form.lobby button[type=submit]")).to_be_visible()
    expect(page.locator(".open-tables p")).to_be_visible()
    audit.check(page, "landing: start a table (the first game)")
    # The start form of the game with the most options and seats (its seat count select).
    page.check("input[name=game][value=doppelkopf]")
    audit.check(page, "start form: Doppelkopf")
    page.check("input[name=game][value=duck]")
    expect(page.locator("#seat-count")).to_be_visible()
    audit.check(page, "start form: Duck (a seat count)")

    # A table waiting for its open seat (the invite panel: its code and join link), with a
    # friend's seat (its invite link and Copy button); then the lobby lists it.
    page.select_option("#seat-count", "4")
    page.select_option("#seat-1", "open")
    page.select_option("#seat-2", "")
    page.check("#list-in-lobby")
    page.click("form.lobby button[type=submit]")
    expect(page.locator(".invites .open-seats code")).not_to_be_empty()
    expect(page.locator(".invites a.invite")).to_have_count(1)
    audit.check(page, "a table waiting for its open seat, with invites")
    page.goto("/")
    page.check("input[name=game][value=duck]")
    expect(page.locator(".open-tables button", has_text="Take seat 1")).to_have_count(1)
    audit.check(page, "landing: the lobby's open tables")

    # A live game for the Watch list; a finished match for its result and the ladder.
    api(live_url, "/games", {"game": "ducksoup", "seats": [{}, {"bot": "random"}]})
    page.goto("/#/watch")
    expect(page.locator(".live-list li")).to_have_count(2)  # the waiting table too
    audit.check(page, "watch: live games")
    shoot(page, "a11y-watch")

    page.goto("/#/matches")
    expect(page.locator("#match-game")).to_be_visible()
    audit.check(page, "matches: start a match")
    page.select_option("#match-game", "ducksoup")
    page.select_option("#match-bot-0", "heuristic")
    page.select_option("#match-bot-1", "random")
    page.fill("#match-games", "2")
    page.click("form.lobby button[type=submit]")
    page.wait_for_url(re.compile(r"#/match/"))
    expect(page.locator(".match-status")).to_contain_text("2 of 2 games played", timeout=60_000)
    expect(page.locator(".chart svg")).to_have_count(2)
    audit.check(page, "match result")

    page.goto("/#/ladder")
    expect(page.locator("#ladder-title")).to_be_visible()
    audit.check(page, "ladder: the first game's")
    page.select_option("#ladder-game", "ducksoup")
    expect(page.locator(".ladder tbody th")).to_have_count(2)
    audit.check(page, "ladder: Duck Soup (two bots rated)")
    shoot(page, "a11y-ladder")

    # The notice (a refusal's words, with its Dismiss button) and a page that could not be shown.
    console.allow(r"status of 4\d\d")
    page.goto("/#/join/nosuchgame/nocode")
    expect(page.locator("main h1")).to_have_text("This link does not seat you")
    audit.check(page, "a join link that does not seat you")
    page.goto("/#/")
    page.fill("#join-id", "nosuchgame")
    page.fill("#join-code", "nocode")
    page.click("form.join-box button[type=submit]")
    expect(page.locator("#notice")).to_be_visible()
    audit.check(page, "notice: a refused claim")
    page.goto("/#/play/nosuchgame.nosuchtoken")
    expect(page.locator(".failed")).to_be_visible()
    audit.check(page, "a page that could not be shown")
    audit.assert_clean()


GAMES = {
    "ducksoup": [{}, {"bot": "heuristic"}],
    "doubleduck": [{}, {"bot": "heuristic"}, {"bot": "random"}, {"bot": "heuristic"}],
    "doppelkopf": [{}, {"bot": "heuristic"}, {"bot": "random"}, {"bot": "heuristic"}],
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_trick_games_table_passes_axe(page: Page, live_url: str, game: str) -> None:
    """The table at our turn mid-deal, as a spectator sees it, then the deal's summary (the
    dialog that holds the table until Continue), then the game's end."""
    audit = Audit()
    body = {"game": game, "seats": GAMES[game], "options": {"max_deals": 1}, "seed": "a11y"}
    if game == "ducksoup":
        body["options"] = {"target": 1}
    created = api(live_url, "/games", body)
    token = created["seats"][0]["token"]
    open_seat(page, token)
    audit.check(page, f"{game}: our turn, first trick")
    play_until(live_url, token, lambda g: len(g["view"]["hand"]) <= 3)
    open_seat(page, token)
    expect(page.locator(".last-trick")).to_be_visible()
    audit.check(page, f"{game}: our turn mid-deal (tricks to browse, log, score)")
    shoot(page, f"a11y-{game}-mid-deal")
    page.goto(f"/#/watch/{created['id']}")
    expect(page.locator(".table-title")).to_contain_text("Watching")
    audit.check(page, f"{game}: watched mid-deal")
    play_until(live_url, token, last_card)
    state = open_seat(page, token)
    play_one(page)  # the last card (with its call, if it has calls)
    page.wait_for_function(
        "(v) => document.querySelector('.table-page')?.dataset.version !== v", arg=state["version"]
    )
    expect(page.locator(".summary")).to_be_visible()
    audit.check(page, f"{game}: the deal's summary")
    page.click(".summary button.next")
    expect(page.locator(".turn")).to_contain_text("Game over")
    audit.check(page, f"{game}: game over")
    audit.assert_clean()


def test_a_duck_table_passes_axe(page: Page, live_url: str) -> None:
    """Duck: our turn, cards picked (the draw buttons), the summary with the hands laid open."""
    audit = Audit()
    hand = ["Y0", "Y1", "B1", "R1", "Y2", "B2", "R2"]  # sums to 9: seat 0 may duck at once
    seats = [{}, {"bot": "heuristic"}, {"bot": "random"}, {"bot": "heuristic"}]
    created = api(
        live_url,
        "/games",
        {
            "game": "duck",
            "seats": seats,
            "options": {"first_dealer": 3},
            "deal": duck_deal(hand),
        },
    )
    state = open_seat(page, created["seats"][0]["token"])
    audit.check(page, "duck: our turn")
    page.click(".hand button[data-card=Y1]")
    page.click(".hand button[data-card=B1]")
    expect(page.locator(".actions .hint")).to_contain_text("a legal play")
    audit.check(page, "duck: a set picked, the draws offered")
    page.locator(".actions button.ghost", has_text="Clear").click()
    page.locator(".actions button.action", has_text="Duck!").click()
    page.wait_for_function(
        "(v) => document.querySelector('.table-page')?.dataset.version !== v", arg=state["version"]
    )
    expect(page.locator(".summary")).to_be_visible()
    audit.check(page, "duck: the deal's summary, hands laid open")
    page.click(".summary button.next")
    expect(page.locator(".summary")).to_have_count(0)
    audit.check(page, "duck: the next deal, banked cards and the lifebelt counted")
    audit.assert_clean()


# --- the keyboard alone ----------------------------------------------------------------------


def focused(page: Page) -> dict[str, Any]:
    """What has the keyboard focus: its tag, classes, name, and whether it is in the hand."""
    info: dict[str, Any] = page.evaluate(
        """() => {
            const el = document.activeElement;
            if (!el || el === document.body) return {tag: 'body', cls: '', name: '', inHand: false};
            const name = el.getAttribute('aria-label') || el.textContent || '';
            return {tag: el.tagName.toLowerCase(), cls: el.className, name: name.trim(),
                inHand: !!el.closest('.hand'), outline: getComputedStyle(el).outlineStyle};
        }"""
    )
    return info


def tab_to(page: Page, selector: str, *, back: bool = False, limit: int = 80) -> None:
    """Press Tab (Shift+Tab: `back`) until the focus is on `selector`: it is reachable."""
    for _ in range(limit):
        if page.evaluate("(s) => !!document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"{selector} is not reachable by Tab: the focus is on {focused(page)}")


CARD_NAME = r"(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of \w+"
"""A French card's accessible name: "queen of spades", never its glyphs ("Q♠")."""


def test_a_whole_duck_soup_deal_by_keyboard_alone(page: Page) -> None:
    """Start the table, play every card of the deal and close its summary with Tab, arrows,
    Enter and Space only; the focus stays in the hand between turns, and shows."""
    page.goto("/")
    expect(page.locator("form.lobby button[type=submit]")).to_be_visible()
    tab_to(page, "input[name=game]:checked")
    for _ in range(4):  # the radio group: arrows move and choose
        if page.evaluate("() => document.activeElement.value") == "ducksoup":
            break
        page.keyboard.press("ArrowDown")
    assert page.evaluate("() => document.activeElement.value") == "ducksoup"
    tab_to(page, "#opt-target")
    page.keyboard.press("Control+A")
    page.keyboard.type("1")
    tab_to(page, "input[name=seed]")
    page.keyboard.type("a11y-keys")
    tab_to(page, "form.lobby button[type=submit]")
    page.keyboard.press("Enter")
    state = wait_ready(page)
    expect(page.locator(".table-title")).to_contain_text("Duck Soup")

    tab_to(page, ".hand button.card[tabindex='0']")
    moves = 0
    while state["status"] != "over" and table(page)["status"] != "deal_pending":
        assert moves < 40, "the deal did not end"
        if page.locator(".summary").count():
            break
        if page.locator(".hand button.card.legal").count():
            if not focused(page)["inHand"]:
                tab_to(page, ".hand button.card[tabindex='0']")
            me = focused(page)
            assert me["outline"] not in ("none", ""), f"the focused card shows no focus: {me}"
            if moves == 2:
                shoot(page, "a11y-keyboard-hand")
            for _ in range(20):  # arrows move along the hand to a playable card
                if "legal" in focused(page)["cls"]:
                    break
                page.keyboard.press("ArrowRight")
            card = focused(page)
            assert "legal" in card["cls"], card
            assert re.fullmatch(CARD_NAME + ", playable", card["name"]), card
            page.keyboard.press("Enter" if moves % 2 == 0 else " ")
        else:  # a matched rank with no third card: the concede button before the hand
            tab_to(page, ".actions button.action", back=True)
            page.keyboard.press("Enter")
        moves += 1
        page.wait_for_function(
            """(v) => {
                const t = document.querySelector('.table-page');
                return t && t.dataset.version !== v && (t.dataset.turn === 'you'
                    || t.dataset.summary === 'open' || t.dataset.status === 'over');
            }""",
            arg=state["version"],
        )
        state = table(page)
        if page.locator(".summary").count():
            break
        assert focused(page)["inHand"] or not page.locator(".hand button.card.legal").count(), (
            f"the focus left the hand after a move: {focused(page)}"
        )
    expect(page.locator(".summary")).to_be_visible()
    assert moves >= 10, moves
    # The hand gave way to the summary: its heading has the focus, its buttons come next.
    assert page.evaluate("() => document.activeElement?.id") == "summary-title", focused(page)
    tab_to(page, ".summary button.next", limit=3)
    page.keyboard.press("Enter")
    expect(page.locator(".summary")).to_have_count(0)
    expect(page.locator(".turn")).to_contain_text("Game over")
    assert "turn" in focused(page)["cls"], f"Close dropped the focus: {focused(page)}"
    tab_to(page, "button.rematch", limit=30)  # the game's end offers a rematch, by keyboard too
    log = page.locator(".log").inner_text()
    assert log.count("You played") == moves or "conceded" in log
    shoot(page, "a11y-keyboard-over")


def test_a_duck_turn_by_keyboard_draws_once_in_the_log(page: Page, live_url: str) -> None:
    """Duck by keyboard: Enter and Space pick a run, Tab reaches the draw buttons (named with
    the cards' names), and the draw is logged once ("You drew yellow 5.", not a second "You
    drew from the draw pile."); the focus comes back to the hand."""
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
    state = open_seat(page, created["seats"][0]["token"])
    expect(page.locator(".hand")).to_have_attribute("role", "toolbar")
    tab_to(page, ".hand button.card[tabindex='0']")
    assert focused(page)["name"].startswith("yellow 2"), focused(page)
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press(" ")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(page.locator(".hand button[aria-pressed=true]")).to_have_count(3)
    assert focused(page)["name"] == "yellow 4, playable, picked 3", focused(page)
    expect(page.locator(".actions .hint")).to_contain_text("a legal play")
    expect(page.locator(".actions .hint")).to_contain_text("yellow 2, yellow 3, yellow 4")
    shoot(page, "a11y-duck-picked-by-keyboard")
    tab_to(page, ".actions button[data-draw=stock]", back=True)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(v) => document.querySelector('.table-page')?.dataset.version !== v", arg=state["version"]
    )
    expect(page.locator(".hand button.card")).to_have_count(5)
    assert focused(page)["inHand"], f"the focus left the hand: {focused(page)}"
    log = page.locator(".log ol").inner_text()
    assert re.search(r"You drew (yellow|blue|red) \d\.", log), log
    assert log.count("You drew") == 1, log
    # The others see the draw without its card: once, from the public event.
    page.goto(f"/#/watch/{created['id']}")
    expect(page.locator(".log ol")).to_contain_text("Seat 0 drew from the draw pile.")


def test_the_tables_dialogs_and_notices_pass_axe(
    browser: Browser, page: Page, live_url: str, console: Console
) -> None:
    """What a table shows besides the play: the Resign confirm step, a rematch offer (Accept,
    Decline), a friend's seat waiting for its link, the page a late visitor with a full table's
    join link gets, a turn timeout's notice, and the landing page of a browser with no key."""
    audit = Audit()
    created = api(live_url, "/games", {"game": "ducksoup", "seats": [{}, {}]})
    tokens = [s["token"] for s in created["seats"]]
    page.goto(f"/#/play/{tokens[0]}")
    expect(page.locator(".table-page")).to_have_attribute("data-status", "playing")
    page.click("button.resign")
    expect(page.locator(".resign-confirm")).to_be_visible()
    audit.check(page, "table: the Resign confirm step")
    page.click("button.resign-yes")
    expect(page.locator(".turn")).to_contain_text("Game over")
    page.goto(f"/#/play/{tokens[1]}")
    expect(page.locator(".table-page")).to_have_attribute("data-status", "over")
    page.wait_for_timeout(500)  # its stream waits for a rematch
    call(live_url, f"/games/{created['id']}/rematch", tokens[0], {})
    expect(page.locator(".rematch-offer")).to_contain_text("asked for a rematch")
    audit.check(page, "table: a rematch offer (Accept, Decline)")

    invited = api(live_url, "/games", {"game": "ducksoup", "seats": [{}, {"invited": True}]})
    page.goto(f"/#/play/{invited['seats'][0]['token']}")
    expect(page.locator(".turn")).to_contain_text("to open the invite link")
    audit.check(page, "table: a friend's seat waiting for its link")

    full = api(live_url, "/games", {"game": "ducksoup", "seats": [{}, {"open": True}]})
    join = f"/#/join/{full['id']}/{full['invite_code']}"
    page.goto(join)
    expect(page.locator(".table-title")).to_contain_text("You are seat 1")
    console.allow("409")  # the refused claim's request, as the browser logs it
    page.evaluate("localStorage.clear(); sessionStorage.clear()")
    page.goto("/#/watch")
    page.goto(join)
    expect(page.locator("main h1")).to_have_text("This table is full")
    audit.check(page, "join link: a full table")

    timed = api(
        live_url,
        "/games",
        {
            "game": "doubleduck",
            "seats": [{}, {}, {}, {}],
            "options": {"turn_seconds": 1, "reserve_seconds": 0, "first_dealer": 3},
        },
    )
    page.goto(f"/#/play/{timed['seats'][0]['token']}")
    expect(page.locator(".table-notice")).to_contain_text("You ran out of time", timeout=e2e.TURN)
    audit.check(page, "table: a turn timeout's notice")

    keyless = browser.new_context(base_url=live_url, viewport=DESKTOP)
    try:
        bare = console.watch(keyless.new_page())
        bare.goto("/")
        expect(bare.locator(".get-in")).to_be_visible()
        audit.check(bare, "landing without an app key (how to get in)")
    finally:
        keyless.close()
    audit.assert_clean()
