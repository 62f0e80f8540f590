from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.challenge_answer_in import ChallengeAnswerIn
from ...models.challenge_out import ChallengeOut
from ...models.error_out import ErrorOut
from typing import cast



def _get_kwargs(
    challenge_id: str,
    *,
    body: ChallengeAnswerIn,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/challenges/{challenge_id}/decline".format(challenge_id=quote(str(challenge_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ChallengeOut | ErrorOut:
    if response.status_code == 200:
        response_200 = ChallengeOut.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ChallengeOut | ErrorOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    challenge_id: str,
    *,
    client: AuthenticatedClient,
    body: ChallengeAnswerIn,

) -> Response[ChallengeOut | ErrorOut]:
    """ Decline a challenge (challenged keys only): no match; the challenger hears
    `challenge_answered`. Declining again answers the same; 409 once it was accepted (by
    every key) or expired.

    Args:
        challenge_id (str):
        body (ChallengeAnswerIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengeOut | ErrorOut]
     """


    kwargs = _get_kwargs(
        challenge_id=challenge_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    challenge_id: str,
    *,
    client: AuthenticatedClient,
    body: ChallengeAnswerIn,

) -> ChallengeOut | ErrorOut | None:
    """ Decline a challenge (challenged keys only): no match; the challenger hears
    `challenge_answered`. Declining again answers the same; 409 once it was accepted (by
    every key) or expired.

    Args:
        challenge_id (str):
        body (ChallengeAnswerIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengeOut | ErrorOut
     """


    return sync_detailed(
        challenge_id=challenge_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    challenge_id: str,
    *,
    client: AuthenticatedClient,
    body: ChallengeAnswerIn,

) -> Response[ChallengeOut | ErrorOut]:
    """ Decline a challenge (challenged keys only): no match; the challenger hears
    `challenge_answered`. Declining again answers the same; 409 once it was accepted (by
    every key) or expired.

    Args:
        challenge_id (str):
        body (ChallengeAnswerIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengeOut | ErrorOut]
     """


    kwargs = _get_kwargs(
        challenge_id=challenge_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    challenge_id: str,
    *,
    client: AuthenticatedClient,
    body: ChallengeAnswerIn,

) -> ChallengeOut | ErrorOut | None:
    """ Decline a challenge (challenged keys only): no match; the challenger hears
    `challenge_answered`. Declining again answers the same; 409 once it was accepted (by
    every key) or expired.

    Args:
        challenge_id (str):
        body (ChallengeAnswerIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengeOut | ErrorOut
     """


    return (await asyncio_detailed(
        challenge_id=challenge_id,
client=client,
body=body,

    )).parsed
