"""The browser tests' fixtures (`testkit.web_e2e`): `browser`, `live_url`, `console`,
`context` and `page`, for every `test_web_*_e2e.py` here."""

from testkit.web_e2e import browser, console, context, live_url, page

__all__ = ["browser", "console", "context", "live_url", "page"]
