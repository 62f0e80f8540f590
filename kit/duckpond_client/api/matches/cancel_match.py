from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_out import ErrorOut
from ...models.match_cancel_in import MatchCancelIn
from ...models.match_out import MatchOut
from typing import cast



def _get_kwargs(
    match_id: str,
    *,
    body: MatchCancelIn,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/matches/{match_id}/cancel".format(match_id=quote(str(match_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorOut | MatchOut:
    if response.status_code == 200:
        response_200 = MatchOut.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorOut | MatchOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient,
    body: MatchCancelIn,

) -> Response[ErrorOut | MatchOut]:
    """ Cancel a match with its host token: each running job finishes the game it plays, no
    further game starts, and the results cover the games recorded. Again: the same answer.

    Args:
        match_id (str):
        body (MatchCancelIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | MatchOut]
     """


    kwargs = _get_kwargs(
        match_id=match_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    match_id: str,
    *,
    client: AuthenticatedClient,
    body: MatchCancelIn,

) -> ErrorOut | MatchOut | None:
    """ Cancel a match with its host token: each running job finishes the game it plays, no
    further game starts, and the results cover the games recorded. Again: the same answer.

    Args:
        match_id (str):
        body (MatchCancelIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | MatchOut
     """


    return sync_detailed(
        match_id=match_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient,
    body: MatchCancelIn,

) -> Response[ErrorOut | MatchOut]:
    """ Cancel a match with its host token: each running job finishes the game it plays, no
    further game starts, and the results cover the games recorded. Again: the same answer.

    Args:
        match_id (str):
        body (MatchCancelIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | MatchOut]
     """


    kwargs = _get_kwargs(
        match_id=match_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    match_id: str,
    *,
    client: AuthenticatedClient,
    body: MatchCancelIn,

) -> ErrorOut | MatchOut | None:
    """ Cancel a match with its host token: each running job finishes the game it plays, no
    further game starts, and the results cover the games recorded. Again: the same answer.

    Args:
        match_id (str):
        body (MatchCancelIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | MatchOut
     """


    return (await asyncio_detailed(
        match_id=match_id,
client=client,
body=body,

    )).parsed
