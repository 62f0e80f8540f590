"""What the service adds to an engine game: who is asking (callers), what they are shown
(bodies), clocks and away seats, retries (idempotency) and each game's wire contract."""
