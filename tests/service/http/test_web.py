"""The web client's page and files: served at `/`, under a strict CSP, out of the API spec,
and written so that the CSP can forbid inline script (no inline bodies, no `on*=` handlers)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from flask.testing import FlaskClient

from service.http.web import STATIC_DIR

ROOT = Path(__file__).resolve().parents[3]


def test_the_page_and_its_files_carry_the_security_headers(client: FlaskClient) -> None:
    for url, kind in [
        ("/", "text/html"),
        ("/web/js/main.js", "text/javascript"),
        ("/web/vendor/openapi-fetch.js", "text/javascript"),
        ("/web/css/app.css", "text/css"),
        ("/web/favicon.svg", "image/svg+xml"),
    ]:
        response = client.get(url)
        assert response.status_code == 200, url
        assert response.mimetype == kind, url
        csp = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "default-src 'none'" in csp
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"


def test_the_api_keeps_its_own_headers(client: FlaskClient) -> None:
    """The API's answers are JSON: a policy that loads nothing, not the page's (issue 17)."""
    response = client.get("/api/v1/catalog")
    assert response.status_code == 200
    assert (
        response.headers["Content-Security-Policy"] == "default-src 'none'; frame-ancestors 'none'"
    )


def test_the_client_is_not_part_of_the_api_spec(client: FlaskClient) -> None:
    paths = client.get("/openapi.json").json["paths"]
    assert all(path.startswith(("/api/", "/livez", "/readyz", "/healthz")) for path in paths)


class _Inline(HTMLParser):
    """Collects inline script bodies, event handler attributes and javascript: URLs."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}=...>")
            if value and value.strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}={value}>")
        self._in_script = tag == "script"
        if tag == "style" or any(name == "style" for name, _ in attrs):
            self.found.append(f"<{tag}> with an inline style")

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.found.append(f"inline script: {data.strip()[:40]}")


def test_no_html_file_has_inline_script_or_handlers() -> None:
    pages = list(STATIC_DIR.rglob("*.html"))
    assert pages
    for page in pages:
        parser = _Inline()
        parser.feed(page.read_text())
        assert parser.found == [], f"{page.relative_to(ROOT)}: {parser.found}"


def test_the_scripts_build_no_markup_from_strings_and_never_eval() -> None:
    """Text goes into the page as text (dom.js's `h`), so a name or a message is never markup;
    and nothing the CSP forbids (eval, inline handlers) is relied on."""
    scripts = list(STATIC_DIR.rglob("*.js"))
    assert scripts
    forbidden = re.compile(
        r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function"
    )
    for script in scripts:
        text = script.read_text()
        assert not forbidden.search(text), script.relative_to(ROOT)
        assert 'setAttribute("on' not in text
