from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_out import ErrorOut
from ...models.webhook_created_out import WebhookCreatedOut
from ...models.webhook_in import WebhookIn
from typing import cast



def _get_kwargs(
    *,
    body: WebhookIn,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorOut | WebhookCreatedOut:
    if response.status_code == 201:
        response_201 = WebhookCreatedOut.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorOut | WebhookCreatedOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: WebhookIn,

) -> Response[ErrorOut | WebhookCreatedOut]:
    """ Register an endpoint: the app key's feed entries of the `events` types are POSTed to
    `url` as `{"type", "timestamp", "data"}`, signed by the Standard Webhooks scheme with the
    answer's `secret` (shown this once). A delivery without a 2xx is retried for about a day;
    an endpoint whose every attempt failed for a day is disabled.

    Args:
        body (WebhookIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | WebhookCreatedOut]
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
    body: WebhookIn,

) -> ErrorOut | WebhookCreatedOut | None:
    """ Register an endpoint: the app key's feed entries of the `events` types are POSTed to
    `url` as `{"type", "timestamp", "data"}`, signed by the Standard Webhooks scheme with the
    answer's `secret` (shown this once). A delivery without a 2xx is retried for about a day;
    an endpoint whose every attempt failed for a day is disabled.

    Args:
        body (WebhookIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | WebhookCreatedOut
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: WebhookIn,

) -> Response[ErrorOut | WebhookCreatedOut]:
    """ Register an endpoint: the app key's feed entries of the `events` types are POSTed to
    `url` as `{"type", "timestamp", "data"}`, signed by the Standard Webhooks scheme with the
    answer's `secret` (shown this once). A delivery without a 2xx is retried for about a day;
    an endpoint whose every attempt failed for a day is disabled.

    Args:
        body (WebhookIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | WebhookCreatedOut]
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
    body: WebhookIn,

) -> ErrorOut | WebhookCreatedOut | None:
    """ Register an endpoint: the app key's feed entries of the `events` types are POSTed to
    `url` as `{"type", "timestamp", "data"}`, signed by the Standard Webhooks scheme with the
    answer's `secret` (shown this once). A delivery without a 2xx is retried for about a day;
    an endpoint whose every attempt failed for a day is disabled.

    Args:
        body (WebhookIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | WebhookCreatedOut
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
