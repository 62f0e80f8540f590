"""The web client's history pages end to end (chromium, the live service): from the ladder to a
bot's page (its rating chart, its head-to-head rows and their verdicts), to an opponent's,
and to the game's crosstable; and the pages for a bot or an address that is not there. The
ladder is filled through `Ratings.rate`, as the match jobs fill it, on the live server's Redis.
Both pages pass axe at both sizes; screenshots at desktop and phone widths go to
var/screenshots/."""

from __future__ import annotations

from typing import Any

import pytest
import redis
from playwright.sync_api import Page, expect
from test_web_a11y_e2e import Audit
from test_web_e2e import shoot
from testkit.web_e2e import Console

from bots.match import MatchSpec
from service.matches.ratings import Ratings

pytestmark = pytest.mark.e2e

JSON = dict[str, Any]


def soup(index: int, a: str, b: str, diff: int) -> JSON:
    """A Duck Soup match game, both rotations, in which a's mean per deal is `diff` above b's."""
    return {
        "index": index,
        "seed": f"w:{index}",
        "rotations": [
            {"bots": [a, b], "deal_scores": [[2 * diff, 0]], "totals": [2 * diff, 0],
             "game_points": [0, 0], "winners": [], "moves": 0},
            {"bots": [b, a], "deal_scores": [[0, 0]], "totals": [0, 0],
             "game_points": [0, 0], "winners": [], "moves": 0},
        ],
    }  # fmt: skip


def fill(redis_port: int) -> None:
    """heuristic clearly ahead of random (8 games), about even with search:fast (4 games);
    random and search:fast never met."""
    ladder = Ratings(redis.Redis(port=redis_port, db=1))  # the live server's database
    spec = MatchSpec("ducksoup", ("heuristic", "random"), 8, "w", {})
    for i, d in enumerate((30, 35, 40, 45, 50, 38, 42, 44)):
        assert ladder.rate(spec, soup(i, "heuristic", "random", d), match_id="hr") == "rated"
    spec = MatchSpec("ducksoup", ("heuristic", "search:fast"), 4, "w", {})
    for i, d in enumerate((-5, 5, -3, 4)):
        assert ladder.rate(spec, soup(i, "heuristic", "search:fast", d), match_id="hs") == "rated"


def test_from_the_ladder_to_a_bots_history_and_the_crosstable(
    page: Page, live_url: str, redis_port: int
) -> None:
    fill(redis_port)
    audit = Audit()  # axe's serious and critical violations, at both sizes
    page.goto("/#/ladder/ducksoup")
    page.click(".ladder tbody a.bot-link:text-is('heuristic')")
    expect(page).to_have_url(f"{live_url}/#/ladder/ducksoup/bots/heuristic")
    expect(page.locator("#history-title")).to_have_text("heuristic in Duck Soup")
    expect(page.locator(".standing")).to_contain_text("24 rated games")  # 12 games x 2 rotations
    # The chart: a point per rated match game, the ordinal drawn as a line.
    expect(page.locator(".rating-chart svg circle.ordinal")).to_have_count(12)
    expect(page.locator(".rating-chart svg path.ordinal")).to_have_count(1)
    label = page.locator(".rating-chart svg").get_attribute("aria-label") or ""
    assert label.startswith("Rating of heuristic over 24 rated games"), label
    rows = page.locator(".head-to-head tbody tr")
    expect(rows).to_have_count(2)
    texts = {r.split("\t")[0]: r.split("\t") for r in rows.all_inner_texts()}
    assert texts["random · built-in"][1:] == ["8", "40.50 ± 4.32", "better"], texts
    assert texts["search:fast · built-in"][1:] == ["4", "0.25 ± 4.89", "not told apart"], texts
    audit.check(page, "a bot's page")
    shoot(page, "history-bot")
    # An opponent's page from its row: the same record, the other way round.
    page.click(".head-to-head a.bot-link:text-is('random')")
    expect(page.locator("#history-title")).to_have_text("random in Duck Soup")
    back = page.locator(".head-to-head tbody tr")
    expect(back).to_have_count(1)
    assert back.inner_text().split("\t") == ["heuristic · built-in", "8", "-40.50 ± 4.32", "worse"]
    # The crosstable: every pair once each way, green ahead, red behind, "·" never met.
    page.click("a.crosstable-link")
    expect(page.locator("#history-title")).to_have_text("Head to head: Duck Soup")
    grid = page.locator(".crosstable-grid")
    expect(grid.locator("tbody tr")).to_have_count(3)
    expect(grid.locator("td.ahead")).to_have_count(1)
    expect(grid.locator("td.behind")).to_have_count(1)
    expect(grid.locator("td.unmet")).to_have_count(2)
    expect(grid.locator("td.self")).to_have_count(3)
    expect(grid.locator("td.ahead")).to_contain_text("40.50 ± 4.32 (8)")
    audit.check(page, "the crosstable")
    shoot(page, "history-crosstable")
    audit.assert_clean()


def test_a_bot_or_a_page_that_is_not_there(page: Page, redis_port: int, console: Console) -> None:
    fill(redis_port)
    console.allow(r"status of 404")  # the API's no_such_bot, which the page tells in words
    page.goto("/#/ladder/ducksoup/bots/nobody")
    expect(page.locator("#history-title")).to_have_text("No such bot on this ladder")
    expect(page.locator(".ladder-links a")).to_have_count(4)
    page.goto("/#/ladder/duck/bots/heuristic")  # rated in Duck Soup, not in Duck
    expect(page.locator("#history-title")).to_have_text("No such bot on this ladder")
    page.goto("/#/ladder/ducksoup/elsewhere")
    expect(page.locator("#history-title")).to_have_text("No such page")
    page.goto("/#/ladder/chess/head-to-head")
    expect(page.locator("#history-title")).to_have_text("No such page")
    page.goto("/#/ladder/duck/head-to-head")  # an empty ladder
    expect(page.locator(".crosstable")).to_contain_text("Fewer than two bots")
    shoot(page, "history-empty-crosstable")
