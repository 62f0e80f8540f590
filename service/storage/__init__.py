"""Storage: Redis keys and the atomic writes of games and matches, compaction, the
per-process game cache. Imports only `service.core`."""
