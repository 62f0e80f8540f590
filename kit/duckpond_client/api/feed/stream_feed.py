from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_out import ErrorOut
from ...models.stream_feed_events_item import StreamFeedEventsItem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    events: list[StreamFeedEventsItem] | Unset = UNSET,
    after: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id



    

    params: dict[str, Any] = {}

    json_events: list[str] | Unset = UNSET
    if not isinstance(events, Unset):
        json_events = []
        for events_item_data in events:
            events_item = events_item_data.value
            json_events.append(events_item)


    params["events"] = json_events

    params["after"] = after


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/feed",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorOut | str:
    if response.status_code == 200:
        response_200 = response.text
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

    if response.status_code == 410:
        response_410 = ErrorOut.from_dict(response.json())



        return response_410

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorOut | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    events: list[StreamFeedEventsItem] | Unset = UNSET,
    after: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[ErrorOut | str]:
    """ Follow everything the app key's games and matches await of it, on one connection:
    Server-Sent Events (`text/event-stream`), or NDJSON with `Accept: application/x-ndjson`.

     A `turn` entry says a human seat of one of the key's games is to act (play it with that
    seat's token); the others say a game was created, dealt, awaits its next deal, ended or
    was abandoned, or a match progressed or finished; `match_seat` hands over a seat of an
    outside match's game for one of the key's bots to play; `challenge` and
    `challenge_answered` tell of challenges (`/api/v1/challenges`); `arena_paused` that one of
    its bots was paused in the arena (`/api/v1/bots/{name}/arena`). Entries are kept for
    `FEED_RETENTION_SECONDS` (an hour): reconnect with `Last-Event-ID: <id>` (or
    `?after=<id>`) to get exactly the entries after it, on any API process. A resume point the
    feed no longer reaches is a 410 `feed_expired`: read `GET /api/v1/feed/games` (the key's
    live games, with the seats to act), then open the feed without one. Only this key's
    games and matches are in it; other keys never see them. `?events=` follows only some
    types (a bot client that plays its seats with `?wait=` takes `match_seat` and
    `match_finished`, and is not woken by every `turn`). Open feeds count with game
    streams against the bounds per client address and per app key (429
    `too_many_streams`); a client that stops reading is dropped.

    Args:
        events (list[StreamFeedEventsItem] | Unset):
        after (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | str]
     """


    kwargs = _get_kwargs(
        events=events,
after=after,
last_event_id=last_event_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    events: list[StreamFeedEventsItem] | Unset = UNSET,
    after: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> ErrorOut | str | None:
    """ Follow everything the app key's games and matches await of it, on one connection:
    Server-Sent Events (`text/event-stream`), or NDJSON with `Accept: application/x-ndjson`.

     A `turn` entry says a human seat of one of the key's games is to act (play it with that
    seat's token); the others say a game was created, dealt, awaits its next deal, ended or
    was abandoned, or a match progressed or finished; `match_seat` hands over a seat of an
    outside match's game for one of the key's bots to play; `challenge` and
    `challenge_answered` tell of challenges (`/api/v1/challenges`); `arena_paused` that one of
    its bots was paused in the arena (`/api/v1/bots/{name}/arena`). Entries are kept for
    `FEED_RETENTION_SECONDS` (an hour): reconnect with `Last-Event-ID: <id>` (or
    `?after=<id>`) to get exactly the entries after it, on any API process. A resume point the
    feed no longer reaches is a 410 `feed_expired`: read `GET /api/v1/feed/games` (the key's
    live games, with the seats to act), then open the feed without one. Only this key's
    games and matches are in it; other keys never see them. `?events=` follows only some
    types (a bot client that plays its seats with `?wait=` takes `match_seat` and
    `match_finished`, and is not woken by every `turn`). Open feeds count with game
    streams against the bounds per client address and per app key (429
    `too_many_streams`); a client that stops reading is dropped.

    Args:
        events (list[StreamFeedEventsItem] | Unset):
        after (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | str
     """


    return sync_detailed(
        client=client,
events=events,
after=after,
last_event_id=last_event_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    events: list[StreamFeedEventsItem] | Unset = UNSET,
    after: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[ErrorOut | str]:
    """ Follow everything the app key's games and matches await of it, on one connection:
    Server-Sent Events (`text/event-stream`), or NDJSON with `Accept: application/x-ndjson`.

     A `turn` entry says a human seat of one of the key's games is to act (play it with that
    seat's token); the others say a game was created, dealt, awaits its next deal, ended or
    was abandoned, or a match progressed or finished; `match_seat` hands over a seat of an
    outside match's game for one of the key's bots to play; `challenge` and
    `challenge_answered` tell of challenges (`/api/v1/challenges`); `arena_paused` that one of
    its bots was paused in the arena (`/api/v1/bots/{name}/arena`). Entries are kept for
    `FEED_RETENTION_SECONDS` (an hour): reconnect with `Last-Event-ID: <id>` (or
    `?after=<id>`) to get exactly the entries after it, on any API process. A resume point the
    feed no longer reaches is a 410 `feed_expired`: read `GET /api/v1/feed/games` (the key's
    live games, with the seats to act), then open the feed without one. Only this key's
    games and matches are in it; other keys never see them. `?events=` follows only some
    types (a bot client that plays its seats with `?wait=` takes `match_seat` and
    `match_finished`, and is not woken by every `turn`). Open feeds count with game
    streams against the bounds per client address and per app key (429
    `too_many_streams`); a client that stops reading is dropped.

    Args:
        events (list[StreamFeedEventsItem] | Unset):
        after (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | str]
     """


    kwargs = _get_kwargs(
        events=events,
after=after,
last_event_id=last_event_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    events: list[StreamFeedEventsItem] | Unset = UNSET,
    after: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> ErrorOut | str | None:
    """ Follow everything the app key's games and matches await of it, on one connection:
    Server-Sent Events (`text/event-stream`), or NDJSON with `Accept: application/x-ndjson`.

     A `turn` entry says a human seat of one of the key's games is to act (play it with that
    seat's token); the others say a game was created, dealt, awaits its next deal, ended or
    was abandoned, or a match progressed or finished; `match_seat` hands over a seat of an
    outside match's game for one of the key's bots to play; `challenge` and
    `challenge_answered` tell of challenges (`/api/v1/challenges`); `arena_paused` that one of
    its bots was paused in the arena (`/api/v1/bots/{name}/arena`). Entries are kept for
    `FEED_RETENTION_SECONDS` (an hour): reconnect with `Last-Event-ID: <id>` (or
    `?after=<id>`) to get exactly the entries after it, on any API process. A resume point the
    feed no longer reaches is a 410 `feed_expired`: read `GET /api/v1/feed/games` (the key's
    live games, with the seats to act), then open the feed without one. Only this key's
    games and matches are in it; other keys never see them. `?events=` follows only some
    types (a bot client that plays its seats with `?wait=` takes `match_seat` and
    `match_finished`, and is not woken by every `turn`). Open feeds count with game
    streams against the bounds per client address and per app key (429
    `too_many_streams`); a client that stops reading is dropped.

    Args:
        events (list[StreamFeedEventsItem] | Unset):
        after (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | str
     """


    return (await asyncio_detailed(
        client=client,
events=events,
after=after,
last_event_id=last_event_id,

    )).parsed
