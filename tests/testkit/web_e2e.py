"""The web client's end-to-end fixtures, shared by every `test_web_*_e2e.py`: one chromium per
module (Debian's, driven by Playwright), the live service with an app key, a console watcher
that fails a test on any console error, and a page with all three.

tests/service/http/conftest.py hands the fixtures to those modules; the constants and
`Console` are imported from here.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from flask import Flask
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from werkzeug.serving import make_server

from service.access.app_keys import AppKeys
from service.app import create_app
from testkit.service_fixtures import _settings

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "var" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
TURN = 20_000  # ms: the longest a turn may take to come back (bots play in the worker)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing (scripts/test installs Debian's chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


KEYS: dict[str, str] = {}
"""The app key of each live server, by its URL (the `api` helper sends it on creations)."""


@pytest.fixture()
def live_url(bot_app: Flask, redis_port: int) -> Iterator[str]:
    """The app on the worker's database (app keys required), served by a threaded server on a
    free port; `bot_app` clears the database and starts the worker."""
    keyed = create_app({**_settings(redis_port, 1), "APP_KEYS": "required"})
    server = make_server("127.0.0.1", 0, keyed, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_port}"
    KEYS[url] = AppKeys(redis.Redis(port=redis_port, db=1)).issue("e2e").key
    yield url
    server.shutdown()
    thread.join(timeout=10)
    KEYS.pop(url, None)


class Console:
    """Every console error and uncaught exception of the pages it watches."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.allowed: list[re.Pattern[str]] = []

    def watch(self, page: Page) -> Page:
        page.on("console", lambda m: self._add(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self._add(f"uncaught: {e}"))
        return page

    def allow(self, pattern: str) -> None:
        self.allowed.append(re.compile(pattern))

    def _add(self, text: str) -> None:
        if not any(p.search(text) for p in self.allowed):
            self.errors.append(text)


@pytest.fixture()
def console() -> Iterator[Console]:
    watcher = Console()
    yield watcher
    assert watcher.errors == [], f"console errors: {watcher.errors}"


@pytest.fixture()
def context(browser: Browser, live_url: str) -> Iterator[BrowserContext]:
    ctx = browser.new_context(base_url=live_url, viewport=DESKTOP)
    ctx.add_init_script(f"localStorage.setItem('duckpond.appKey', {json.dumps(KEYS[live_url])})")
    ctx.set_default_timeout(TURN)
    yield ctx
    ctx.close()


@pytest.fixture()
def page(context: BrowserContext, console: Console) -> Page:
    return console.watch(context.new_page())


def boxes(page: Page, *selectors: str) -> list[dict[str, float]]:
    """The boxes of the first elements `selectors` match, read in one go once all are laid out.

    One read, because the client draws the table anew on each stream message: a box read
    element by element may come from a seat that has just been replaced (Playwright gives None).
    """
    found = page.wait_for_function(
        """(selectors) => {
            const rects = selectors.map((s) => document.querySelector(s)?.getBoundingClientRect());
            if (!rects.every((r) => r && r.height)) return null;
            return rects.map((r) => ({x: r.left, y: r.top, width: r.width, height: r.height}));
        }""",
        arg=list(selectors),
        timeout=TURN,
    )
    return found.json_value()
