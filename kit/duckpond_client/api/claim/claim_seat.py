from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.claim_in import ClaimIn
from ...models.error_out import ErrorOut
from ...models.seat_token_out import SeatTokenOut
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    body: ClaimIn,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/games/{game_id}/claim".format(game_id=quote(str(game_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorOut | SeatTokenOut:
    if response.status_code == 200:
        response_200 = SeatTokenOut.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorOut.from_dict(response.json())



        return response_400

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorOut | SeatTokenOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ClaimIn,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorOut | SeatTokenOut]:
    """ Take an open seat with the table's invite code (no token needed: the code is the
    credential). The answer is the game as that seat sees it with the seat's `token`, shown
    once: keep it (a retry with the same `Idempotency-Key` answers it again).

     `seat` picks an open seat, else the lowest open one is taken. Of two requests for one
    seat exactly one wins; the other gets 409 `seat_taken`. A wrong code is 403
    `bad_invite_code`, and nothing changes. The table starts (its first deal was dealt and
    committed at creation) when the last open seat is taken.

    Claims are limited per client address, right code or wrong (`RATE_LIMIT_CLAIMS`, by
    default 60 a minute): over it, 429 `rate_limited` with `Retry-After`.

    Args:
        game_id (str):
        idempotency_key (str | Unset):
        body (ClaimIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | SeatTokenOut]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ClaimIn,
    idempotency_key: str | Unset = UNSET,

) -> ErrorOut | SeatTokenOut | None:
    """ Take an open seat with the table's invite code (no token needed: the code is the
    credential). The answer is the game as that seat sees it with the seat's `token`, shown
    once: keep it (a retry with the same `Idempotency-Key` answers it again).

     `seat` picks an open seat, else the lowest open one is taken. Of two requests for one
    seat exactly one wins; the other gets 409 `seat_taken`. A wrong code is 403
    `bad_invite_code`, and nothing changes. The table starts (its first deal was dealt and
    committed at creation) when the last open seat is taken.

    Claims are limited per client address, right code or wrong (`RATE_LIMIT_CLAIMS`, by
    default 60 a minute): over it, 429 `rate_limited` with `Retry-After`.

    Args:
        game_id (str):
        idempotency_key (str | Unset):
        body (ClaimIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | SeatTokenOut
     """


    return sync_detailed(
        game_id=game_id,
client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ClaimIn,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorOut | SeatTokenOut]:
    """ Take an open seat with the table's invite code (no token needed: the code is the
    credential). The answer is the game as that seat sees it with the seat's `token`, shown
    once: keep it (a retry with the same `Idempotency-Key` answers it again).

     `seat` picks an open seat, else the lowest open one is taken. Of two requests for one
    seat exactly one wins; the other gets 409 `seat_taken`. A wrong code is 403
    `bad_invite_code`, and nothing changes. The table starts (its first deal was dealt and
    committed at creation) when the last open seat is taken.

    Claims are limited per client address, right code or wrong (`RATE_LIMIT_CLAIMS`, by
    default 60 a minute): over it, 429 `rate_limited` with `Retry-After`.

    Args:
        game_id (str):
        idempotency_key (str | Unset):
        body (ClaimIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | SeatTokenOut]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ClaimIn,
    idempotency_key: str | Unset = UNSET,

) -> ErrorOut | SeatTokenOut | None:
    """ Take an open seat with the table's invite code (no token needed: the code is the
    credential). The answer is the game as that seat sees it with the seat's `token`, shown
    once: keep it (a retry with the same `Idempotency-Key` answers it again).

     `seat` picks an open seat, else the lowest open one is taken. Of two requests for one
    seat exactly one wins; the other gets 409 `seat_taken`. A wrong code is 403
    `bad_invite_code`, and nothing changes. The table starts (its first deal was dealt and
    committed at creation) when the last open seat is taken.

    Claims are limited per client address, right code or wrong (`RATE_LIMIT_CLAIMS`, by
    default 60 a minute): over it, 429 `rate_limited` with `Retry-After`.

    Args:
        game_id (str):
        idempotency_key (str | Unset):
        body (ClaimIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | SeatTokenOut
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
