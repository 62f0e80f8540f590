from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_out import ErrorOut
from ...models.rematch_in import RematchIn
from ...models.rematch_out import RematchOut
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    body: RematchIn,
    duckpond_app_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(duckpond_app_key, Unset):
        headers["Duckpond-App-Key"] = duckpond_app_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/games/{game_id}/rematch".format(game_id=quote(str(game_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorOut | RematchOut:
    if response.status_code == 200:
        response_200 = RematchOut.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorOut | RematchOut]:
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
    body: RematchIn,
    duckpond_app_key: str | Unset = UNSET,

) -> Response[ErrorOut | RematchOut]:
    """ Ask for (or join) the rematch of a finished game, with the old game's seat token (or
    its host token). The first asker makes it: a new game with the same seats, bots and
    options, the first dealer moved on one seat; everyone else who asks, at once or later,
    gets the SAME game (one rematch per game). It counts against the quotas of the app key
    that made the finished game, as a creation does.

     The answer is the rematch as the caller's seat sees it, with the caller's new `token`
    (derived from its old token: asking again answers the same one; nobody gets another
    seat's). Until each human seat's holder has asked (`POST`) or fetched its token (`GET`),
    the rematch waits (status `waiting`). An unfinished game has no rematch: 409.

    Args:
        game_id (str):
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.
        body (RematchIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | RematchOut]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
body=body,
duckpond_app_key=duckpond_app_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: RematchIn,
    duckpond_app_key: str | Unset = UNSET,

) -> ErrorOut | RematchOut | None:
    """ Ask for (or join) the rematch of a finished game, with the old game's seat token (or
    its host token). The first asker makes it: a new game with the same seats, bots and
    options, the first dealer moved on one seat; everyone else who asks, at once or later,
    gets the SAME game (one rematch per game). It counts against the quotas of the app key
    that made the finished game, as a creation does.

     The answer is the rematch as the caller's seat sees it, with the caller's new `token`
    (derived from its old token: asking again answers the same one; nobody gets another
    seat's). Until each human seat's holder has asked (`POST`) or fetched its token (`GET`),
    the rematch waits (status `waiting`). An unfinished game has no rematch: 409.

    Args:
        game_id (str):
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.
        body (RematchIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | RematchOut
     """


    return sync_detailed(
        game_id=game_id,
client=client,
body=body,
duckpond_app_key=duckpond_app_key,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: RematchIn,
    duckpond_app_key: str | Unset = UNSET,

) -> Response[ErrorOut | RematchOut]:
    """ Ask for (or join) the rematch of a finished game, with the old game's seat token (or
    its host token). The first asker makes it: a new game with the same seats, bots and
    options, the first dealer moved on one seat; everyone else who asks, at once or later,
    gets the SAME game (one rematch per game). It counts against the quotas of the app key
    that made the finished game, as a creation does.

     The answer is the rematch as the caller's seat sees it, with the caller's new `token`
    (derived from its old token: asking again answers the same one; nobody gets another
    seat's). Until each human seat's holder has asked (`POST`) or fetched its token (`GET`),
    the rematch waits (status `waiting`). An unfinished game has no rematch: 409.

    Args:
        game_id (str):
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.
        body (RematchIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | RematchOut]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
body=body,
duckpond_app_key=duckpond_app_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: RematchIn,
    duckpond_app_key: str | Unset = UNSET,

) -> ErrorOut | RematchOut | None:
    """ Ask for (or join) the rematch of a finished game, with the old game's seat token (or
    its host token). The first asker makes it: a new game with the same seats, bots and
    options, the first dealer moved on one seat; everyone else who asks, at once or later,
    gets the SAME game (one rematch per game). It counts against the quotas of the app key
    that made the finished game, as a creation does.

     The answer is the rematch as the caller's seat sees it, with the caller's new `token`
    (derived from its old token: asking again answers the same one; nobody gets another
    seat's). Until each human seat's holder has asked (`POST`) or fetched its token (`GET`),
    the rematch waits (status `waiting`). An unfinished game has no rematch: 409.

    Args:
        game_id (str):
        duckpond_app_key (str | Unset):  Example: dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-
            owner.
        body (RematchIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | RematchOut
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
body=body,
duckpond_app_key=duckpond_app_key,

    )).parsed
