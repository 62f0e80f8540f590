"""duckpond_kit: bring your own bot to a duckpond service.

Write one function, `choose(view) -> move`, register its name with your app key and let the kit
play its seats: `Kit(url, app_key).match(game, ["mybot", "heuristic"], games, play={"mybot":
choose})` creates a duplicate match against the service's heuristic, plays every seat of it
and answers the results; `python -m duckpond_kit play --url URL --key KEY --bot
mybot=module:function` plays every seat of the key's bots, in any number of matches at once.
docs/kit.md in the service's repository says the rest.
"""

from duckpond_kit.kit import Kit
from duckpond_kit.runner import Choose, Runner, SeatOrder
from duckpond_kit.transport import KitError

__all__ = ["Choose", "Kit", "KitError", "Runner", "SeatOrder"]
