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
    """ The game's ladder: each bot that played a rated match game of it, with its OpenSkill
    (Plackett-Luce) rating, best `ordinal` (mu - 3 sigma) first.

     Every match game is rated: as one contest of its teams ranked by their mean score per deal
    over all its rotations (duplicate deals: the cards' luck cancels), Doubleduck's sides as
    teams; Doppelkopf per deal, between its parties. The built-in anchors (random, heuristic,
    search:fast, search:strong) pin the scale: the service plays them onto every ladder by
    itself, a little for every game first, then until their ratings are no longer
    `provisional`. Each entry says how firm it is: `mu_low` and `mu_high` bound mu's 95%
    interval, and `provisional` is true while sigma is above 5. Outside bots are listed with
    their owner (its app key's name), retired ones too. Public: no token. A name no game has
    is a 404.

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
    """ The game's ladder: each bot that played a rated match game of it, with its OpenSkill
    (Plackett-Luce) rating, best `ordinal` (mu - 3 sigma) first.

     Every match game is rated: as one contest of its teams ranked by their mean score per deal
    over all its rotations (duplicate deals: the cards' luck cancels), Doubleduck's sides as
    teams; Doppelkopf per deal, between its parties. The built-in anchors (random, heuristic,
    search:fast, search:strong) pin the scale: the service plays them onto every ladder by
    itself, a little for every game first, then until their ratings are no longer
    `provisional`. Each entry says how firm it is: `mu_low` and `mu_high` bound mu's 95%
    interval, and `provisional` is true while sigma is above 5. Outside bots are listed with
    their owner (its app key's name), retired ones too. Public: no token. A name no game has
    is a 404.

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
    """ The game's ladder: each bot that played a rated match game of it, with its OpenSkill
    (Plackett-Luce) rating, best `ordinal` (mu - 3 sigma) first.

     Every match game is rated: as one contest of its teams ranked by their mean score per deal
    over all its rotations (duplicate deals: the cards' luck cancels), Doubleduck's sides as
    teams; Doppelkopf per deal, between its parties. The built-in anchors (random, heuristic,
    search:fast, search:strong) pin the scale: the service plays them onto every ladder by
    itself, a little for every game first, then until their ratings are no longer
    `provisional`. Each entry says how firm it is: `mu_low` and `mu_high` bound mu's 95%
    interval, and `provisional` is true while sigma is above 5. Outside bots are listed with
    their owner (its app key's name), retired ones too. Public: no token. A name no game has
    is a 404.

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
    """ The game's ladder: each bot that played a rated match game of it, with its OpenSkill
    (Plackett-Luce) rating, best `ordinal` (mu - 3 sigma) first.

     Every match game is rated: as one contest of its teams ranked by their mean score per deal
    over all its rotations (duplicate deals: the cards' luck cancels), Doubleduck's sides as
    teams; Doppelkopf per deal, between its parties. The built-in anchors (random, heuristic,
    search:fast, search:strong) pin the scale: the service plays them onto every ladder by
    itself, a little for every game first, then until their ratings are no longer
    `provisional`. Each entry says how firm it is: `mu_low` and `mu_high` bound mu's 95%
    interval, and `provisional` is true while sigma is above 5. Outside bots are listed with
    their owner (its app key's name), retired ones too. Public: no token. A name no game has
    is a 404.

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
