"""Schemas of `abandon.py`: the host ending a game."""

from __future__ import annotations

from marshmallow import Schema

from service.api.common_schemas import expected_version, if_match_param


class AbandonIn(Schema):
    expected_version = expected_version("Abandon")


class AbandonHeaders(Schema):
    if_match = if_match_param()
