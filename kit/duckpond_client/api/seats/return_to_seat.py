from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.change_out import ChangeOut
from ...models.error_out import ErrorOut
from ...models.presence_in import PresenceIn
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    seat: str,
    *,
    body: PresenceIn,
    duckpond_app_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(duckpond_app_key, Unset):
        headers["Duckpond-App-Key"] = duckpond_app_key

    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/games/{game_id}/seats/{seat}/return".format(game_id=quote(str(game_id), safe=""),seat=quote(str(seat), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ChangeOut | ErrorOut:
    if response.status_code == 200:
        response_200 = ChangeOut.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ChangeOut | ErrorOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    seat: str,
    *,
    client: AuthenticatedClient,
    body: PresenceIn,
    duckpond_app_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> Response[ChangeOut | ErrorOut]:
    """ Take your seat back from its bot (the seat's token only, its own seat): the seat plays
    by its own hand again, on a fresh turn clock in a timed game.

     A change like a move (a `seat_returned` event, `expected_version` or `If-Match`
    checked); asking again while present changes nothing and answers the view. A move of
    the seat's own that is accepted while it is away also brings it back.

    Args:
        game_id (str):
        seat (str):
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.
        if_match (str | Unset):
        body (PresenceIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChangeOut | ErrorOut]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
seat=seat,
body=body,
duckpond_app_key=duckpond_app_key,
if_match=if_match,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    seat: str,
    *,
    client: AuthenticatedClient,
    body: PresenceIn,
    duckpond_app_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> ChangeOut | ErrorOut | None:
    """ Take your seat back from its bot (the seat's token only, its own seat): the seat plays
    by its own hand again, on a fresh turn clock in a timed game.

     A change like a move (a `seat_returned` event, `expected_version` or `If-Match`
    checked); asking again while present changes nothing and answers the view. A move of
    the seat's own that is accepted while it is away also brings it back.

    Args:
        game_id (str):
        seat (str):
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.
        if_match (str | Unset):
        body (PresenceIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChangeOut | ErrorOut
     """


    return sync_detailed(
        game_id=game_id,
seat=seat,
client=client,
body=body,
duckpond_app_key=duckpond_app_key,
if_match=if_match,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    seat: str,
    *,
    client: AuthenticatedClient,
    body: PresenceIn,
    duckpond_app_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> Response[ChangeOut | ErrorOut]:
    """ Take your seat back from its bot (the seat's token only, its own seat): the seat plays
    by its own hand again, on a fresh turn clock in a timed game.

     A change like a move (a `seat_returned` event, `expected_version` or `If-Match`
    checked); asking again while present changes nothing and answers the view. A move of
    the seat's own that is accepted while it is away also brings it back.

    Args:
        game_id (str):
        seat (str):
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.
        if_match (str | Unset):
        body (PresenceIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChangeOut | ErrorOut]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
seat=seat,
body=body,
duckpond_app_key=duckpond_app_key,
if_match=if_match,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    seat: str,
    *,
    client: AuthenticatedClient,
    body: PresenceIn,
    duckpond_app_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> ChangeOut | ErrorOut | None:
    """ Take your seat back from its bot (the seat's token only, its own seat): the seat plays
    by its own hand again, on a fresh turn clock in a timed game.

     A change like a move (a `seat_returned` event, `expected_version` or `If-Match`
    checked); asking again while present changes nothing and answers the view. A move of
    the seat's own that is accepted while it is away also brings it back.

    Args:
        game_id (str):
        seat (str):
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.
        if_match (str | Unset):
        body (PresenceIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChangeOut | ErrorOut
     """


    return (await asyncio_detailed(
        game_id=game_id,
seat=seat,
client=client,
body=body,
duckpond_app_key=duckpond_app_key,
if_match=if_match,

    )).parsed
