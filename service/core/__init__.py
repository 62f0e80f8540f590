"""The core every layer stands on: errors and their one table, settings, metrics, codecs,
connections and where data lives (shards). Imports nothing else of the service."""
