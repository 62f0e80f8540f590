from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.arena_in import ArenaIn
from ...models.arena_out import ArenaOut
from ...models.error_out import ErrorOut
from typing import cast



def _get_kwargs(
    name: str,
    *,
    body: ArenaIn,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/bots/{name}/arena".format(name=quote(str(name), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ArenaOut | ErrorOut:
    if response.status_code == 200:
        response_200 = ArenaOut.from_dict(response.json())



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

    if response.status_code == 413:
        response_413 = ErrorOut.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = ErrorOut.from_dict(response.json())



        return response_415

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ArenaOut | ErrorOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    body: ArenaIn,

) -> Response[ArenaOut | ErrorOut]:
    """ Opt a live bot of the app key in to the arena: the service pairs it, continuously, in
    rated duplicate matches against other opted-in bots and the built-in anchors, within its
    budget (`games_per_hour` 2 to 1200, `concurrency` 1 to 16). Its seats come on the key's
    feed (`match_seat`) as in any outside match; this is the standing consent a challenge
    would ask for. Again replaces the budget, and resumes a paused bot.

     A bot whose moves the service had to play (timed out) once a game or more, over one arena
    match, is paused: `arena_paused` on the key's feed says why.

    Args:
        name (str):
        body (ArenaIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ArenaOut | ErrorOut]
     """


    kwargs = _get_kwargs(
        name=name,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    name: str,
    *,
    client: AuthenticatedClient,
    body: ArenaIn,

) -> ArenaOut | ErrorOut | None:
    """ Opt a live bot of the app key in to the arena: the service pairs it, continuously, in
    rated duplicate matches against other opted-in bots and the built-in anchors, within its
    budget (`games_per_hour` 2 to 1200, `concurrency` 1 to 16). Its seats come on the key's
    feed (`match_seat`) as in any outside match; this is the standing consent a challenge
    would ask for. Again replaces the budget, and resumes a paused bot.

     A bot whose moves the service had to play (timed out) once a game or more, over one arena
    match, is paused: `arena_paused` on the key's feed says why.

    Args:
        name (str):
        body (ArenaIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ArenaOut | ErrorOut
     """


    return sync_detailed(
        name=name,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    body: ArenaIn,

) -> Response[ArenaOut | ErrorOut]:
    """ Opt a live bot of the app key in to the arena: the service pairs it, continuously, in
    rated duplicate matches against other opted-in bots and the built-in anchors, within its
    budget (`games_per_hour` 2 to 1200, `concurrency` 1 to 16). Its seats come on the key's
    feed (`match_seat`) as in any outside match; this is the standing consent a challenge
    would ask for. Again replaces the budget, and resumes a paused bot.

     A bot whose moves the service had to play (timed out) once a game or more, over one arena
    match, is paused: `arena_paused` on the key's feed says why.

    Args:
        name (str):
        body (ArenaIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ArenaOut | ErrorOut]
     """


    kwargs = _get_kwargs(
        name=name,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient,
    body: ArenaIn,

) -> ArenaOut | ErrorOut | None:
    """ Opt a live bot of the app key in to the arena: the service pairs it, continuously, in
    rated duplicate matches against other opted-in bots and the built-in anchors, within its
    budget (`games_per_hour` 2 to 1200, `concurrency` 1 to 16). Its seats come on the key's
    feed (`match_seat`) as in any outside match; this is the standing consent a challenge
    would ask for. Again replaces the budget, and resumes a paused bot.

     A bot whose moves the service had to play (timed out) once a game or more, over one arena
    match, is paused: `arena_paused` on the key's feed says why.

    Args:
        name (str):
        body (ArenaIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ArenaOut | ErrorOut
     """


    return (await asyncio_detailed(
        name=name,
client=client,
body=body,

    )).parsed
