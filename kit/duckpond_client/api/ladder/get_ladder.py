from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_out import ErrorOut
from ...models.get_ladder_game import GetLadderGame
from ...models.ladder_out import LadderOut
from typing import cast



def _get_kwargs(
    game: GetLadderGame,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/ladder/{game}".format(game=quote(str(game), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorOut | LadderOut:
    if response.status_code == 200:
        response_200 = LadderOut.from_dict(response.json())



        return response_200

    if response.status_code == 404:
        response_404 = ErrorOut.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = ErrorOut.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = ErrorOut.from_dict(response.json())



        return response_503

    response_default = ErrorOut.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorOut | LadderOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game: GetLadderGame,
    *,
    client: AuthenticatedClient | Client,

) -> Response[ErrorOut | LadderOut]:
    """ The game's ladder: each bot that played a rated match game of it, best `ordinal`
    (mu - 3 sigma) first, and the ladder's `spread`.

     The ratings are a least-squares fit of every paired margin at once. Each rated match game
    gives, for each pair of bots on opposite teams in it, a's mean score per deal minus b's
    over the same duplicate deals (Doubleduck's sides as teams; Doppelkopf's parties change
    every deal, so every two bots at its table are paired); every rated game fits the whole
    ladder again. `mu` is a bot's skill in points a deal above the ladder's average bot (the
    means add up to 0), `sigma` its standard deviation; `mu_low` and `mu_high` bound mu's 95%
    interval (mu -+ 1.96 sigma), and `provisional` is true while sigma is above half the
    `spread` (the spread of one match game's paired difference). A bot's rating may move a
    little when others play: the fit learns more about the bots it met. Numbers are in the
    game's own scale, so ladders of different games are not comparable. The built-in anchors
    (random, heuristic, search:fast, search:strong) put the scale in place: the service plays
    them onto every ladder by itself. Outside bots are listed with their owner (its app key's
    name), retired ones too. Public: no token. A name no game has is a 404.

    Args:
        game (GetLadderGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | LadderOut]
     """


    kwargs = _get_kwargs(
        game=game,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game: GetLadderGame,
    *,
    client: AuthenticatedClient | Client,

) -> ErrorOut | LadderOut | None:
    """ The game's ladder: each bot that played a rated match game of it, best `ordinal`
    (mu - 3 sigma) first, and the ladder's `spread`.

     The ratings are a least-squares fit of every paired margin at once. Each rated match game
    gives, for each pair of bots on opposite teams in it, a's mean score per deal minus b's
    over the same duplicate deals (Doubleduck's sides as teams; Doppelkopf's parties change
    every deal, so every two bots at its table are paired); every rated game fits the whole
    ladder again. `mu` is a bot's skill in points a deal above the ladder's average bot (the
    means add up to 0), `sigma` its standard deviation; `mu_low` and `mu_high` bound mu's 95%
    interval (mu -+ 1.96 sigma), and `provisional` is true while sigma is above half the
    `spread` (the spread of one match game's paired difference). A bot's rating may move a
    little when others play: the fit learns more about the bots it met. Numbers are in the
    game's own scale, so ladders of different games are not comparable. The built-in anchors
    (random, heuristic, search:fast, search:strong) put the scale in place: the service plays
    them onto every ladder by itself. Outside bots are listed with their owner (its app key's
    name), retired ones too. Public: no token. A name no game has is a 404.

    Args:
        game (GetLadderGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | LadderOut
     """


    return sync_detailed(
        game=game,
client=client,

    ).parsed

async def asyncio_detailed(
    game: GetLadderGame,
    *,
    client: AuthenticatedClient | Client,

) -> Response[ErrorOut | LadderOut]:
    """ The game's ladder: each bot that played a rated match game of it, best `ordinal`
    (mu - 3 sigma) first, and the ladder's `spread`.

     The ratings are a least-squares fit of every paired margin at once. Each rated match game
    gives, for each pair of bots on opposite teams in it, a's mean score per deal minus b's
    over the same duplicate deals (Doubleduck's sides as teams; Doppelkopf's parties change
    every deal, so every two bots at its table are paired); every rated game fits the whole
    ladder again. `mu` is a bot's skill in points a deal above the ladder's average bot (the
    means add up to 0), `sigma` its standard deviation; `mu_low` and `mu_high` bound mu's 95%
    interval (mu -+ 1.96 sigma), and `provisional` is true while sigma is above half the
    `spread` (the spread of one match game's paired difference). A bot's rating may move a
    little when others play: the fit learns more about the bots it met. Numbers are in the
    game's own scale, so ladders of different games are not comparable. The built-in anchors
    (random, heuristic, search:fast, search:strong) put the scale in place: the service plays
    them onto every ladder by itself. Outside bots are listed with their owner (its app key's
    name), retired ones too. Public: no token. A name no game has is a 404.

    Args:
        game (GetLadderGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | LadderOut]
     """


    kwargs = _get_kwargs(
        game=game,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game: GetLadderGame,
    *,
    client: AuthenticatedClient | Client,

) -> ErrorOut | LadderOut | None:
    """ The game's ladder: each bot that played a rated match game of it, best `ordinal`
    (mu - 3 sigma) first, and the ladder's `spread`.

     The ratings are a least-squares fit of every paired margin at once. Each rated match game
    gives, for each pair of bots on opposite teams in it, a's mean score per deal minus b's
    over the same duplicate deals (Doubleduck's sides as teams; Doppelkopf's parties change
    every deal, so every two bots at its table are paired); every rated game fits the whole
    ladder again. `mu` is a bot's skill in points a deal above the ladder's average bot (the
    means add up to 0), `sigma` its standard deviation; `mu_low` and `mu_high` bound mu's 95%
    interval (mu -+ 1.96 sigma), and `provisional` is true while sigma is above half the
    `spread` (the spread of one match game's paired difference). A bot's rating may move a
    little when others play: the fit learns more about the bots it met. Numbers are in the
    game's own scale, so ladders of different games are not comparable. The built-in anchors
    (random, heuristic, search:fast, search:strong) put the scale in place: the service plays
    them onto every ladder by itself. Outside bots are listed with their owner (its app key's
    name), retired ones too. Public: no token. A name no game has is a 404.

    Args:
        game (GetLadderGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | LadderOut
     """


    return (await asyncio_detailed(
        game=game,
client=client,

    )).parsed
