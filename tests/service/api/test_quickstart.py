"""docs/quickstart.md is run as a reader runs it: every ```sh block, in order, in one bash
session (variables carry over), against the live service (gunicorn, Redis, the RQ worker),
each output compared with the block shown after it. Game ids, tokens and deal commitments
differ from run to run and are normalised; everything else the page shows is deterministic
(fixed seeds, seeded bots).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "quickstart.md"
DOC_BASE = "http://127.0.0.1:8000"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
TOKEN = re.compile(r"(?<![\w-])[\w-]{12}\.[\w-]{20,}(?![\w-])")
GAME_ID = re.compile(r'("id": ?)"[A-Za-z0-9_-]{12}"')
COMMITMENT = re.compile(r'("deal_commitment": ?)"[0-9a-f]{64}"')
"""A deal's commitment is salted with 128 random bits: it differs in every run."""
SERVE = "scripts/serve"
"""The block that starts the service: the test serves it instead."""
DOC_KEY = "dpk_0123456789ab_paste-the-key-scripts-serve-printed-here"
"""The page's stand-in for the app key scripts/serve prints: the test's own key replaces it."""


def steps(text: str) -> list[tuple[str, str | None]]:
    """(sh block, the output block right after it or None), in page order."""
    blocks = [(m.group(1), m.group(2), m.start(), m.end()) for m in FENCE.finditer(text)]
    out: list[tuple[str, str | None]] = []
    for i, (lang, body, _, end) in enumerate(blocks):
        if lang != "sh" or body.startswith(SERVE):
            continue
        after = blocks[i + 1] if i + 1 < len(blocks) else None
        shown = None
        if after is not None and after[0] in ("json", "") and not text[end : after[2]].strip():
            shown = after[1]
        out.append((body, shown))
    return out


def normalised(text: str) -> str:
    text = TOKEN.sub("TOKEN", text)
    text = GAME_ID.sub(r'\1"GAME"', text)
    text = COMMITMENT.sub(r'\1"COMMITMENT"', text)
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def test_the_quickstart_runs_as_written(served_with_keys: tuple[int, str], tmp_path: Path) -> None:
    """With app keys required, as scripts/serve runs the service."""
    if not (shutil.which("curl") and shutil.which("jq")):
        pytest.fail("curl and jq are not installed (scripts/test installs them)")
    port, key = served_with_keys
    base = f"http://127.0.0.1:{port}"
    text = PAGE.read_text(encoding="utf-8")
    assert DOC_KEY in text
    page = steps(text)
    assert len(page) > 10
    script = ["set -u"]
    for i, (body, _) in enumerate(page):
        step = body.replace(DOC_BASE, base).replace(DOC_KEY, key)
        script += [f"echo '@@step {i}'", step, f"echo '@@step {i} end'"]
    (tmp_path / "quickstart.sh").write_text("\n".join(script) + "\n")
    done = subprocess.run(
        ["bash", "quickstart.sh"], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    outputs = re.findall(r"^@@step (\d+)\n(.*?)^@@step \1 end$", done.stdout, re.M | re.S)
    assert len(outputs) == len(page), done.stdout[-2000:]
    wrong = [
        f"$ {body}\n-- the page shows --\n{shown}\n-- it printed --\n{output}"
        for (_, output), (body, shown) in zip(outputs, page, strict=True)
        if shown is not None and normalised(output) != normalised(shown)
    ]
    assert not wrong, "\n\n".join(wrong)
