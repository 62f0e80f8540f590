from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_out import ErrorOut
from ...models.get_lobby_game import GetLobbyGame
from ...models.lobby_out import LobbyOut
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game: GetLobbyGame,
    *,
    limit: int | Unset = 50,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/lobby/{game}".format(game=quote(str(game), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorOut | LobbyOut:
    if response.status_code == 200:
        response_200 = LobbyOut.from_dict(response.json())



        return response_200

    if response.status_code == 401:
        response_401 = ErrorOut.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorOut.from_dict(response.json())



        return response_403

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorOut | LobbyOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game: GetLobbyGame,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,

) -> Response[ErrorOut | LobbyOut]:
    """ The tables of one game that wait for players, newest first: each with its open seats,
    options, age and invite code (`POST /api/v1/games/{id}/claim` takes a seat).

     A table is listed when its creation said `lobby`: `key` lists it to callers with the app
    key that made it, `all` to every app key. Needs `Authorization: Bearer <app key>` (unless
    the operator turned app keys off: then every table made without a key is listed). A table
    leaves the lobby once its seats are taken, or it ends. A name no game has is a 404.

    Args:
        game (GetLobbyGame):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | LobbyOut]
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
    game: GetLobbyGame,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,

) -> ErrorOut | LobbyOut | None:
    """ The tables of one game that wait for players, newest first: each with its open seats,
    options, age and invite code (`POST /api/v1/games/{id}/claim` takes a seat).

     A table is listed when its creation said `lobby`: `key` lists it to callers with the app
    key that made it, `all` to every app key. Needs `Authorization: Bearer <app key>` (unless
    the operator turned app keys off: then every table made without a key is listed). A table
    leaves the lobby once its seats are taken, or it ends. A name no game has is a 404.

    Args:
        game (GetLobbyGame):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | LobbyOut
     """


    return sync_detailed(
        game=game,
client=client,
limit=limit,

    ).parsed

async def asyncio_detailed(
    game: GetLobbyGame,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,

) -> Response[ErrorOut | LobbyOut]:
    """ The tables of one game that wait for players, newest first: each with its open seats,
    options, age and invite code (`POST /api/v1/games/{id}/claim` takes a seat).

     A table is listed when its creation said `lobby`: `key` lists it to callers with the app
    key that made it, `all` to every app key. Needs `Authorization: Bearer <app key>` (unless
    the operator turned app keys off: then every table made without a key is listed). A table
    leaves the lobby once its seats are taken, or it ends. A name no game has is a 404.

    Args:
        game (GetLobbyGame):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | LobbyOut]
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
    game: GetLobbyGame,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,

) -> ErrorOut | LobbyOut | None:
    """ The tables of one game that wait for players, newest first: each with its open seats,
    options, age and invite code (`POST /api/v1/games/{id}/claim` takes a seat).

     A table is listed when its creation said `lobby`: `key` lists it to callers with the app
    key that made it, `all` to every app key. Needs `Authorization: Bearer <app key>` (unless
    the operator turned app keys off: then every table made without a key is listed). A table
    leaves the lobby once its seats are taken, or it ends. A name no game has is a 404.

    Args:
        game (GetLobbyGame):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | LobbyOut
     """


    return (await asyncio_detailed(
        game=game,
client=client,
limit=limit,

    )).parsed
