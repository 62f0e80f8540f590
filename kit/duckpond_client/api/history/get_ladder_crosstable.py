from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.crosstable_out import CrosstableOut
from ...models.error_out import ErrorOut
from ...models.get_ladder_crosstable_game import GetLadderCrosstableGame
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game: GetLadderCrosstableGame,
    *,
    limit: int | Unset = 20,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/ladder/{game}/head-to-head".format(game=quote(str(game), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CrosstableOut | ErrorOut:
    if response.status_code == 200:
        response_200 = CrosstableOut.from_dict(response.json())



        return response_200

    if response.status_code == 404:
        response_404 = ErrorOut.from_dict(response.json())



        return response_404

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CrosstableOut | ErrorOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game: GetLadderCrosstableGame,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,

) -> Response[CrosstableOut | ErrorOut]:
    """ The game's crosstable: the head-to-head record of every pair among the ladder's `limit`
    best bots (20 unless told, at most 100) that met in a rated match game, each pair once,
    the higher-placed bot first (its mean score per deal minus the other's, paired per match
    game, with its 95% interval; see `GET /ladder/{game}/bots/{bot}`). Public: no token.

    Args:
        game (GetLadderCrosstableGame):
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CrosstableOut | ErrorOut]
     """


    kwargs = _get_kwargs(
        game=game,
limit=limit,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game: GetLadderCrosstableGame,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,

) -> CrosstableOut | ErrorOut | None:
    """ The game's crosstable: the head-to-head record of every pair among the ladder's `limit`
    best bots (20 unless told, at most 100) that met in a rated match game, each pair once,
    the higher-placed bot first (its mean score per deal minus the other's, paired per match
    game, with its 95% interval; see `GET /ladder/{game}/bots/{bot}`). Public: no token.

    Args:
        game (GetLadderCrosstableGame):
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CrosstableOut | ErrorOut
     """


    return sync_detailed(
        game=game,
client=client,
limit=limit,

    ).parsed

async def asyncio_detailed(
    game: GetLadderCrosstableGame,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,

) -> Response[CrosstableOut | ErrorOut]:
    """ The game's crosstable: the head-to-head record of every pair among the ladder's `limit`
    best bots (20 unless told, at most 100) that met in a rated match game, each pair once,
    the higher-placed bot first (its mean score per deal minus the other's, paired per match
    game, with its 95% interval; see `GET /ladder/{game}/bots/{bot}`). Public: no token.

    Args:
        game (GetLadderCrosstableGame):
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CrosstableOut | ErrorOut]
     """


    kwargs = _get_kwargs(
        game=game,
limit=limit,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game: GetLadderCrosstableGame,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,

) -> CrosstableOut | ErrorOut | None:
    """ The game's crosstable: the head-to-head record of every pair among the ladder's `limit`
    best bots (20 unless told, at most 100) that met in a rated match game, each pair once,
    the higher-placed bot first (its mean score per deal minus the other's, paired per match
    game, with its 95% interval; see `GET /ladder/{game}/bots/{bot}`). Public: no token.

    Args:
        game (GetLadderCrosstableGame):
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CrosstableOut | ErrorOut
     """


    return (await asyncio_detailed(
        game=game,
client=client,
limit=limit,

    )).parsed
