"""Marshmallow schemas of every body, parameter and answer; they are also the OpenAPI spec.

Input schemas reject unknown fields (flask-smorest's default, against mass assignment); server-
owned fields (id, version, status, tokens) exist only in output schemas.

One module per concern (`games`, `moves`, `matches`, `challenges`, `bots`, `feed`, `catalog`,
`health`, `errors`), built on `base` and the shared `parameters`; this package names every
schema the routes import, so a route need not know which module holds it. Flask-smorest names
each spec component after its class: a class renamed is a spec changed.
"""

from service.schemas.base import documented
from service.schemas.bots import BotIn, BotOut, BotsOut, LadderOut
from service.schemas.catalog import CatalogOut
from service.schemas.challenges import (
    ChallengeAnswerIn,
    ChallengeCreatedOut,
    ChallengeIn,
    ChallengeOut,
    ChallengesOut,
)
from service.schemas.errors import ErrorOut
from service.schemas.feed import (
    FEED_TYPES,
    DeliveriesOut,
    FeedGamesOut,
    FeedHeaders,
    FeedQuery,
    FeedSeatsOut,
    WebhookCreatedOut,
    WebhookIn,
    WebhookOut,
    WebhooksOut,
)
from service.schemas.games import (
    IF_NONE_MATCH_MAX,
    ClaimIn,
    CreatedOut,
    CreateGameIn,
    GameOut,
    LobbyOut,
    LobbyQuery,
    RecordOut,
    RematchHeaders,
    RematchIn,
    RematchOut,
    ScoreOut,
    SeatTokenOut,
    ViewHeaders,
    ViewQuery,
)
from service.schemas.health import HealthOut, SystemHealthOut
from service.schemas.matches import (
    GamesQuery,
    MatchCancelHeaders,
    MatchCancelIn,
    MatchCreatedOut,
    MatchGamesOut,
    MatchIn,
    MatchOut,
)
from service.schemas.moves import (
    AbandonHeaders,
    AbandonIn,
    ChangeHeaders,
    ChangeOut,
    DealRequestIn,
    EventsHeaders,
    EventsOut,
    EventsQuery,
    MoveIn,
    MoveQuery,
    PresenceHeaders,
    PresenceIn,
    ResignHeaders,
    ResignIn,
    StreamHeaders,
    StreamQuery,
)
from service.schemas.parameters import IDEMPOTENCY_KEY, IF_MATCH, CreateHeaders

__all__ = [
    "FEED_TYPES",
    "IDEMPOTENCY_KEY",
    "IF_MATCH",
    "IF_NONE_MATCH_MAX",
    "AbandonHeaders",
    "AbandonIn",
    "BotIn",
    "BotOut",
    "BotsOut",
    "CatalogOut",
    "ChallengeAnswerIn",
    "ChallengeCreatedOut",
    "ChallengeIn",
    "ChallengeOut",
    "ChallengesOut",
    "ChangeHeaders",
    "ChangeOut",
    "ClaimIn",
    "CreateGameIn",
    "CreateHeaders",
    "CreatedOut",
    "DealRequestIn",
    "DeliveriesOut",
    "ErrorOut",
    "EventsHeaders",
    "EventsOut",
    "EventsQuery",
    "FeedGamesOut",
    "FeedHeaders",
    "FeedQuery",
    "FeedSeatsOut",
    "GameOut",
    "GamesQuery",
    "HealthOut",
    "LadderOut",
    "LobbyOut",
    "LobbyQuery",
    "MatchCancelHeaders",
    "MatchCancelIn",
    "MatchCreatedOut",
    "MatchGamesOut",
    "MatchIn",
    "MatchOut",
    "MoveIn",
    "MoveQuery",
    "PresenceHeaders",
    "PresenceIn",
    "RecordOut",
    "RematchHeaders",
    "RematchIn",
    "RematchOut",
    "ResignHeaders",
    "ResignIn",
    "ScoreOut",
    "SeatTokenOut",
    "StreamHeaders",
    "StreamQuery",
    "SystemHealthOut",
    "ViewHeaders",
    "ViewQuery",
    "WebhookCreatedOut",
    "WebhookIn",
    "WebhookOut",
    "WebhooksOut",
    "documented",
]
