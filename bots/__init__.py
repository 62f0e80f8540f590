"""Computer players: pure policies over the engine protocol (no Flask, Redis or RQ here)."""
