"""The duckpond game service: a stateless Flask API over Redis, with bot turns run by RQ.

Layers, outside in: `service.api` (blueprints, one per resource) -> `service.games` (use cases,
the only place a game changes) -> `service.store` (Redis keys and the atomic compare-and-set).
"""
