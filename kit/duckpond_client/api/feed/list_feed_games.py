from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_out import ErrorOut
from ...models.feed_games_out import FeedGamesOut
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/feed/games",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorOut | FeedGamesOut:
    if response.status_code == 200:
        response_200 = FeedGamesOut.from_dict(response.json())



        return response_200

    if response.status_code == 401:
        response_401 = ErrorOut.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorOut.from_dict(response.json())



        return response_403

    if response.status_code == 429:
        response_429 = ErrorOut.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = ErrorOut.from_dict(response.json())



        return response_503

    response_default = ErrorOut.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorOut | FeedGamesOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[ErrorOut | FeedGamesOut]:
    """ The app key's unfinished games, with the human seats to act in each: where a client
    starts again when its feed resume point is gone (410 `feed_expired`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | FeedGamesOut]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,

) -> ErrorOut | FeedGamesOut | None:
    """ The app key's unfinished games, with the human seats to act in each: where a client
    starts again when its feed resume point is gone (410 `feed_expired`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | FeedGamesOut
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[ErrorOut | FeedGamesOut]:
    """ The app key's unfinished games, with the human seats to act in each: where a client
    starts again when its feed resume point is gone (410 `feed_expired`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | FeedGamesOut]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,

) -> ErrorOut | FeedGamesOut | None:
    """ The app key's unfinished games, with the human seats to act in each: where a client
    starts again when its feed resume point is gone (410 `feed_expired`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | FeedGamesOut
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
