"""The duckpond game service: a stateless Flask API over Redis, with bot turns run by RQ.

Its packages are its layers, each importing only those below it (docs/architecture.md;
import-linter holds it): the entry points (this folder's modules) -> `api` (routes) -> `http`
(the edge) -> `wiring` -> the use cases (`matches`, `tables`, `streams`, `access`) -> `games`
-> `storage` -> `core`.
"""
