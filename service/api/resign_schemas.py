"""Schemas of `resign.py`: a seat resigning."""

from __future__ import annotations

from marshmallow import Schema

from service.api.common_schemas import expected_version, token_param
from service.api.games_schemas import ChangeHeaders


class ResignIn(Schema):
    expected_version = expected_version("Resign")


class ResignHeaders(ChangeHeaders):
    authorization = token_param("the resigning seat's token")
