"""Swagger UI's files served by the app itself, so `/docs` works with no internet access.

flask-smorest renders the `/docs` page; the scripts and styles it loads come from the
`swagger-ui-py` package (Swagger UI 5, which reads OpenAPI 3.1) instead of a CDN.
"""

from __future__ import annotations

from pathlib import Path

import swagger_ui
from flask import Blueprint, Flask

ASSETS_URL = "/docs/static"
ASSETS_DIR = Path(swagger_ui.__file__).parent / "static"


def init_app(app: Flask) -> None:
    """Serve the assets outside the API blueprints, so they stay out of the spec."""
    assets = Blueprint(
        "swagger_ui_assets", __name__, static_folder=str(ASSETS_DIR), static_url_path=ASSETS_URL
    )
    app.register_blueprint(assets)
