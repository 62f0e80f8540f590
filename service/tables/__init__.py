"""Hosted games ("tables"): creating them, moves and every other change, bot turns,
open seats, the lobby and rematches."""
