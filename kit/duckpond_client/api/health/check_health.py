from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_out import ErrorOut
from ...models.system_health_out import SystemHealthOut
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/healthz",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorOut | SystemHealthOut:
    if response.status_code == 200:
        response_200 = SystemHealthOut.from_dict(response.json())



        return response_200

    if response.status_code == 429:
        response_429 = ErrorOut.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = ErrorOut.from_dict(response.json())



        return response_503

    response_default = ErrorOut.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorOut | SystemHealthOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[ErrorOut | SystemHealthOut]:
    """ The whole service, for an operator to poll: 503 `no_worker` when a worker pool (`think`
    too, where the operator gave thinking bots their own queue) or the recovery loop has not
    beaten lately, 503 `turns_overdue` when a bot turn has been due
    too long (the workers are behind or stuck), a Redis reason when Redis fails.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | SystemHealthOut]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,

) -> ErrorOut | SystemHealthOut | None:
    """ The whole service, for an operator to poll: 503 `no_worker` when a worker pool (`think`
    too, where the operator gave thinking bots their own queue) or the recovery loop has not
    beaten lately, 503 `turns_overdue` when a bot turn has been due
    too long (the workers are behind or stuck), a Redis reason when Redis fails.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | SystemHealthOut
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[ErrorOut | SystemHealthOut]:
    """ The whole service, for an operator to poll: 503 `no_worker` when a worker pool (`think`
    too, where the operator gave thinking bots their own queue) or the recovery loop has not
    beaten lately, 503 `turns_overdue` when a bot turn has been due
    too long (the workers are behind or stuck), a Redis reason when Redis fails.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorOut | SystemHealthOut]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,

) -> ErrorOut | SystemHealthOut | None:
    """ The whole service, for an operator to poll: 503 `no_worker` when a worker pool (`think`
    too, where the operator gave thinking bots their own queue) or the recovery loop has not
    beaten lately, 503 `turns_overdue` when a bot turn has been due
    too long (the workers are behind or stuck), a Redis reason when Redis fails.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorOut | SystemHealthOut
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
