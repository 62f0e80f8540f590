from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.catalog_out import CatalogOut
from ...models.error_out import ErrorOut
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/catalog",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CatalogOut | ErrorOut:
    if response.status_code == 200:
        response_200 = CatalogOut.from_dict(response.json())



        return response_200

    if response.status_code == 429:
        response_429 = ErrorOut.from_dict(response.json())



        return response_429

    response_default = ErrorOut.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CatalogOut | ErrorOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[CatalogOut | ErrorOut]:
    """ List every game with its seat counts, options (with defaults) and move shapes.

     Options have `scope` "game" (the rules' variants) or "service" (`auto_deal`); every
    number option has a `maximum`. `dealt_by` lists how a deal can be made, as views and
    `deal_started` events disclose it. `deal_cap` and `move_cap` bound every game: it ends after
    `deal_cap` deals at the latest, and no game takes more than `move_cap` moves.
    `max_match_games` is the most games one match may ask for here (a form offers no more).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CatalogOut | ErrorOut]
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

) -> CatalogOut | ErrorOut | None:
    """ List every game with its seat counts, options (with defaults) and move shapes.

     Options have `scope` "game" (the rules' variants) or "service" (`auto_deal`); every
    number option has a `maximum`. `dealt_by` lists how a deal can be made, as views and
    `deal_started` events disclose it. `deal_cap` and `move_cap` bound every game: it ends after
    `deal_cap` deals at the latest, and no game takes more than `move_cap` moves.
    `max_match_games` is the most games one match may ask for here (a form offers no more).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CatalogOut | ErrorOut
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[CatalogOut | ErrorOut]:
    """ List every game with its seat counts, options (with defaults) and move shapes.

     Options have `scope` "game" (the rules' variants) or "service" (`auto_deal`); every
    number option has a `maximum`. `dealt_by` lists how a deal can be made, as views and
    `deal_started` events disclose it. `deal_cap` and `move_cap` bound every game: it ends after
    `deal_cap` deals at the latest, and no game takes more than `move_cap` moves.
    `max_match_games` is the most games one match may ask for here (a form offers no more).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CatalogOut | ErrorOut]
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

) -> CatalogOut | ErrorOut | None:
    """ List every game with its seat counts, options (with defaults) and move shapes.

     Options have `scope` "game" (the rules' variants) or "service" (`auto_deal`); every
    number option has a `maximum`. `dealt_by` lists how a deal can be made, as views and
    `deal_started` events disclose it. `deal_cap` and `move_cap` bound every game: it ends after
    `deal_cap` deals at the latest, and no game takes more than `move_cap` moves.
    `max_match_games` is the most games one match may ask for here (a form offers no more).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CatalogOut | ErrorOut
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
