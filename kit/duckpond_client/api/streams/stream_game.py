from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_out import ErrorOut
from ...models.stream_game_response_200 import StreamGameResponse200
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    after: str | Unset = UNSET,
    rematch: bool | Unset = False,
    duckpond_app_key: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(duckpond_app_key, Unset):
        headers["Duckpond-App-Key"] = duckpond_app_key

    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id



    

    params: dict[str, Any] = {}

    params["after"] = after

    params["rematch"] = rematch


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}/stream".format(game_id=quote(str(game_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorOut | StreamGameResponse200:
    if response.status_code == 200:
        response_200 = StreamGameResponse200.from_dict(response.text)



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorOut | StreamGameResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    rematch: bool | Unset = False,
    duckpond_app_key: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[ErrorOut | StreamGameResponse200]:
    """ Follow a game as it is played: Server-Sent Events (`text/event-stream`), or NDJSON with
    `Accept: application/x-ndjson`.

     First a `snapshot` frame (the caller's view at version v, as `GET` of the game answers
    it), then every event after it that the caller may see, as `/events` filters them: a
    seat's token adds that seat's private events; the host and spectators see public events
    only. Each frame's `id` is an event number: reconnect with `Last-Event-ID: <id>` (or
    `?after=<id>`) to get exactly the events after it, with no snapshot. Open streams are
    bounded per client address and per app key of the game (429 `too_many_streams`); a
    client that stops reading is dropped.

    Args:
        game_id (str):
        after (str | Unset):
        rematch (bool | Unset):  Default: False.
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | StreamGameResponse200]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
after=after,
rematch=rematch,
duckpond_app_key=duckpond_app_key,
last_event_id=last_event_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    rematch: bool | Unset = False,
    duckpond_app_key: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> ErrorOut | StreamGameResponse200 | None:
    """ Follow a game as it is played: Server-Sent Events (`text/event-stream`), or NDJSON with
    `Accept: application/x-ndjson`.

     First a `snapshot` frame (the caller's view at version v, as `GET` of the game answers
    it), then every event after it that the caller may see, as `/events` filters them: a
    seat's token adds that seat's private events; the host and spectators see public events
    only. Each frame's `id` is an event number: reconnect with `Last-Event-ID: <id>` (or
    `?after=<id>`) to get exactly the events after it, with no snapshot. Open streams are
    bounded per client address and per app key of the game (429 `too_many_streams`); a
    client that stops reading is dropped.

    Args:
        game_id (str):
        after (str | Unset):
        rematch (bool | Unset):  Default: False.
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | StreamGameResponse200
     """


    return sync_detailed(
        game_id=game_id,
client=client,
after=after,
rematch=rematch,
duckpond_app_key=duckpond_app_key,
last_event_id=last_event_id,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    rematch: bool | Unset = False,
    duckpond_app_key: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[ErrorOut | StreamGameResponse200]:
    """ Follow a game as it is played: Server-Sent Events (`text/event-stream`), or NDJSON with
    `Accept: application/x-ndjson`.

     First a `snapshot` frame (the caller's view at version v, as `GET` of the game answers
    it), then every event after it that the caller may see, as `/events` filters them: a
    seat's token adds that seat's private events; the host and spectators see public events
    only. Each frame's `id` is an event number: reconnect with `Last-Event-ID: <id>` (or
    `?after=<id>`) to get exactly the events after it, with no snapshot. Open streams are
    bounded per client address and per app key of the game (429 `too_many_streams`); a
    client that stops reading is dropped.

    Args:
        game_id (str):
        after (str | Unset):
        rematch (bool | Unset):  Default: False.
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | StreamGameResponse200]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
after=after,
rematch=rematch,
duckpond_app_key=duckpond_app_key,
last_event_id=last_event_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    rematch: bool | Unset = False,
    duckpond_app_key: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> ErrorOut | StreamGameResponse200 | None:
    """ Follow a game as it is played: Server-Sent Events (`text/event-stream`), or NDJSON with
    `Accept: application/x-ndjson`.

     First a `snapshot` frame (the caller's view at version v, as `GET` of the game answers
    it), then every event after it that the caller may see, as `/events` filters them: a
    seat's token adds that seat's private events; the host and spectators see public events
    only. Each frame's `id` is an event number: reconnect with `Last-Event-ID: <id>` (or
    `?after=<id>`) to get exactly the events after it, with no snapshot. Open streams are
    bounded per client address and per app key of the game (429 `too_many_streams`); a
    client that stops reading is dropped.

    Args:
        game_id (str):
        after (str | Unset):
        rematch (bool | Unset):  Default: False.
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | StreamGameResponse200
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
after=after,
rematch=rematch,
duckpond_app_key=duckpond_app_key,
last_event_id=last_event_id,

    )).parsed
