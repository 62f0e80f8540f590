from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_out import ErrorOut
from ...models.tournament_answer_in import TournamentAnswerIn
from ...models.tournament_out import TournamentOut
from typing import cast



def _get_kwargs(
    tournament_id: str,
    *,
    body: TournamentAnswerIn,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/tournaments/{tournament_id}/cancel".format(tournament_id=quote(str(tournament_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorOut | TournamentOut:
    if response.status_code == 200:
        response_200 = TournamentOut.from_dict(response.json())



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
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    body: TournamentAnswerIn,

) -> Response[ErrorOut | TournamentOut]:
    """ Cancel a tournament (its creator's key only; any other key: 403
    `not_your_tournament`), awaiting its invitations or running: in one step it becomes
    `cancelled`, makes no round and settles no pairing more. The matches of the round under
    way are cancelled (a game being played finishes, no other starts); the games recorded stay
    recorded and rated, and the standings show what was played. The match games it counted
    against the key's quotas and will not play are given back, once. The creator's and the
    entrants' keys hear `tournament_finished` with `status: cancelled`. Cancelling again
    answers the same; 409 `tournament_closed` once done, declined or expired.

    Args:
        tournament_id (str):
        body (TournamentAnswerIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | TournamentOut]
     """


    kwargs = _get_kwargs(
        tournament_id=tournament_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    body: TournamentAnswerIn,

) -> ErrorOut | TournamentOut | None:
    """ Cancel a tournament (its creator's key only; any other key: 403
    `not_your_tournament`), awaiting its invitations or running: in one step it becomes
    `cancelled`, makes no round and settles no pairing more. The matches of the round under
    way are cancelled (a game being played finishes, no other starts); the games recorded stay
    recorded and rated, and the standings show what was played. The match games it counted
    against the key's quotas and will not play are given back, once. The creator's and the
    entrants' keys hear `tournament_finished` with `status: cancelled`. Cancelling again
    answers the same; 409 `tournament_closed` once done, declined or expired.

    Args:
        tournament_id (str):
        body (TournamentAnswerIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | TournamentOut
     """


    return sync_detailed(
        tournament_id=tournament_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    body: TournamentAnswerIn,

) -> Response[ErrorOut | TournamentOut]:
    """ Cancel a tournament (its creator's key only; any other key: 403
    `not_your_tournament`), awaiting its invitations or running: in one step it becomes
    `cancelled`, makes no round and settles no pairing more. The matches of the round under
    way are cancelled (a game being played finishes, no other starts); the games recorded stay
    recorded and rated, and the standings show what was played. The match games it counted
    against the key's quotas and will not play are given back, once. The creator's and the
    entrants' keys hear `tournament_finished` with `status: cancelled`. Cancelling again
    answers the same; 409 `tournament_closed` once done, declined or expired.

    Args:
        tournament_id (str):
        body (TournamentAnswerIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | TournamentOut]
     """


    kwargs = _get_kwargs(
        tournament_id=tournament_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    body: TournamentAnswerIn,

) -> ErrorOut | TournamentOut | None:
    """ Cancel a tournament (its creator's key only; any other key: 403
    `not_your_tournament`), awaiting its invitations or running: in one step it becomes
    `cancelled`, makes no round and settles no pairing more. The matches of the round under
    way are cancelled (a game being played finishes, no other starts); the games recorded stay
    recorded and rated, and the standings show what was played. The match games it counted
    against the key's quotas and will not play are given back, once. The creator's and the
    entrants' keys hear `tournament_finished` with `status: cancelled`. Cancelling again
    answers the same; 409 `tournament_closed` once done, declined or expired.

    Args:
        tournament_id (str):
        body (TournamentAnswerIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | TournamentOut
     """


    return (await asyncio_detailed(
        tournament_id=tournament_id,
client=client,
body=body,

    )).parsed
