from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.doppelkopf_match_in import DoppelkopfMatchIn
from ...models.doubleduck_match_in import DoubleduckMatchIn
from ...models.duck_match_in import DuckMatchIn
from ...models.ducksoup_match_in import DucksoupMatchIn
from ...models.error_out import ErrorOut
from ...models.match_created_out import MatchCreatedOut
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: DoppelkopfMatchIn | DoubleduckMatchIn | DuckMatchIn | DucksoupMatchIn,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/matches",
    }

    
    if isinstance(body, DoubleduckMatchIn):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DucksoupMatchIn):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DuckMatchIn):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorOut | MatchCreatedOut:
    if response.status_code == 202:
        response_202 = MatchCreatedOut.from_dict(response.json())



        return response_202

    if response.status_code == 400:
        response_400 = ErrorOut.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorOut.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorOut.from_dict(response.json())



        return response_403

    if response.status_code == 409:
        response_409 = ErrorOut.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = ErrorOut.from_dict(response.json())



        return response_413

    if response.status_code == 422:
        response_422 = ErrorOut.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = ErrorOut.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = ErrorOut.from_dict(response.json())



        return response_503

    response_default = ErrorOut.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorOut | MatchCreatedOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: DoppelkopfMatchIn | DoubleduckMatchIn | DuckMatchIn | DucksoupMatchIn,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorOut | MatchCreatedOut]:
    """ Start a match: one RQ job per game, each game played with every rotation of the bots.

     Game i is dealt from the seed `{seed}:{i}` in every rotation, so each bot plays the same
    cards from every seat (duplicate deals) and the match is reproducible from its seed.

    `bots` may name outside bots registered by the app key (`POST /api/v1/bots`): then each
    game and rotation is a real game of this service, `concurrency` of them at once, where
    each outside bot's seat is told to its key (a `match_seat` entry on `GET /api/v1/feed`,
    and `GET /api/v1/feed/seats`) and played through the ordinary move API with that seat's
    token and the key in `Duckpond-App-Key`. A move not made within `move_seconds` is played
    by the random bot and counted in the bot's `timeouts`. Another key's bot is refused (403
    `challenge_required`): challenge it (`POST /api/v1/challenges`).
    Poll the `Location` for progress and results. The answer's `host_token` (shown once)
    may cancel the match. Needs an app key (unless the operator turned them off), whose
    quotas of match games per match and per day apply (429).

    Send an `Idempotency-Key` to retry safely when the outcome is unknown (a 503, a cut
    connection): the retry gets the first answer back (`Idempotent-Replayed: true`, the same
    id and host token), starts no second match and counts against no quota. The key is the
    caller's own, as for games.

    Args:
        idempotency_key (str | Unset):
        body (DoppelkopfMatchIn | DoubleduckMatchIn | DuckMatchIn | DucksoupMatchIn): One schema
            per game, told apart by `game`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | MatchCreatedOut]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: DoppelkopfMatchIn | DoubleduckMatchIn | DuckMatchIn | DucksoupMatchIn,
    idempotency_key: str | Unset = UNSET,

) -> ErrorOut | MatchCreatedOut | None:
    """ Start a match: one RQ job per game, each game played with every rotation of the bots.

     Game i is dealt from the seed `{seed}:{i}` in every rotation, so each bot plays the same
    cards from every seat (duplicate deals) and the match is reproducible from its seed.

    `bots` may name outside bots registered by the app key (`POST /api/v1/bots`): then each
    game and rotation is a real game of this service, `concurrency` of them at once, where
    each outside bot's seat is told to its key (a `match_seat` entry on `GET /api/v1/feed`,
    and `GET /api/v1/feed/seats`) and played through the ordinary move API with that seat's
    token and the key in `Duckpond-App-Key`. A move not made within `move_seconds` is played
    by the random bot and counted in the bot's `timeouts`. Another key's bot is refused (403
    `challenge_required`): challenge it (`POST /api/v1/challenges`).
    Poll the `Location` for progress and results. The answer's `host_token` (shown once)
    may cancel the match. Needs an app key (unless the operator turned them off), whose
    quotas of match games per match and per day apply (429).

    Send an `Idempotency-Key` to retry safely when the outcome is unknown (a 503, a cut
    connection): the retry gets the first answer back (`Idempotent-Replayed: true`, the same
    id and host token), starts no second match and counts against no quota. The key is the
    caller's own, as for games.

    Args:
        idempotency_key (str | Unset):
        body (DoppelkopfMatchIn | DoubleduckMatchIn | DuckMatchIn | DucksoupMatchIn): One schema
            per game, told apart by `game`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | MatchCreatedOut
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: DoppelkopfMatchIn | DoubleduckMatchIn | DuckMatchIn | DucksoupMatchIn,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorOut | MatchCreatedOut]:
    """ Start a match: one RQ job per game, each game played with every rotation of the bots.

     Game i is dealt from the seed `{seed}:{i}` in every rotation, so each bot plays the same
    cards from every seat (duplicate deals) and the match is reproducible from its seed.

    `bots` may name outside bots registered by the app key (`POST /api/v1/bots`): then each
    game and rotation is a real game of this service, `concurrency` of them at once, where
    each outside bot's seat is told to its key (a `match_seat` entry on `GET /api/v1/feed`,
    and `GET /api/v1/feed/seats`) and played through the ordinary move API with that seat's
    token and the key in `Duckpond-App-Key`. A move not made within `move_seconds` is played
    by the random bot and counted in the bot's `timeouts`. Another key's bot is refused (403
    `challenge_required`): challenge it (`POST /api/v1/challenges`).
    Poll the `Location` for progress and results. The answer's `host_token` (shown once)
    may cancel the match. Needs an app key (unless the operator turned them off), whose
    quotas of match games per match and per day apply (429).

    Send an `Idempotency-Key` to retry safely when the outcome is unknown (a 503, a cut
    connection): the retry gets the first answer back (`Idempotent-Replayed: true`, the same
    id and host token), starts no second match and counts against no quota. The key is the
    caller's own, as for games.

    Args:
        idempotency_key (str | Unset):
        body (DoppelkopfMatchIn | DoubleduckMatchIn | DuckMatchIn | DucksoupMatchIn): One schema
            per game, told apart by `game`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | MatchCreatedOut]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: DoppelkopfMatchIn | DoubleduckMatchIn | DuckMatchIn | DucksoupMatchIn,
    idempotency_key: str | Unset = UNSET,

) -> ErrorOut | MatchCreatedOut | None:
    """ Start a match: one RQ job per game, each game played with every rotation of the bots.

     Game i is dealt from the seed `{seed}:{i}` in every rotation, so each bot plays the same
    cards from every seat (duplicate deals) and the match is reproducible from its seed.

    `bots` may name outside bots registered by the app key (`POST /api/v1/bots`): then each
    game and rotation is a real game of this service, `concurrency` of them at once, where
    each outside bot's seat is told to its key (a `match_seat` entry on `GET /api/v1/feed`,
    and `GET /api/v1/feed/seats`) and played through the ordinary move API with that seat's
    token and the key in `Duckpond-App-Key`. A move not made within `move_seconds` is played
    by the random bot and counted in the bot's `timeouts`. Another key's bot is refused (403
    `challenge_required`): challenge it (`POST /api/v1/challenges`).
    Poll the `Location` for progress and results. The answer's `host_token` (shown once)
    may cancel the match. Needs an app key (unless the operator turned them off), whose
    quotas of match games per match and per day apply (429).

    Send an `Idempotency-Key` to retry safely when the outcome is unknown (a 503, a cut
    connection): the retry gets the first answer back (`Idempotent-Replayed: true`, the same
    id and host token), starts no second match and counts against no quota. The key is the
    caller's own, as for games.

    Args:
        idempotency_key (str | Unset):
        body (DoppelkopfMatchIn | DoubleduckMatchIn | DuckMatchIn | DucksoupMatchIn): One schema
            per game, told apart by `game`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | MatchCreatedOut
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
