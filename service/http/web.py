"""The web client: a table in the browser, served by the service itself at `/`.

Plain ES modules, CSS and one HTML page from `service/web/static/` (no build step, no CDN);
the client talks to the public API only, like any other client. This is a plain Flask
blueprint, not a flask-smorest one, so `/` and its files stay out of the OpenAPI spec.

Its responses, and only its, carry the security headers of a page that holds seat tokens:
no inline script or style, nothing loaded from elsewhere, no Referer (the token travels in
the URL's fragment, which browsers never send, and no Referer can carry the page's URL).
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, Response, send_from_directory

STATIC_DIR = Path(__file__).parents[1] / "web" / "static"

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}

web = Blueprint("web", __name__, static_folder=str(STATIC_DIR), static_url_path="/web")


@web.route("/", methods=["GET"])
def index() -> Response:
    """The one page; everything after `#` (the route, a seat's token) stays in the browser."""
    return send_from_directory(STATIC_DIR, "index.html", max_age=0)


@web.after_request
def secure(response: Response) -> Response:
    response.headers.update(SECURITY_HEADERS)
    return response


def init_app(app: Flask) -> None:
    app.register_blueprint(web)
