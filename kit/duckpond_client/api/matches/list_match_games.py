from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_out import ErrorOut
from ...models.match_games_out import MatchGamesOut
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    match_id: str,
    *,
    start: int | Unset = 0,
    limit: int | Unset = 100,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["start"] = start

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/matches/{match_id}/games".format(match_id=quote(str(match_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorOut | MatchGamesOut:
    if response.status_code == 200:
        response_200 = MatchGamesOut.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorOut | MatchGamesOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient | Client,
    start: int | Unset = 0,
    limit: int | Unset = 100,

) -> Response[ErrorOut | MatchGamesOut]:
    """ Read a match's per-game records: rotation assignments and per-seat scores.

    Args:
        match_id (str):
        start (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | MatchGamesOut]
     """


    kwargs = _get_kwargs(
        match_id=match_id,
start=start,
limit=limit,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    match_id: str,
    *,
    client: AuthenticatedClient | Client,
    start: int | Unset = 0,
    limit: int | Unset = 100,

) -> ErrorOut | MatchGamesOut | None:
    """ Read a match's per-game records: rotation assignments and per-seat scores.

    Args:
        match_id (str):
        start (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | MatchGamesOut
     """


    return sync_detailed(
        match_id=match_id,
client=client,
start=start,
limit=limit,

    ).parsed

async def asyncio_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient | Client,
    start: int | Unset = 0,
    limit: int | Unset = 100,

) -> Response[ErrorOut | MatchGamesOut]:
    """ Read a match's per-game records: rotation assignments and per-seat scores.

    Args:
        match_id (str):
        start (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | MatchGamesOut]
     """


    kwargs = _get_kwargs(
        match_id=match_id,
start=start,
limit=limit,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    match_id: str,
    *,
    client: AuthenticatedClient | Client,
    start: int | Unset = 0,
    limit: int | Unset = 100,

) -> ErrorOut | MatchGamesOut | None:
    """ Read a match's per-game records: rotation assignments and per-seat scores.

    Args:
        match_id (str):
        start (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | MatchGamesOut
     """


    return (await asyncio_detailed(
        match_id=match_id,
client=client,
start=start,
limit=limit,

    )).parsed
