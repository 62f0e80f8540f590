"""The test suites' own helpers, one importable package (`pythonpath = ["tests"]` in
pyproject.toml): per-seat clients and pinned deals, the fixtures of a real Redis, workers and
gunicorn, a real Redis Cluster, the fault suite's processes, stream readers and proxies."""
