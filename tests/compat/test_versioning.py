"""The spec's `info.version` is the newest release of CHANGELOG.md, and it is semver."""

from __future__ import annotations

import json
import re
from pathlib import Path

from service.core.config import FIXED
from service.http.deprecation import FORMS, WINDOW_DAYS

ROOT = Path(__file__).resolve().parents[2]
SEMVER = re.compile(r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)")
RELEASE = re.compile(r"^## \[([^\]]+)\] - (\d{4}-\d{2}-\d{2})$", re.M)


def releases() -> list[tuple[str, str]]:
    return RELEASE.findall((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))


def test_info_version_is_the_newest_release_and_semver() -> None:
    newest, _ = releases()[0]
    assert SEMVER.fullmatch(newest), newest
    spec = json.loads((ROOT / "openapi/openapi.json").read_text(encoding="utf-8"))
    assert spec["info"]["version"] == newest == FIXED["API_VERSION"]


def test_releases_are_semver_newest_first() -> None:
    found = releases()
    versions = [tuple(int(p) for p in v.split(".")) for v, _ in found]
    assert all(SEMVER.fullmatch(v) for v, _ in found)
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)
    assert [d for _, d in found] == sorted((d for _, d in found), reverse=True)
    assert "## [Unreleased]" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_each_deprecated_form_keeps_its_window_and_the_docs_say_its_dates() -> None:
    """A sunset at least the promised window after the deprecation, and the changelog and the
    README quote the headers' dates as the server sends them."""
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "at least 6 months" in readme and WINDOW_DAYS >= 180
    for form in FORMS.values():
        assert (form.sunset - form.since).days >= WINDOW_DAYS
        headers = form.headers()
        assert f"Deprecation: {headers['Deprecation']}" in changelog
        assert f"Sunset: {headers['Sunset']}" in changelog
        assert f"## [{form.anchor[:1]}." in changelog  # the anchor names a release heading
        assert form.sunset.date().isoformat() in readme
        released = {f"{v.replace('.', '')}---{d}" for v, d in releases()}
        assert form.anchor in released
