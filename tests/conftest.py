"""The whole suite runs with app keys off unless a test turns them on: hundreds of tests (and
the servers they start, which inherit this environment) create games without a key. The
service's own default is `APP_KEYS=required`; tests/service/access/test_app_keys.py, the quickstart,
the web client's and the generated client's tests run with keys on."""

from __future__ import annotations

import os

os.environ.setdefault("APP_KEYS", "off")
