from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_out import ErrorOut
from ...models.game_out import GameOut
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    wait: float | Unset = 0.0,
    after_version: int | Unset = UNSET,
    duckpond_app_key: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(duckpond_app_key, Unset):
        headers["Duckpond-App-Key"] = duckpond_app_key

    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match



    

    params: dict[str, Any] = {}

    params["wait"] = wait

    params["after_version"] = after_version


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}".format(game_id=quote(str(game_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | ErrorOut | GameOut:
    if response.status_code == 200:
        response_200 = GameOut.from_dict(response.json())



        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | ErrorOut | GameOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    wait: float | Unset = 0.0,
    after_version: int | Unset = UNSET,
    duckpond_app_key: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Response[Any | ErrorOut | GameOut]:
    """ Read a game: a seat's view with its token (hand, legal moves), else the public view.

     `?wait=30` holds the answer until the seat is to act (or the deal or game ended);
    `?wait=30&after_version=12` until anything changes after version 12. Without a seat
    (a spectator, the host) `?wait=30` alone waits for the next change after the version
    the request found.

    Args:
        game_id (str):
        wait (float | Unset):  Default: 0.0.
        after_version (int | Unset):
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorOut | GameOut]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
wait=wait,
after_version=after_version,
duckpond_app_key=duckpond_app_key,
if_none_match=if_none_match,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    wait: float | Unset = 0.0,
    after_version: int | Unset = UNSET,
    duckpond_app_key: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Any | ErrorOut | GameOut | None:
    """ Read a game: a seat's view with its token (hand, legal moves), else the public view.

     `?wait=30` holds the answer until the seat is to act (or the deal or game ended);
    `?wait=30&after_version=12` until anything changes after version 12. Without a seat
    (a spectator, the host) `?wait=30` alone waits for the next change after the version
    the request found.

    Args:
        game_id (str):
        wait (float | Unset):  Default: 0.0.
        after_version (int | Unset):
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorOut | GameOut
     """


    return sync_detailed(
        game_id=game_id,
client=client,
wait=wait,
after_version=after_version,
duckpond_app_key=duckpond_app_key,
if_none_match=if_none_match,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    wait: float | Unset = 0.0,
    after_version: int | Unset = UNSET,
    duckpond_app_key: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Response[Any | ErrorOut | GameOut]:
    """ Read a game: a seat's view with its token (hand, legal moves), else the public view.

     `?wait=30` holds the answer until the seat is to act (or the deal or game ended);
    `?wait=30&after_version=12` until anything changes after version 12. Without a seat
    (a spectator, the host) `?wait=30` alone waits for the next change after the version
    the request found.

    Args:
        game_id (str):
        wait (float | Unset):  Default: 0.0.
        after_version (int | Unset):
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorOut | GameOut]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
wait=wait,
after_version=after_version,
duckpond_app_key=duckpond_app_key,
if_none_match=if_none_match,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    wait: float | Unset = 0.0,
    after_version: int | Unset = UNSET,
    duckpond_app_key: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,

) -> Any | ErrorOut | GameOut | None:
    """ Read a game: a seat's view with its token (hand, legal moves), else the public view.

     `?wait=30` holds the answer until the seat is to act (or the deal or game ended);
    `?wait=30&after_version=12` until anything changes after version 12. Without a seat
    (a spectator, the host) `?wait=30` alone waits for the next change after the version
    the request found.

    Args:
        game_id (str):
        wait (float | Unset):  Default: 0.0.
        after_version (int | Unset):
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorOut | GameOut
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
wait=wait,
after_version=after_version,
duckpond_app_key=duckpond_app_key,
if_none_match=if_none_match,

    )).parsed
