from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.bot_history_out import BotHistoryOut
from ...models.error_out import ErrorOut
from ...models.get_ladder_bot_game import GetLadderBotGame
from typing import cast



def _get_kwargs(
    game: GetLadderBotGame,
    bot: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/ladder/{game}/bots/{bot}".format(game=quote(str(game), safe=""),bot=quote(str(bot), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BotHistoryOut | ErrorOut:
    if response.status_code == 200:
        response_200 = BotHistoryOut.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BotHistoryOut | ErrorOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game: GetLadderBotGame,
    bot: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[BotHistoryOut | ErrorOut]:
    """ A bot's rating history in the game and its head-to-head record against every bot it
    met as an opponent.

     The history has a point per rated match game the bot played: its rating as that game
    left it (thinned past 512, see `history`). Each rated game re-fits the whole ladder, so
    the entry, the rating now, may have moved a little since its last point. A
    head-to-head row takes one sample per match game the two played on opposite teams: the
    bot's mean score per deal minus the opponent's, paired over the same duplicate deals (a
    Doubleduck seat scores its side's; a bot in several seats by the mean of them; Doppelkopf's
    parties change deal by deal, so every two bots of a game are compared), with its 95%
    interval. `search` names `search:fast`. Public: no token. A bot not on this game's ladder
    is a 404 `no_such_bot`; a name no game has, a 404 `not_found`.

    Args:
        game (GetLadderBotGame):
        bot (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BotHistoryOut | ErrorOut]
     """


    kwargs = _get_kwargs(
        game=game,
bot=bot,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game: GetLadderBotGame,
    bot: str,
    *,
    client: AuthenticatedClient | Client,

) -> BotHistoryOut | ErrorOut | None:
    """ A bot's rating history in the game and its head-to-head record against every bot it
    met as an opponent.

     The history has a point per rated match game the bot played: its rating as that game
    left it (thinned past 512, see `history`). Each rated game re-fits the whole ladder, so
    the entry, the rating now, may have moved a little since its last point. A
    head-to-head row takes one sample per match game the two played on opposite teams: the
    bot's mean score per deal minus the opponent's, paired over the same duplicate deals (a
    Doubleduck seat scores its side's; a bot in several seats by the mean of them; Doppelkopf's
    parties change deal by deal, so every two bots of a game are compared), with its 95%
    interval. `search` names `search:fast`. Public: no token. A bot not on this game's ladder
    is a 404 `no_such_bot`; a name no game has, a 404 `not_found`.

    Args:
        game (GetLadderBotGame):
        bot (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BotHistoryOut | ErrorOut
     """


    return sync_detailed(
        game=game,
bot=bot,
client=client,

    ).parsed

async def asyncio_detailed(
    game: GetLadderBotGame,
    bot: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[BotHistoryOut | ErrorOut]:
    """ A bot's rating history in the game and its head-to-head record against every bot it
    met as an opponent.

     The history has a point per rated match game the bot played: its rating as that game
    left it (thinned past 512, see `history`). Each rated game re-fits the whole ladder, so
    the entry, the rating now, may have moved a little since its last point. A
    head-to-head row takes one sample per match game the two played on opposite teams: the
    bot's mean score per deal minus the opponent's, paired over the same duplicate deals (a
    Doubleduck seat scores its side's; a bot in several seats by the mean of them; Doppelkopf's
    parties change deal by deal, so every two bots of a game are compared), with its 95%
    interval. `search` names `search:fast`. Public: no token. A bot not on this game's ladder
    is a 404 `no_such_bot`; a name no game has, a 404 `not_found`.

    Args:
        game (GetLadderBotGame):
        bot (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BotHistoryOut | ErrorOut]
     """


    kwargs = _get_kwargs(
        game=game,
bot=bot,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game: GetLadderBotGame,
    bot: str,
    *,
    client: AuthenticatedClient | Client,

) -> BotHistoryOut | ErrorOut | None:
    """ A bot's rating history in the game and its head-to-head record against every bot it
    met as an opponent.

     The history has a point per rated match game the bot played: its rating as that game
    left it (thinned past 512, see `history`). Each rated game re-fits the whole ladder, so
    the entry, the rating now, may have moved a little since its last point. A
    head-to-head row takes one sample per match game the two played on opposite teams: the
    bot's mean score per deal minus the opponent's, paired over the same duplicate deals (a
    Doubleduck seat scores its side's; a bot in several seats by the mean of them; Doppelkopf's
    parties change deal by deal, so every two bots of a game are compared), with its 95%
    interval. `search` names `search:fast`. Public: no token. A bot not on this game's ladder
    is a 404 `no_such_bot`; a name no game has, a 404 `not_found`.

    Args:
        game (GetLadderBotGame):
        bot (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BotHistoryOut | ErrorOut
     """


    return (await asyncio_detailed(
        game=game,
bot=bot,
client=client,

    )).parsed
