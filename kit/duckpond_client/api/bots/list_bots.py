from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.bots_out import BotsOut
from ...models.error_out import ErrorOut
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/bots",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BotsOut | ErrorOut:
    if response.status_code == 200:
        response_200 = BotsOut.from_dict(response.json())



        return response_200

    if response.status_code == 429:
        response_429 = ErrorOut.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = ErrorOut.from_dict(response.json())



        return response_503

    response_default = ErrorOut.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BotsOut | ErrorOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[BotsOut | ErrorOut]:
    """ List the bots by name: the built-in ones (`kind` `builtin`), with the games each plays
    and notes on its strength, then the live outside bots (`kind` `outside`) with their owner.

     A bot sees only its seat's view and legal moves, as a human player would. Outside bots
    are seated by matches only; a plain game's seats take built-in bots (the catalog lists
    those per game).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BotsOut | ErrorOut]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,

) -> BotsOut | ErrorOut | None:
    """ List the bots by name: the built-in ones (`kind` `builtin`), with the games each plays
    and notes on its strength, then the live outside bots (`kind` `outside`) with their owner.

     A bot sees only its seat's view and legal moves, as a human player would. Outside bots
    are seated by matches only; a plain game's seats take built-in bots (the catalog lists
    those per game).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BotsOut | ErrorOut
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[BotsOut | ErrorOut]:
    """ List the bots by name: the built-in ones (`kind` `builtin`), with the games each plays
    and notes on its strength, then the live outside bots (`kind` `outside`) with their owner.

     A bot sees only its seat's view and legal moves, as a human player would. Outside bots
    are seated by matches only; a plain game's seats take built-in bots (the catalog lists
    those per game).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BotsOut | ErrorOut]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,

) -> BotsOut | ErrorOut | None:
    """ List the bots by name: the built-in ones (`kind` `builtin`), with the games each plays
    and notes on its strength, then the live outside bots (`kind` `outside`) with their owner.

     A bot sees only its seat's view and legal moves, as a human player would. Outside bots
    are seated by matches only; a plain game's seats take built-in bots (the catalog lists
    those per game).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BotsOut | ErrorOut
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
