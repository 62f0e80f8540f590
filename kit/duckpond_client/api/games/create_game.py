from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.created_out import CreatedOut
from ...models.doppelkopf_game_in import DoppelkopfGameIn
from ...models.doubleduck_game_in import DoubleduckGameIn
from ...models.duck_game_in import DuckGameIn
from ...models.ducksoup_game_in import DucksoupGameIn
from ...models.error_out import ErrorOut
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: DoppelkopfGameIn | DoubleduckGameIn | DuckGameIn | DucksoupGameIn,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/games",
    }

    
    if isinstance(body, DoubleduckGameIn):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DucksoupGameIn):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DuckGameIn):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CreatedOut | ErrorOut:
    if response.status_code == 201:
        response_201 = CreatedOut.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CreatedOut | ErrorOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: DoppelkopfGameIn | DoubleduckGameIn | DuckGameIn | DucksoupGameIn,
    idempotency_key: str | Unset = UNSET,

) -> Response[CreatedOut | ErrorOut]:
    """ Create a game; the answer shows each human seat's token and the host token, once.

     `seats` has one entry per seat: `{}` for a human, `{"bot": "random"}` for a bot. Without a
    `seed` the server draws a secret one. `deal` pins the first deal (hands, stock top first).
    The service option `auto_deal` (default: on when at most one seat is human) deals each next
    deal in the same change as the move that ended the previous one.

    Needs `Authorization: Bearer <app key>` (unless the operator turned app keys off); the
    key's quotas of live games and creations per minute apply (429). An `Idempotency-Key` is
    the caller's own: the same key sent with another app key (or from another address, with
    keys off) is another request.

    Args:
        idempotency_key (str | Unset):
        body (DoppelkopfGameIn | DoubleduckGameIn | DuckGameIn | DucksoupGameIn): One schema per
            game, told apart by `game`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedOut | ErrorOut]
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
    body: DoppelkopfGameIn | DoubleduckGameIn | DuckGameIn | DucksoupGameIn,
    idempotency_key: str | Unset = UNSET,

) -> CreatedOut | ErrorOut | None:
    """ Create a game; the answer shows each human seat's token and the host token, once.

     `seats` has one entry per seat: `{}` for a human, `{"bot": "random"}` for a bot. Without a
    `seed` the server draws a secret one. `deal` pins the first deal (hands, stock top first).
    The service option `auto_deal` (default: on when at most one seat is human) deals each next
    deal in the same change as the move that ended the previous one.

    Needs `Authorization: Bearer <app key>` (unless the operator turned app keys off); the
    key's quotas of live games and creations per minute apply (429). An `Idempotency-Key` is
    the caller's own: the same key sent with another app key (or from another address, with
    keys off) is another request.

    Args:
        idempotency_key (str | Unset):
        body (DoppelkopfGameIn | DoubleduckGameIn | DuckGameIn | DucksoupGameIn): One schema per
            game, told apart by `game`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedOut | ErrorOut
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: DoppelkopfGameIn | DoubleduckGameIn | DuckGameIn | DucksoupGameIn,
    idempotency_key: str | Unset = UNSET,

) -> Response[CreatedOut | ErrorOut]:
    """ Create a game; the answer shows each human seat's token and the host token, once.

     `seats` has one entry per seat: `{}` for a human, `{"bot": "random"}` for a bot. Without a
    `seed` the server draws a secret one. `deal` pins the first deal (hands, stock top first).
    The service option `auto_deal` (default: on when at most one seat is human) deals each next
    deal in the same change as the move that ended the previous one.

    Needs `Authorization: Bearer <app key>` (unless the operator turned app keys off); the
    key's quotas of live games and creations per minute apply (429). An `Idempotency-Key` is
    the caller's own: the same key sent with another app key (or from another address, with
    keys off) is another request.

    Args:
        idempotency_key (str | Unset):
        body (DoppelkopfGameIn | DoubleduckGameIn | DuckGameIn | DucksoupGameIn): One schema per
            game, told apart by `game`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedOut | ErrorOut]
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
    body: DoppelkopfGameIn | DoubleduckGameIn | DuckGameIn | DucksoupGameIn,
    idempotency_key: str | Unset = UNSET,

) -> CreatedOut | ErrorOut | None:
    """ Create a game; the answer shows each human seat's token and the host token, once.

     `seats` has one entry per seat: `{}` for a human, `{"bot": "random"}` for a bot. Without a
    `seed` the server draws a secret one. `deal` pins the first deal (hands, stock top first).
    The service option `auto_deal` (default: on when at most one seat is human) deals each next
    deal in the same change as the move that ended the previous one.

    Needs `Authorization: Bearer <app key>` (unless the operator turned app keys off); the
    key's quotas of live games and creations per minute apply (429). An `Idempotency-Key` is
    the caller's own: the same key sent with another app key (or from another address, with
    keys off) is another request.

    Args:
        idempotency_key (str | Unset):
        body (DoppelkopfGameIn | DoubleduckGameIn | DuckGameIn | DucksoupGameIn): One schema per
            game, told apart by `game`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedOut | ErrorOut
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
