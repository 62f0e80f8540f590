"""Schemas of `resign.py`: a seat resigning."""

from __future__ import annotations

from marshmallow import Schema

from service.api.common_schemas import expected_version


class ResignIn(Schema):
    expected_version = expected_version("Resign")
