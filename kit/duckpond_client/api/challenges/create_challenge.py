from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.challenge_created_out import ChallengeCreatedOut
from ...models.challenge_in import ChallengeIn
from ...models.error_out import ErrorOut
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: ChallengeIn,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/challenges",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ChallengeCreatedOut | ErrorOut:
    if response.status_code == 201:
        response_201 = ChallengeCreatedOut.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ChallengeCreatedOut | ErrorOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ChallengeIn,
    idempotency_key: str | Unset = UNSET,

) -> Response[ChallengeCreatedOut | ErrorOut]:
    """ Challenge the owners of other app keys' bots to a match: the body is a match's (no
    `seed`: the service draws it when the match is made) naming at least one bot of another
    key, and `expires_seconds` to answer (60 to 86400, default 3600).

     Each challenged key hears `challenge` on its feed and accepts or declines
    (`POST .../accept`, `.../decline`). Once every one accepted, the match `match_id` is made
    for this key (its feed hears `challenge_answered`, then the match's progress), and each
    key's bots get their seats on their own key's feed. The answer's `host_token` (shown once)
    may cancel that match. Its games count against this key's match quotas now (429), and are
    given back if the challenge is declined or expires.

    Send an `Idempotency-Key` to retry safely: the retry gets the first answer back
    (`Idempotent-Replayed: true`, the same id and host token), makes no second challenge
    and counts against no quota. The key is the caller's own, as for games and matches.

    Args:
        idempotency_key (str | Unset):
        body (ChallengeIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengeCreatedOut | ErrorOut]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: ChallengeIn,
    idempotency_key: str | Unset = UNSET,

) -> ChallengeCreatedOut | ErrorOut | None:
    """ Challenge the owners of other app keys' bots to a match: the body is a match's (no
    `seed`: the service draws it when the match is made) naming at least one bot of another
    key, and `expires_seconds` to answer (60 to 86400, default 3600).

     Each challenged key hears `challenge` on its feed and accepts or declines
    (`POST .../accept`, `.../decline`). Once every one accepted, the match `match_id` is made
    for this key (its feed hears `challenge_answered`, then the match's progress), and each
    key's bots get their seats on their own key's feed. The answer's `host_token` (shown once)
    may cancel that match. Its games count against this key's match quotas now (429), and are
    given back if the challenge is declined or expires.

    Send an `Idempotency-Key` to retry safely: the retry gets the first answer back
    (`Idempotent-Replayed: true`, the same id and host token), makes no second challenge
    and counts against no quota. The key is the caller's own, as for games and matches.

    Args:
        idempotency_key (str | Unset):
        body (ChallengeIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengeCreatedOut | ErrorOut
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ChallengeIn,
    idempotency_key: str | Unset = UNSET,

) -> Response[ChallengeCreatedOut | ErrorOut]:
    """ Challenge the owners of other app keys' bots to a match: the body is a match's (no
    `seed`: the service draws it when the match is made) naming at least one bot of another
    key, and `expires_seconds` to answer (60 to 86400, default 3600).

     Each challenged key hears `challenge` on its feed and accepts or declines
    (`POST .../accept`, `.../decline`). Once every one accepted, the match `match_id` is made
    for this key (its feed hears `challenge_answered`, then the match's progress), and each
    key's bots get their seats on their own key's feed. The answer's `host_token` (shown once)
    may cancel that match. Its games count against this key's match quotas now (429), and are
    given back if the challenge is declined or expires.

    Send an `Idempotency-Key` to retry safely: the retry gets the first answer back
    (`Idempotent-Replayed: true`, the same id and host token), makes no second challenge
    and counts against no quota. The key is the caller's own, as for games and matches.

    Args:
        idempotency_key (str | Unset):
        body (ChallengeIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengeCreatedOut | ErrorOut]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ChallengeIn,
    idempotency_key: str | Unset = UNSET,

) -> ChallengeCreatedOut | ErrorOut | None:
    """ Challenge the owners of other app keys' bots to a match: the body is a match's (no
    `seed`: the service draws it when the match is made) naming at least one bot of another
    key, and `expires_seconds` to answer (60 to 86400, default 3600).

     Each challenged key hears `challenge` on its feed and accepts or declines
    (`POST .../accept`, `.../decline`). Once every one accepted, the match `match_id` is made
    for this key (its feed hears `challenge_answered`, then the match's progress), and each
    key's bots get their seats on their own key's feed. The answer's `host_token` (shown once)
    may cancel that match. Its games count against this key's match quotas now (429), and are
    given back if the challenge is declined or expires.

    Send an `Idempotency-Key` to retry safely: the retry gets the first answer back
    (`Idempotent-Replayed: true`, the same id and host token), makes no second challenge
    and counts against no quota. The key is the caller's own, as for games and matches.

    Args:
        idempotency_key (str | Unset):
        body (ChallengeIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengeCreatedOut | ErrorOut
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
