"""Deprecation notices on the wire: a request in a deprecated form is answered as before, plus
`Deprecation` (RFC 9745), `Sunset` (RFC 8594) and a `Link` to the changelog entry that says
what to send instead. One table of forms and dates, so the headers, the spec and the README
cannot disagree on a sunset."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import format_datetime
from pathlib import Path
from typing import Any

from flask import Flask, Response, abort

from service.games.old_forms import OLD_DEAL

CHANGELOG_PATH = "/docs/changelog"
"""Where the API serves CHANGELOG.md (outside `/api/v1`, so outside the spec, as `/docs` is)."""

CHANGELOG_FILE = Path(__file__).resolve().parents[2] / "CHANGELOG.md"

WINDOW_DAYS = 180
"""The least time an old form keeps working after it is deprecated (the README says so)."""


@dataclass(frozen=True)
class Deprecated:
    """A deprecated form: since when, until when it is read, and its changelog anchor."""

    since: datetime
    sunset: datetime
    anchor: str

    def headers(self) -> dict[str, str]:
        """The three headers a request in this form is answered with."""
        return {
            "Deprecation": f"@{int(self.since.timestamp())}",
            "Sunset": format_datetime(self.sunset, usegmt=True),
            "Link": f'<{CHANGELOG_PATH}#{self.anchor}>; rel="deprecation"; type="text/markdown"',
        }


FORMS: dict[str, Deprecated] = {
    OLD_DEAL: Deprecated(
        since=datetime(2026, 12, 4, tzinfo=UTC),
        sunset=datetime(2027, 6, 30, 23, 59, 59, tzinfo=UTC),
        anchor="500---2026-12-04",
    ),
}


def mark(response: Response, form: str) -> Response:
    """`response` with the deprecation headers of `form`."""
    response.headers.update(FORMS[form].headers())
    return response


def spec_headers(form: str) -> dict[str, dict[str, Any]]:
    """The response headers an operation that reads `form` documents (only on a request in
    the deprecated form)."""
    notice = FORMS[form]
    when = "Only when the request used a deprecated form"
    return {
        "Deprecation": {
            "description": f"{when} (RFC 9745): `@<unix seconds>`, when it was deprecated.",
            "schema": {"type": "string", "pattern": "^@[0-9]+$"},
        },
        "Sunset": {
            "description": f"{when} (RFC 8594): the HTTP-date after which it may be refused "
            f"(this form: {format_datetime(notice.sunset, usegmt=True)}).",
            "schema": {"type": "string"},
        },
        "Link": {
            "description": f'{when}: `<{CHANGELOG_PATH}#...>; rel="deprecation"`, the '
            "changelog entry that says what to send instead.",
            "schema": {"type": "string"},
        },
    }


def init_app(app: Flask) -> None:
    """Serve the changelog the `Link` headers point to."""

    def changelog() -> Response:
        if not CHANGELOG_FILE.is_file():  # an image built without it
            abort(404)
        return Response(CHANGELOG_FILE.read_text(encoding="utf-8"), mimetype="text/markdown")

    app.add_url_rule(CHANGELOG_PATH, "changelog", changelog, methods=["GET"])
