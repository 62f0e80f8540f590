from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_out import ErrorOut
from ...models.events_out import EventsOut
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    after: int | Unset = 0,
    limit: int | Unset = 500,
    duckpond_app_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(duckpond_app_key, Unset):
        headers["Duckpond-App-Key"] = duckpond_app_key



    

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}/events".format(game_id=quote(str(game_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorOut | EventsOut:
    if response.status_code == 200:
        response_200 = EventsOut.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorOut.from_dict(response.json())



        return response_400

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorOut | EventsOut]:
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
    after: int | Unset = 0,
    limit: int | Unset = 500,
    duckpond_app_key: str | Unset = UNSET,

) -> Response[ErrorOut | EventsOut]:
    """ Read the events numbered after `after`, a page of at most `limit` at a time: a seat's
    token adds its private events (its dealt hand, its draws); the host and spectators see
    public events only. While `has_more`, ask again with `after=next_after`.

    Args:
        game_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 500.
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | EventsOut]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
after=after,
limit=limit,
duckpond_app_key=duckpond_app_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 500,
    duckpond_app_key: str | Unset = UNSET,

) -> ErrorOut | EventsOut | None:
    """ Read the events numbered after `after`, a page of at most `limit` at a time: a seat's
    token adds its private events (its dealt hand, its draws); the host and spectators see
    public events only. While `has_more`, ask again with `after=next_after`.

    Args:
        game_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 500.
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | EventsOut
     """


    return sync_detailed(
        game_id=game_id,
client=client,
after=after,
limit=limit,
duckpond_app_key=duckpond_app_key,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 500,
    duckpond_app_key: str | Unset = UNSET,

) -> Response[ErrorOut | EventsOut]:
    """ Read the events numbered after `after`, a page of at most `limit` at a time: a seat's
    token adds its private events (its dealt hand, its draws); the host and spectators see
    public events only. While `has_more`, ask again with `after=next_after`.

    Args:
        game_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 500.
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | EventsOut]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
after=after,
limit=limit,
duckpond_app_key=duckpond_app_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 500,
    duckpond_app_key: str | Unset = UNSET,

) -> ErrorOut | EventsOut | None:
    """ Read the events numbered after `after`, a page of at most `limit` at a time: a seat's
    token adds its private events (its dealt hand, its draws); the host and spectators see
    public events only. While `has_more`, ask again with `after=next_after`.

    Args:
        game_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 500.
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | EventsOut
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
after=after,
limit=limit,
duckpond_app_key=duckpond_app_key,

    )).parsed
