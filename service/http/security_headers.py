"""Security headers on every API answer, and no server banner.

The web client's routes set their own, stricter page headers (`service.http.web`); Swagger UI
(`/docs`) needs its scripts and styles, so it keeps its own page too. Every other answer is
JSON (or the metrics' text) that no browser should render, frame, sniff or refer onward:

- `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'`: nothing loads;
- `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`, `Referrer-Policy: no-referrer`,
  `Cross-Origin-Opener-Policy: same-origin`.

HSTS belongs to the TLS front (the service speaks plain HTTP behind it), so it is not set here.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, request

API_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}
OWN_PAGES = ("/docs",)
"""Paths whose pages set their own policy (Swagger UI runs scripts)."""


def init_app(app: Flask) -> None:
    app.after_request(_secure)


API_LIST = list(API_HEADERS.items())
PAGE_LIST = [(name, value) for name, value in API_LIST if name != "Content-Security-Policy"]


def _secure(response: Response) -> Response:
    """Adds the headers the answer does not have yet (a page's own come first), with one look
    at the headers instead of one scan per name: every answer pays this."""
    own_page = request.blueprint == "web" or request.path.startswith(OWN_PAGES)
    headers = response.headers
    present = {name.lower() for name, _ in headers.items()}
    for name, value in PAGE_LIST if own_page else API_LIST:
        if name.lower() not in present:
            headers.add(name, value)
    return response


def hide_server_banner() -> None:
    """gunicorn writes `Server: gunicorn` on every answer and has no setting to drop it: this
    drops that one line from the headers it writes (its version tells an attacker which
    advisories apply, and no client needs it)."""
    from gunicorn.http import wsgi

    original = wsgi.Response.default_headers

    def default_headers(self: Any) -> list[str]:
        return [h for h in original(self) if not h.startswith("Server:")]

    wsgi.Response.default_headers = default_headers
