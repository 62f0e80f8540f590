from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_out import ErrorOut
from ...models.tournament_in import TournamentIn
from ...models.tournament_out import TournamentOut
from typing import cast



def _get_kwargs(
    *,
    body: TournamentIn,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/tournaments",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorOut | TournamentOut:
    if response.status_code == 201:
        response_201 = TournamentOut.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = ErrorOut.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorOut.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorOut.from_dict(response.json())



        return response_403

    if response.status_code == 409:
        response_409 = ErrorOut.from_dict(response.json())



        return response_409

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorOut | TournamentOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: TournamentIn,

) -> Response[ErrorOut | TournamentOut]:
    """ Create a tournament over `entrants` of one game: `swiss` (default) or `round_robin`.

     Each pairing is a duplicate match of `games` games (a two-seat game seats `a,b`, a
    four-seat one `a,b,a,b`; Duck is played at 4), with a seed the service draws, so its games
    are rated on the ladder as any match's. Outside entrants of other keys are invited: their
    keys hear `tournament` on their feeds and accept or decline (`.../accept`,
    `.../decline`); round 1 starts once all accepted (at once when nobody is invited). The
    creator's feed and every entrant owner's hear `tournament_round` and
    `tournament_finished` (`status` done or cancelled); the outside bots get their seats as in
    any match (`match_seat`). The creator may cancel it (`.../cancel`). The most games it may
    play count against this key's match quotas, as one match's (429).
    Every refusal comes before anything is stored.

    Args:
        body (TournamentIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | TournamentOut]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: TournamentIn,

) -> ErrorOut | TournamentOut | None:
    """ Create a tournament over `entrants` of one game: `swiss` (default) or `round_robin`.

     Each pairing is a duplicate match of `games` games (a two-seat game seats `a,b`, a
    four-seat one `a,b,a,b`; Duck is played at 4), with a seed the service draws, so its games
    are rated on the ladder as any match's. Outside entrants of other keys are invited: their
    keys hear `tournament` on their feeds and accept or decline (`.../accept`,
    `.../decline`); round 1 starts once all accepted (at once when nobody is invited). The
    creator's feed and every entrant owner's hear `tournament_round` and
    `tournament_finished` (`status` done or cancelled); the outside bots get their seats as in
    any match (`match_seat`). The creator may cancel it (`.../cancel`). The most games it may
    play count against this key's match quotas, as one match's (429).
    Every refusal comes before anything is stored.

    Args:
        body (TournamentIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | TournamentOut
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: TournamentIn,

) -> Response[ErrorOut | TournamentOut]:
    """ Create a tournament over `entrants` of one game: `swiss` (default) or `round_robin`.

     Each pairing is a duplicate match of `games` games (a two-seat game seats `a,b`, a
    four-seat one `a,b,a,b`; Duck is played at 4), with a seed the service draws, so its games
    are rated on the ladder as any match's. Outside entrants of other keys are invited: their
    keys hear `tournament` on their feeds and accept or decline (`.../accept`,
    `.../decline`); round 1 starts once all accepted (at once when nobody is invited). The
    creator's feed and every entrant owner's hear `tournament_round` and
    `tournament_finished` (`status` done or cancelled); the outside bots get their seats as in
    any match (`match_seat`). The creator may cancel it (`.../cancel`). The most games it may
    play count against this key's match quotas, as one match's (429).
    Every refusal comes before anything is stored.

    Args:
        body (TournamentIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | TournamentOut]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: TournamentIn,

) -> ErrorOut | TournamentOut | None:
    """ Create a tournament over `entrants` of one game: `swiss` (default) or `round_robin`.

     Each pairing is a duplicate match of `games` games (a two-seat game seats `a,b`, a
    four-seat one `a,b,a,b`; Duck is played at 4), with a seed the service draws, so its games
    are rated on the ladder as any match's. Outside entrants of other keys are invited: their
    keys hear `tournament` on their feeds and accept or decline (`.../accept`,
    `.../decline`); round 1 starts once all accepted (at once when nobody is invited). The
    creator's feed and every entrant owner's hear `tournament_round` and
    `tournament_finished` (`status` done or cancelled); the outside bots get their seats as in
    any match (`match_seat`). The creator may cancel it (`.../cancel`). The most games it may
    play count against this key's match quotas, as one match's (429).
    Every refusal comes before anything is stored.

    Args:
        body (TournamentIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | TournamentOut
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
